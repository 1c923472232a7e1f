import Foundation

/// Comparing entity tags (RFC 9110 §8.8.3), for every server that answers conditional requests.
///
/// ```swift
/// if let condition = request.headers["If-None-Match"], EntityTag.ifNoneMatch(condition, names: etag) { … 304 … }
/// ```
public enum EntityTag {
    /// Whether an `If-None-Match` value (`*`, or a comma-separated list of tags) names `etag` by the weak
    /// comparison, which ignores a `W/` on either side: the answer is then 304 Not Modified.
    public static func ifNoneMatch(_ condition: String, names etag: String) -> Bool {
        let mine = opaque(etag)
        return condition.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || opaque(tag) == mine
        }
    }

    /// Whether an `If-Match` value (`*`, or a comma-separated list of tags) names `etag` by the strong comparison,
    /// which a weak tag on either side never passes (RFC 9110 §13.1.1): when it does not, the answer is 412
    /// Precondition Failed. `*` names any representation there is.
    public static func ifMatch(_ condition: String, names etag: String) -> Bool {
        condition.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || (!tag.hasPrefix("W/") && !etag.hasPrefix("W/") && tag == etag)
        }
    }

    /// Whether an `If-Range` value names `etag` by the strong comparison: a weak tag on either side never does.
    public static func ifRange(_ condition: String, names etag: String) -> Bool {
        let tag = condition.trimmingCharacters(in: .whitespaces)
        return !tag.hasPrefix("W/") && !etag.hasPrefix("W/") && tag == etag
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        tag.hasPrefix("W/") ? Substring(tag).dropFirst(2) : Substring(tag)
    }
}
