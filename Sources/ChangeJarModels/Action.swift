import Foundation
import PublicInit

/// One pledge in the change jar, as the server returns it.
///
/// It names its author only by the name they gave and the provider they signed in with, never by their account
/// at that provider: answers anyone may read that carried the provider's user id let anyone list every pledge of
/// one Facebook, Google or Twitter account. Whether the caller wrote it only an answer to a signed-in request
/// says (``isMine``). A copy saved by an older version, with the author's user id in it, still reads: the field
/// is ignored.
@PublicInit
public struct Action: Codable, Sendable, Hashable, Identifiable {
    /// The server-assigned id (a lowercase UUID).
    public var id: String
    /// The short name of the pledge (1–120 characters).
    public var title: String
    /// What the person will do (1–2,000 characters).
    public var content: String
    /// The sign-in mechanism of the author.
    public var authSource: AuthSource
    /// The author's name in the jar (``AuthorProfile``), the same on all of their actions; `nil` until they chose one.
    public var authorName: String?
    /// When it was put in the jar.
    public var createdAt: Date
    /// When the author last changed it.
    public var updatedAt: Date
    /// Whether the signed-in caller wrote it: `true` or `false` in an answer to a request that carried a token (My
    /// Actions, a submission, an edit, one action read signed in), absent (`nil`) where anyone may read it.
    public var isMine: Bool? = nil
}

/// The body of `POST /changejar/v1/actions`.
///
/// `authSource` and `providerUserID` must match the bearer token; the server refuses a mismatch with 403.
@PublicInit
public struct NewAction: Codable, Sendable, Hashable {
    /// The short name of the pledge (1–120 characters).
    public var title: String
    /// What the person will do (1–2,000 characters).
    public var content: String
    /// The author's sign-in mechanism; must match the token.
    public var authSource: AuthSource
    /// The author's user id at that provider.
    public var providerUserID: String
    /// The name the author would go by, used only while they have none in the jar: their first submission claims
    /// it (409 when another person goes by it). Once they have a name, it is theirs on every action and this is
    /// ignored: a name changes through `PUT /changejar/v1/profile`.
    public var authorName: String?
}

/// The body of `PUT /changejar/v1/actions/{id}`: the author's new wording.
@PublicInit
public struct ActionEdit: Codable, Sendable, Hashable {
    /// The short name of the pledge (1–120 characters).
    public var title: String
    /// What the person will do (1–2,000 characters).
    public var content: String
}

/// One page of a listing, newest first; pass ``nextCursor`` back as `cursor` for the next (older) page.
@PublicInit
public struct ActionPage: Codable, Sendable, Hashable {
    /// The actions on this page, newest (or best match) first.
    public var items: [Action]
    /// Where the next page starts; `nil` on the last page.
    public var nextCursor: String?
    /// The position of the newest item on this page: what a device stores as "last seen" for New Actions.
    public var headCursor: String?
}

/// The answer of `GET /changejar/v1/actions/new/count`: the badge number.
@PublicInit
public struct NewActionsCount: Codable, Sendable, Hashable {
    /// How many actions are newer than the `since` cursor.
    public var count: Int
}
