import Foundation
import TokenVerifier

/// A position in a newest-first listing: the (creation time, row id) of the last item a page showed.
///
/// On the wire it is opaque: base64url of `v1:<milliseconds>:<id>`. Anything else is refused, so an edited
/// cursor can only ever name another position, never change what a query may see.
struct PageCursor: Sendable, Hashable {
    var createdAt: Int64
    var id: Int64

    init(createdAt: Int64, id: Int64) {
        self.createdAt = createdAt
        self.id = id
    }

    /// Reads a cursor; `nil` for anything this server did not write.
    init?(_ text: String) {
        guard (1...64).contains(text.utf8.count), let data = Base64URL.decode(text),
            let plain = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "v1", let createdAt = Int64(parts[1]), let id = Int64(parts[2]),
            createdAt >= 0, id > 0
        else { return nil }
        self.init(createdAt: createdAt, id: id)
    }

    var encoded: String { Base64URL.encode(Data("v1:\(createdAt):\(id)".utf8)) }
}

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
