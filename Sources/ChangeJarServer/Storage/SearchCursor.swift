import Database
import Foundation
import HTTPTypes

/// A position in ranked search results: the last result shown (its score and id), and the bound the first page
/// set (the largest action id then).
///
/// NB: it was an offset into the ranked list, which an action put in the jar (or one deleted) between two pages
/// moved: the next page repeated a result, or skipped one. A position by score and id stays put, and the bound keeps
/// actions added since the first page out of the later ones. The score travels as its bit pattern, so the next page
/// compares the very same number.
struct SearchCursor: Sendable, Hashable {
    /// The largest action id when the first page was read.
    var maximumID: Int64
    /// The last result of the page before.
    var last: FullTextIndex.Hit

    init(maximumID: Int64, last: FullTextIndex.Hit) {
        self.maximumID = maximumID
        self.last = last
    }

    /// The longest text a search cursor can be, in bytes: the document's `maxLength` for it.
    static let maximumLength = 96

    /// Reads a cursor; `nil` for anything this server did not write (an offset cursor of an older version too: the
    /// app then searches again from the top).
    init?(_ text: String) {
        guard (1...Self.maximumLength).contains(text.utf8.count), let data = Base64URL.decode(text),
            let plain = String(data: data, encoding: .utf8)
        else { return nil }
        let parts = plain.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "s2", let maximumID = Int64(parts[1]), maximumID >= 0,
            let bits = UInt64(parts[2], radix: 16), let id = Int64(parts[3]), id > 0
        else { return nil }
        let score = Double(bitPattern: bits)
        guard score.isFinite else { return nil }
        self.maximumID = maximumID
        self.last = FullTextIndex.Hit(id: id, score: score)
    }

    var encoded: String {
        Base64URL.encode(
            Data("s2:\(maximumID):\(String(last.score.bitPattern, radix: 16)):\(last.id)".utf8))
    }
}
