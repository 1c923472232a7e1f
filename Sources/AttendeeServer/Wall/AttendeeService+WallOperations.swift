import AttendeeModels
import DynamicJSON
import HTTPServer
import HTTPTypes

extension AttendeeService {
    /// The wall and discussion routes, documented for `/openapi.json`.
    static let wallOperations: [APIOperation] = [
        operation(
            AttendeeRoute.wall,
            "A page of the event's wall, newest first; `?cursor=` (the last page's `nextCursor`) and "
                + "`?limit=` (1–\(PostPaging.maxLimit), default \(PostPaging.defaultLimit))",
            [
                200: "OK", 400: "Invalid cursor", 401: "Not signed in", 403: "Not registered", 404: "No such event",
                422: "Limit outside 1–\(PostPaging.maxLimit)",
            ], pageSize: pageSize, cursor: "The last page's nextCursor"),
        operation(
            AttendeeRoute.wallPost,
            "Post on the event's wall: text of at most \(PostText.limit) characters and an optional image id",
            [
                201: "Posted", 400: "Malformed JSON", 401: "Not signed in", 403: "Not registered", 404: "No such event",
                413: "Body too large", 422: "Empty, too long or invalid text",
            ],
            body: withImage, idempotent: true),
        operation(
            AttendeeRoute.wallDelete, "Delete a post with its replies and likes (its author or the organizer)",
            [204: "Deleted", 401: "Not signed in", 403: "Not yours", 404: "No such post, or not registered"],
            emptyAnswer: true),
        operation(
            AttendeeRoute.wallLike, "Like a post; liking twice is one like",
            [200: "Liked", 401: "Not signed in", 404: "No such post, or not registered"]),
        operation(
            AttendeeRoute.wallUnlike, "Take a like back",
            [200: "Not liked", 401: "Not signed in", 404: "No such post, or not registered"]),
        operation(
            AttendeeRoute.wallReply, "Reply to a post: text of at most \(PostText.limit) characters",
            [
                201: "Replied", 400: "Malformed JSON", 401: "Not signed in", 404: "No such post, or not registered",
                413: "Body too large", 422: "Empty, too long or invalid text",
            ],
            body: Schema.object(
                [
                    "text": Schema.text(
                        graphemes: PostText.limit, codePoints: TextLength.scalarLimit(PostText.limit),
                        invisible: Schema.invisibleClass)
                ],
                required: ["text"]), idempotent: true),
        operation(
            AttendeeRoute.wallReplies,
            "A page of a post's replies, oldest first within the page, going back in time: `?cursor=` (the post's "
                + "`earlierRepliesCursor`, then the page's `nextCursor`) and `?limit=` as on the wall (a wall page "
                + "carries each post's latest \(PostPaging.inlineReplies) replies and `replyCount`)",
            [
                200: "OK", 400: "Invalid cursor", 401: "Not signed in", 404: "No such post, or not registered",
                422: "Limit outside 1–\(PostPaging.maxLimit)",
            ], pageSize: pageSize, cursor: "The post's earlierRepliesCursor, then the last page's nextCursor"),
        operation(
            AttendeeRoute.wallReplyDelete,
            "Delete a reply (its author or the organizer); answers what was deleted, with the post's `replyVersion` "
                + "it made",
            [200: "Deleted", 401: "Not signed in", 403: "Not yours", 404: "No such reply, or not registered"]),
        operation(
            AttendeeRoute.discussion,
            "A page of a session's discussion, newest first; `?cursor=` and `?limit=` as on the wall",
            [
                200: "OK", 400: "Invalid cursor", 401: "Not signed in", 403: "Not registered", 404: "No such session",
                422: "Limit outside 1–\(PostPaging.maxLimit)",
            ], pageSize: pageSize, cursor: "The last page's nextCursor"),
        operation(
            AttendeeRoute.discussionPost,
            "Write in a session's discussion: text of at most \(PostText.limit) characters and an optional image id",
            [
                201: "Written", 400: "Malformed JSON", 401: "Not signed in", 403: "Not registered",
                404: "No such session", 413: "Body too large", 422: "Empty, too long or invalid text",
            ],
            body: withImage, idempotent: true),
        operation(
            AttendeeRoute.discussionDelete, "Delete a discussion message (its author or the organizer)",
            [204: "Deleted", 401: "Not signed in", 403: "Not yours", 404: "No such message, or not registered"],
            emptyAnswer: true),
        APIOperation(
            AttendeeRoute.discussionLive,
            summary: "A session discussion's live updates (Server-Sent Events: `discussion.message`, "
                + "`discussion.deleted`): " + LiveHub.streamSummary,
            tag: "Attendee",
            responses: [200: "Streaming", 401: "Not signed in", 403: "Not registered", 404: "No such session"],
            responseMediaType: "text/event-stream"),
    ]

    /// A page's `limit`, as `WallRequest.page` reads it.
    private static let pageSize = (
        maximum: PostPaging.maxLimit,
        description: "How many on the page (1–\(PostPaging.maxLimit), default \(PostPaging.defaultLimit))"
    )

    /// A post or discussion message: text, or an image the writer uploaded with text that may be blank.
    private static let withImage = Schema.object(
        [
            "text": Schema.text(
                graphemes: PostText.limit, codePoints: TextLength.scalarLimit(PostText.limit), blankAllowed: true),
            "imageID": imageIDSchema,
        ], required: ["text"])
}
