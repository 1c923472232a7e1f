import Foundation
import HTTPTypes

/// The routes of the Change Jar API, written once: the server registers them and the client fills them in.
///
/// ```swift
/// router.on(ChangeJarRoute.action) { … }
/// let path = ChangeJarRoute.action.path(action.id)   // ["changejar", "v1", "actions", "3f…"]
/// ```
public enum ChangeJarRoute {
    /// Every route's common prefix.
    public static let prefix = "/changejar/v1"

    /// `GET`: every action, newest first (`cursor`, `limit`).
    public static let allActions = Route(.get, prefix + "/actions")
    /// `POST` a ``NewAction`` (signed in).
    public static let createAction = Route(.post, prefix + "/actions", authenticated: true)
    /// `GET`: actions newer than `since`, newest first (`cursor`, `limit`); with a token, none of the caller's own.
    public static let newActions = Route(.get, prefix + "/actions/new")
    /// `GET`: how many actions are newer than `since` (``NewActionsCount``); with a token, not counting the caller's.
    public static let newActionsCount = Route(.get, prefix + "/actions/new/count")
    /// `GET`: the signed-in person's actions, newest first (signed in).
    public static let myActions = Route(.get, prefix + "/actions/mine", authenticated: true)
    /// `GET`: full-text search over title and content, best match first (`q`, `cursor`, `limit`).
    public static let search = Route(.get, prefix + "/actions/search")
    /// `GET` one action.
    public static let action = Route(.get, prefix + "/actions/:id")
    /// `PUT` an ``ActionEdit`` on one's own action (signed in).
    public static let editAction = Route(.put, prefix + "/actions/:id", authenticated: true)
    /// `DELETE` one's own action (signed in).
    public static let deleteAction = Route(.delete, prefix + "/actions/:id", authenticated: true)

    /// `GET` the signed-in person's ``AuthorProfile``: the name on all of their actions.
    public static let profile = Route(.get, prefix + "/profile", authenticated: true)
    /// `PUT` an ``AuthorProfile``: the person's name, on all of their actions at once (409 when another person goes
    /// by it).
    public static let editProfile = Route(.put, prefix + "/profile", authenticated: true)

    /// Every route, for contract tests.
    public static let all: [Route] = [
        allActions, createAction, newActions, newActionsCount, myActions, search, action, editAction, deleteAction,
        profile, editProfile,
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
