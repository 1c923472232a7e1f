import Foundation

/// A Change Jar API route: a method and a router pattern, written once and used by the server (to register)
/// and the client (to build request paths).
///
/// ```swift
/// router.on(.init(rawValue: ChangeJarRoute.action.method), ChangeJarRoute.action.pattern) { … }
/// let path = ChangeJarRoute.action.path(["id": action.id])   // "/changejar/v1/actions/3f…"
/// ```
public struct ChangeJarRoute: Sendable, Hashable {
    /// The HTTP method (`GET`, `POST`, …).
    public var method: String
    /// The router pattern with `:name` parameters.
    public var pattern: String

    /// Creates a value from its parts.
    public init(_ method: String, _ pattern: String) {
        self.method = method
        self.pattern = pattern
    }

    /// The path with each `:name` replaced by its percent-encoded value.
    public func path(_ parameters: [String: String] = [:]) -> String {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
            guard part.hasPrefix(":") else { return String(part) }
            let value = parameters[String(part.dropFirst())] ?? ""
            return value.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? value
        }.joined(separator: "/")
    }

    /// Every route's common prefix.
    public static let prefix = "/changejar/v1"

    /// `GET`: every action, newest first (`cursor`, `limit`).
    public static let allActions = ChangeJarRoute("GET", prefix + "/actions")
    /// `POST` a ``NewAction`` (signed in).
    public static let createAction = ChangeJarRoute("POST", prefix + "/actions")
    /// `GET`: actions newer than `since`, newest first (`cursor`, `limit`).
    public static let newActions = ChangeJarRoute("GET", prefix + "/actions/new")
    /// `GET`: how many actions are newer than `since` (``NewActionsCount``).
    public static let newActionsCount = ChangeJarRoute("GET", prefix + "/actions/new/count")
    /// `GET`: the signed-in person's actions, newest first (signed in).
    public static let myActions = ChangeJarRoute("GET", prefix + "/actions/mine")
    /// `GET`: full-text search over title and content, best match first (`q`, `cursor`, `limit`).
    public static let search = ChangeJarRoute("GET", prefix + "/actions/search")
    /// `GET` one action.
    public static let action = ChangeJarRoute("GET", prefix + "/actions/:id")
    /// `PUT` an ``ActionEdit`` on one's own action (signed in).
    public static let editAction = ChangeJarRoute("PUT", prefix + "/actions/:id")
    /// `DELETE` one's own action (signed in).
    public static let deleteAction = ChangeJarRoute("DELETE", prefix + "/actions/:id")

    /// Every route, for contract tests.
    public static let all: [ChangeJarRoute] = [
        allActions, createAction, newActions, newActionsCount, myActions, search, action, editAction, deleteAction,
    ]
}

/// Query parameter names of the listing routes.
public enum ChangeJarQuery {
    /// The opaque position a page starts after (a previous page's `nextCursor`).
    public static let cursor = "cursor"
    /// The page size (1…``maximumPageSize``).
    public static let limit = "limit"
    /// The "last seen" position for New Actions (a previous page's `headCursor`); absent means "everything".
    public static let since = "since"
    /// The search text.
    public static let text = "q"
    /// The page size when none is given.
    public static let defaultPageSize = 20
    /// The largest page the server returns.
    public static let maximumPageSize = 100
}
