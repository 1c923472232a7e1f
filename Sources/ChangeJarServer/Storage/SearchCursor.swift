import Foundation
import HTTPTypes

/// A position in ranked search results: how many results came before.
struct SearchCursor: Sendable, Hashable {
    /// Search pages stop here; a deeper result is better found with more words.
    static let maximumOffset = 1_000

    var offset: Int

    init(offset: Int) { self.offset = offset }

    /// Reads a cursor; `nil` for anything this server did not write.
    init?(_ text: String) {
        guard (1...32).contains(text.utf8.count), let data = Base64URL.decode(text),
            let plain = String(data: data, encoding: .utf8), plain.hasPrefix("s1:"),
            let offset = Int(plain.dropFirst(3)), (0...Self.maximumOffset).contains(offset)
        else { return nil }
        self.offset = offset
    }

    var encoded: String { Base64URL.encode(Data("s1:\(offset)".utf8)) }
}
