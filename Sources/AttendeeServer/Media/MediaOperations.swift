import AttendeeModels
import DynamicJSON
import HTTPServer
import HTTPTypes

extension AttendeeService {
    /// The media routes, documented for `/openapi.json`: raw-body uploads, ranged downloads, lists and links.
    static let mediaOperations: [APIOperation] = [
        operation(
            AttendeeRoute.documents,
            "The Documentation page: header photo (the newest gallery photo), pre-read, post-read and materials",
            [
                200: "OK", 401: "Not signed in", 403: "Not an attendee, speaker or organizer",
                404: "No such event or session",
            ],
            query: ["sessionID": "only this session's documents"]),
        upload(
            AttendeeRoute.addDocument,
            "Add a document (PDF, text, Office, OpenDocument or image, checked by its bytes; at most 25 MB): the "
                + "session's speakers, or the organizer; the body is the file itself",
            query: [
                "purpose": "pre-read, post-read or material (materials need a session)",
                "sessionID": "the session it belongs to",
                "name": "the file's name (sanitized by the server)",
            ], required: ["purpose"],
            schemas: ["purpose": Schema.oneOf(["pre-read", "post-read", "material"])]),
        operation(
            AttendeeRoute.gallery, "The event's photos, newest first",
            [200: "OK", 401: "Not signed in", 403: "Not an attendee, speaker or organizer", 404: "No such event"],
            array: true),
        upload(
            AttendeeRoute.uploadPhoto,
            "Add a photo to the gallery (JPEG, PNG, GIF, WebP or HEIC, checked by its bytes; at most 25 MB and 50 "
                + "million pixels): the event's members; the body is the image itself",
            query: ["name": "the file's name (sanitized by the server)"]),
        upload(
            AttendeeRoute.uploadAttachment,
            "Upload a picture to attach to a wall post, discussion message, message or note of the event (the "
                + "gallery's types and limits): the event's members. It is listed nowhere; its uploader reads it, "
                + "and so does whoever may read a place that uses it (others get 404); unused after an hour, it "
                + "is removed",
            query: ["name": "the file's name (sanitized by the server)"]),
        download(
            summary: "Download a file, signed in or through a share link (its `expires` and `signature` instead of a "
                + "token): `Range` → 206 (one range; several, coalesced, as `multipart/byteranges` with "
                + "a `Content-Type` and `Content-Range` in each part; more than 16, or overlapping ones adding up to "
                + "more than the file, get the whole file) or 416, strong `ETag`, `If-Match` → 412, "
                + "`If-None-Match` → 304, `If-Range`; "
                + "`Content-Disposition` with the server's file name. Images carry no location or other metadata "
                + "(a JPEG turned by its EXIF keeps that orientation alone; a HEIC is kept as an upright JPEG)"),
        APIOperation(
            AttendeeRoute.mediaThumbnail,
            summary: "A JPEG thumbnail of a photo (at most 320 px on its longest side, transparency on white, a GIF's "
                + "first frame); every image the server could decode has one",
            tag: "Attendee",
            responses: [
                200: "The thumbnail", 206: Self.partialContent, 304: "Not modified", 401: "Not signed in",
                404: "No such file (or not the caller's to read), or no thumbnail",
                412: "If-Match names another file", 416: "Range not satisfiable",
            ],
            responseBody: ["type": "string", "format": "binary"], responseMediaType: "image/jpeg"),
        operation(
            AttendeeRoute.mediaShare,
            "A link to send: the absolute URL of the download, signed so that it opens without signing in until "
                + "`expiresAt` (7 days)",
            [200: "OK", 401: "Not signed in", 404: "No such file (or not the caller's to read)"]),
        operation(
            AttendeeRoute.removeMedia,
            "Remove a file: a photo's uploader, the session's speakers for its documents, or the organizer",
            [204: "Removed", 401: "Not signed in", 403: "Not allowed to remove it", 404: "No such file"]),
    ]

    /// The download: signed in, or a share link's `expires` and `signature` in place of the token.
    private static func download(summary: String) -> APIOperation {
        var operation = APIOperation(
            AttendeeRoute.media, summary: summary, tag: "Attendee",
            responses: [
                200: "The file", 206: Self.partialContent, 304: "Not modified", 401: "Not signed in (and no link)",
                403: "A share link altered, for another file or expired",
                404: "No such file, or not the caller's to read (outside its event; an attachment not shown to them)",
                412: "If-Match names another file", 416: "Range not satisfiable",
            ],
            responseBody: ["type": "string", "format": "binary"], responseMediaType: "*/*")
        operation.linkCredentials = [
            "expires": "A share link's end, in seconds since 1970 (with `signature`, in place of a token)",
            "signature": "A share link's signature (with `expires`)",
        ]
        return operation
    }

    /// What a 206 of a download holds.
    private static let partialContent =
        "The range asked for (`Content-Range`), or several as `multipart/byteranges; boundary=…`"

    private static func upload(
        _ route: Route, _ summary: String, query: [String: String], required: Set<String> = [],
        schemas: [String: JSONValue] = [:]
    ) -> APIOperation {
        var operation = APIOperation(
            route, summary: summary, tag: "Attendee",
            responses: [
                201: "Stored", 401: "Not signed in", 403: "Not allowed to add here", 404: "No such event or session",
                413: "Larger than 25 MB", 415: "Not an accepted type (by its bytes)",
                422: "Too many pixels, or a missing or invalid parameter",
            ],
            requestBody: ["type": "string", "format": "binary"], responseBody: ["type": "object"])
        operation.requestMediaType = "application/octet-stream"
        operation.queryParameters = query
        operation.requiredQueryParameters = required
        operation.queryParameterSchemas = schemas
        operation.takesIdempotencyKey()
        return operation
    }
}
