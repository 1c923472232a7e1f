import AttendeeModels
import DynamicJSON
import HTTPServer
import HTTPTypes

extension AttendeeService {
    /// Attendee's tokens: the session token sign-up and sign-in answer.
    public static let securityScheme = BearerScheme(
        name: "attendee", description: "An Attendee session token, from sign-up or sign-in")

    /// Every Attendee route, documented for `/openapi.json` (the contract test checks routed == documented).
    public static let operations: [APIOperation] =
        coreOperations + wallOperations + pollOperations
        + speakerAccountOperations

    /// The routes up to the live stream; each feature after it documents its own list.
    static let coreOperations: [APIOperation] =
        [
            operation(
                AttendeeRoute.signUp, "Create an account; answers a session token",
                [
                    201: "Signed up", 409: "E-mail taken", 422: "Invalid field",
                    429:
                        "Too many sign-ups for taken e-mails from this address lately, or too many requests from it;"
                        + " Retry-After says when to try again",
                ],
                body: Schema.object(
                    [
                        "email": email,
                        "password": Schema.string(
                            minLength: SignUpRequest.minimumPasswordLength,
                            maxLength: SignUpRequest.maximumPasswordLength),
                        "name": personName,
                    ], required: ["email", "password", "name"])),
            operation(
                AttendeeRoute.signIn, "Sign in with e-mail and password",
                [
                    200: "Signed in", 401: "Wrong e-mail or password",
                    429:
                        "Too many failed sign-ins for this e-mail lately (an e-mail with no account alike), or too many"
                        + " requests from this address; Retry-After says when to try again",
                ],
                body: Schema.object(
                    ["email": Schema.string(), "password": Schema.string()], required: ["email", "password"])),
            operation(
                AttendeeRoute.signOut, "End the current session token", [204: "Signed out", 401: "Not signed in"]),
            operation(AttendeeRoute.me, "The caller's profile", [200: "OK", 401: "Not signed in"]),
            operation(
                AttendeeRoute.updateMe, "Edit the caller's profile, About me and preferences",
                [200: "OK", 401: "Not signed in", 422: "Invalid field"], body: profileUpdate),
            operation(AttendeeRoute.events, "Every event", [200: "OK"], array: true),
            operation(
                AttendeeRoute.event, "An event with the caller's registration and, for its members, the live-poll card",
                [200: "OK", 401: "A token was sent and is not valid", 404: "No such event"]),
            operation(
                AttendeeRoute.register, "Register the caller for an event",
                [
                    200: "Already registered", 201: "Registered", 401: "Not signed in", 404: "No such event",
                    409: "The event is over",
                ]),
            operation(
                AttendeeRoute.additionalInfo,
                "Answer Additional Info (every field required) or choose later; once complete, its answers are final",
                [
                    200: "OK", 401: "Not signed in", 403: "Not registered", 409: "Already complete",
                    422: "Missing or invalid field, or a guest listed twice",
                ],
                body: additionalInfo),
            operation(
                AttendeeRoute.agenda, "The event's sessions by start time",
                [200: "OK", 401: "A token was sent and is not valid", 404: "No such event"], array: true),
            operation(
                AttendeeRoute.myAgenda, "The sessions the caller attends, in order", [200: "OK", 401: "Not signed in"],
                array: true),
            operation(AttendeeRoute.speakers, "The event's speakers", [200: "OK", 404: "No such event"], array: true),
            operation(
                AttendeeRoute.attendees, "The event's attendees; ?search= filters name, company and title",
                [200: "OK", 401: "Not signed in", 403: "Neither registered nor its organizer"], array: true),
            operation(
                AttendeeRoute.eventFeedback, "Rate the event, once",
                [
                    204: "Recorded", 401: "Not signed in", 403: "Not registered",
                    409: "Already given, or the event has not started", 422: "Invalid rating",
                ], body: eventFeedback),
            operation(
                AttendeeRoute.session, "One session with the caller's state",
                [200: "OK", 401: "A token was sent and is not valid", 404: "No such session"]),
            {
                var page = operation(
                    AttendeeRoute.sessionPage,
                    "A session's page for a shared link (HTML): title, time in the event's zone, room, speakers",
                    [200: "The page", 404: "No such session"])
                page.responseMediaType = "text/html"
                return page
            }(),
            operation(
                AttendeeRoute.attend, "Take a seat, or join the waitlist when full",
                [
                    200: "Attending or waitlisted", 401: "Not signed in", 403: "Not registered",
                    409: "Full, overlapping an attended session, or the session has ended",
                ], body: Schema.object(["joinWaitlistIfFull": Schema.boolean], required: ["joinWaitlistIfFull"]),
                bodyOptional: true),
            operation(
                AttendeeRoute.leave, "Give the seat back or leave the waitlist",
                [200: "Cancelled", 401: "Not signed in", 404: "No such session", 409: "The session has ended"]),
            operation(
                AttendeeRoute.sessionAttendees, "Who attends a session",
                [200: "OK", 401: "Not signed in", 403: "Not registered"],
                array: true),
            operation(
                AttendeeRoute.sessionFeedback, "Rate a session and each of its speakers, once",
                [
                    204: "Recorded", 401: "Not signed in", 403: "Did not attend, or one of its speakers",
                    409: "Already given, or the session has not started",
                    422: "Invalid rating, or not every speaker rated",
                ], body: sessionFeedback),
            operation(
                AttendeeRoute.speaker, "A speaker of the event: their profile and their sessions there",
                [200: "OK", 404: "No such event, or no speaker of it"]),
            operation(
                AttendeeRoute.person, "An attendee's public profile",
                [200: "OK", 401: "Not signed in", 404: "No such person"]),
            operation(
                AttendeeRoute.importProgramme,
                "Create or update an event's programme by external ids; an id that is another organizer's event "
                    + "makes an event of the caller's own",
                [200: "Updated", 201: "Created", 401: "Not signed in", 403: "Id taken", 422: "Invalid programme"],
                body: programme),
            APIOperation(
                AttendeeRoute.eventLive,
                summary: "The event's live updates (Server-Sent Events; a draft poll's only to its managers): "
                    + LiveHub.streamSummary,
                tag: "Attendee",
                responses: [
                    200: "Streaming", 401: "Not signed in", 403: "Not registered",
                    404: "No such event",
                ],
                responseMediaType: "text/event-stream"),
        ] + inboxOperations + mediaOperations

    /// The poll and quiz routes.
    static let pollOperations: [APIOperation] = [
        operation(
            AttendeeRoute.polls, "The event's polls and quizzes; drafts only for those who manage them",
            [200: "OK", 401: "Not signed in", 403: "Not registered", 404: "No such event"], array: true),
        operation(
            AttendeeRoute.createPoll, "Create a poll or quiz as a draft (organizers; speakers for their sessions)",
            [
                201: "Created", 400: "Malformed JSON", 401: "Not signed in", 403: "Not an organizer or its speaker",
                404: "No such event", 422: "Invalid poll",
            ], body: pollDraft, idempotent: true),
        operation(
            AttendeeRoute.poll, "A poll with the caller's answer; a closed quiz's score and leaderboard",
            [200: "OK", 401: "Not signed in", 403: "Not registered", 404: "No such poll"]),
        operation(
            AttendeeRoute.editPoll,
            "Edit a draft: kind, choice, questions and options (its event's organizers; its session's speakers)",
            [
                200: "Edited", 400: "Malformed JSON", 401: "Not signed in", 403: "Not its manager",
                404: "No such poll", 409: "Opened already", 422: "Invalid poll",
            ], body: pollEdit),
        APIOperation(
            AttendeeRoute.deletePoll,
            summary: "Delete a draft or a closed poll with its answers; an open one is closed first",
            tag: "Attendee",
            responses: [
                204: "Deleted", 401: "Not signed in", 403: "Not its manager", 404: "No such poll", 409: "Still open",
            ]),
        operation(
            AttendeeRoute.openPoll, "Open a drafted poll for answers",
            [200: "Open", 401: "Not signed in", 403: "Not its manager", 404: "No such poll", 409: "Closed already"]),
        operation(
            AttendeeRoute.closePoll, "Close an open poll; answers become final",
            [200: "Closed", 401: "Not signed in", 403: "Not its manager", 404: "No such poll", 409: "Not open yet"]),
        operation(
            AttendeeRoute.answerPoll, "Answer an open poll, or change the answer while it is open",
            [
                200: "Recorded", 400: "Malformed JSON", 401: "Not signed in",
                403: "Not registered, or a quiz's manager (who sees its answers)",
                404: "No such poll (a draft, to all but its managers)", 409: "Closed, or (to its managers) a draft",
                422: "Invalid choices",
            ],
            body: Schema.object(
                ["choices": Schema.map(Schema.array(Schema.string()))], required: ["choices"])),
        APIOperation(
            AttendeeRoute.sessionLive,
            summary: "A session's live updates (Server-Sent Events: its polls, a draft's only to its managers; its "
                + "discussion, only to the event's registered attendees and organizer): "
                + LiveHub.streamSummary,
            tag: "Attendee",
            responses: [200: "Streaming", 401: "Not signed in", 403: "Not registered", 404: "No such session"],
            responseMediaType: "text/event-stream"),
    ]

    /// An Attendee operation that answers JSON: an object, a list with `array`, or no body with `emptyAnswer` (a 204);
    /// its `body`, when it has one, is required unless `bodyOptional`; `query` names the query parameters it reads,
    /// with `querySchemas` for those that are not any string, `pageSize` (its maximum and description) for a
    /// `limit` read by `Request.pageSize`, and `cursor` (its description) for a `KeysetCursor` read from `cursor`.
    /// Every Attendee feature documents its routes with it.
    static func operation(
        _ route: Route, _ summary: String, _ responses: [Int: String], body: JSONValue? = nil,
        bodyOptional: Bool = false, array: Bool = false, emptyAnswer: Bool = false, query: [String: String] = [:],
        querySchemas: [String: JSONValue] = [:], pageSize: (maximum: Int, description: String)? = nil,
        cursor: String? = nil, idempotent: Bool = false
    ) -> APIOperation {
        var operation = APIOperation(
            route, summary: summary, tag: "Attendee", responses: responses, requestBody: body,
            responseBody: array ? ["type": "array"] : emptyAnswer ? nil : ["type": "object"])
        if idempotent { operation.takesIdempotencyKey() }
        operation.requestBodyRequired = !bodyOptional
        operation.queryParameters = query
        operation.queryParameterSchemas = querySchemas
        if let pageSize { operation.pageSize(maximum: pageSize.maximum, description: pageSize.description) }
        if let cursor { operation.cursor(maximumLength: KeysetCursor.maximumLength, description: cursor) }
        return operation
    }

    /// An e-mail as `EmailAddress.isPlausible` checks it (its ``EmailAddress/pattern``): printable ASCII, one
    /// `@`, a domain of two or more labels with none empty, no angle brackets, at most 254 characters.
    static let email = Schema.string(maxLength: EmailAddress.maximumLength, pattern: EmailAddress.pattern)

    /// A name a person gives themselves, as ``PersonName/error(_:)`` checks it: one line, in characters and in
    /// code points.
    static let personName = Schema.text(
        graphemes: PersonName.limit, codePoints: PersonName.scalarLimit,
        refusing: Schema.controlClass + Schema.reorderingClass)

    /// A job title or company, as ``ProfileUpdate`` checks it: one line, in characters and in code points.
    static let profileLine = Schema.text(
        graphemes: ProfileUpdate.lineLimit, codePoints: ProfileUpdate.lineScalarLimit, blankAllowed: true,
        refusing: Schema.controlClass + Schema.reorderingClass)

    /// "About me", as ``ProfileUpdate`` checks it: line breaks allowed, no character that reorders text, in
    /// characters and in code points.
    static let aboutMe = Schema.text(
        graphemes: ProfileUpdate.aboutMeLimit, codePoints: ProfileUpdate.aboutMeScalarLimit, blankAllowed: true,
        refusing: #"\u0000"# + Schema.reorderingClass)

    private static let profileUpdate = Schema.object([
        "name": Schema.orNull(personName),
        "title": Schema.orNull(profileLine),
        "company": Schema.orNull(profileLine),
        "aboutMe": Schema.orNull(aboutMe),
        "socialLinks": Schema.orNull(socialLinks),
        "preferences": Schema.orNull(
            Schema.object(
                ["tracks": interests, "topics": interests],
                required: ["tracks", "topics"])),
    ])

    /// What ``ProfileUpdate`` takes as a social link: `http://` or `https://` (in any case), then something.
    private static let webAddressPattern = #"^[Hh][Tt][Tt][Pp][Ss]?://[^\u0000]+$"#

    private static let interests = Schema.array(
        Schema.text(graphemes: ProfileUpdate.interestLengthLimit, blankAllowed: true),
        maxItems: ProfileUpdate.interestLimit)

    private static let additionalInfo = Schema.object(
        [
            "later": Schema.boolean,
            "answers": Schema.map(Schema.text(graphemes: AdditionalInfoSubmission.answerLimit, blankAllowed: true)),
            "guests": Schema.array(
                Schema.object(
                    ["name": personName, "email": email], required: ["name", "email"]),
                maxItems: AdditionalInfoSubmission.guestLimit),
        ], required: ["later", "answers", "guests"])

    /// A programme as ``ConferenceProgramme/validationError()`` takes it: every field with its limit
    /// (``ProgrammeLimits``); only the fields without a default are required. The rules no schema can state
    /// (every session inside the event and its speakers among the speakers, a known time zone, an end no earlier
    /// than the start, Additional Info keys each used once) are answered with 422 and the field that broke one.
    private static let programme = Schema.object(
        [
            "event": Schema.object(
                [
                    "externalID": externalID(scoped: true), "name": Schema.text(graphemes: ProgrammeLimits.lineLimit),
                    "startsAt": dateTime, "endsAt": dateTime, "timeZone": Schema.string(minLength: 1),
                    "venue": Schema.object(
                        [
                            "name": Schema.text(graphemes: ProgrammeLimits.lineLimit, blankAllowed: true),
                            "address": Schema.text(graphemes: ProgrammeLimits.lineLimit, blankAllowed: true),
                            "latitude": Schema.orNull(number(ProgrammeLimits.latitude)),
                            "longitude": Schema.orNull(number(ProgrammeLimits.longitude)),
                        ], required: ["name"]),
                    "summary": Schema.text(graphemes: ProgrammeLimits.textLimit, blankAllowed: true),
                    "coverImageURL": Schema.orNull(webAddress),
                    "seatsThreshold": Schema.integer(ProgrammeLimits.seatsThreshold),
                    "additionalInfoFields": Schema.array(
                        Schema.object(
                            [
                                "key": Schema.text(graphemes: ProgrammeLimits.additionalInfoKeyLimit),
                                "label": Schema.text(graphemes: ProgrammeLimits.lineLimit),
                            ], required: ["key", "label"]),
                        maxItems: ProgrammeLimits.additionalInfoFieldLimit, distinct: "Each key once"),
                ], required: ["externalID", "name", "startsAt", "endsAt", "timeZone", "venue"]),
            "speakers": Schema.array(
                Schema.object(
                    [
                        "externalID": externalID(scoped: true), "name": personName, "title": profileLine,
                        "company": profileLine, "bio": aboutMe,
                        "photoURL": Schema.orNull(webAddress), "socialLinks": socialLinks,
                        "email": Schema.orNull(email),
                    ], required: ["externalID", "name"])),
            "sessions": Schema.array(
                Schema.object(
                    [
                        "externalID": externalID(scoped: false),
                        "title": Schema.text(graphemes: ProgrammeLimits.lineLimit),
                        "abstract": Schema.text(graphemes: ProgrammeLimits.textLimit, blankAllowed: true),
                        "kind": Schema.oneOf(SessionKind.allCases.map(\.rawValue)),
                        "track": Schema.orNull(Schema.text(graphemes: ProgrammeLimits.lineLimit, blankAllowed: true)),
                        "room": Schema.orNull(Schema.text(graphemes: ProgrammeLimits.lineLimit, blankAllowed: true)),
                        "startsAt": dateTime, "endsAt": dateTime,
                        "capacity": ["type": ["integer", "null"], "minimum": 0],
                        "speakerIDs": Schema.array(Schema.string()),
                    ], required: ["externalID", "title", "startsAt", "endsAt"])),
        ], required: ["event", "speakers", "sessions"])

    private static let dateTime: JSONValue = ["type": "string", "format": "date-time"]

    /// An external id: not empty, at most ``ProgrammeLimits/idLimit`` code points, no NUL, and where the store
    /// scopes ids with `|` (the event's, a speaker's), no `|`.
    private static func externalID(scoped: Bool) -> JSONValue {
        Schema.string(
            minLength: 1, maxLength: ProgrammeLimits.idLimit, pattern: scoped ? #"^[^|\u0000]*$"# : Schema.noNULPattern)
    }

    /// A number in a closed range.
    private static func number(_ range: ClosedRange<Double>) -> JSONValue {
        ["type": "number", "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]
    }

    /// A cover image or photo: `http` or `https` with a host, at most ``ProgrammeLimits/urlLimit`` code points
    /// (the pattern states the scheme; the server also needs a host, which a pattern says badly).
    private static let webAddress = Schema.string(maxLength: ProgrammeLimits.urlLimit, pattern: webAddressPattern)

    private static let socialLinks = Schema.array(
        Schema.object(
            [
                "network": Schema.text(graphemes: ProfileUpdate.networkLimit, blankAllowed: true),
                "url": Schema.string(maxLength: ProfileUpdate.urlLimit, pattern: webAddressPattern),
            ], required: ["network", "url"]),
        maxItems: ProfileUpdate.socialLinkLimit)

    private static let rating = Schema.integer(Rating.range)

    private static let eventFeedback = Schema.object(
        [
            "rating": rating,
            "comment": Schema.text(
                graphemes: Rating.commentLimit, codePoints: TextLength.scalarLimit(Rating.commentLimit),
                blankAllowed: true),
        ],
        required: ["rating", "comment"])

    private static let sessionFeedback = Schema.object(
        [
            "rating": rating, "speakerRatings": Schema.map(rating),
            "comment": Schema.text(
                graphemes: Rating.commentLimit, codePoints: TextLength.scalarLimit(Rating.commentLimit),
                blankAllowed: true),
        ], required: ["rating", "speakerRatings", "comment"])

    private static let pollDraft = Schema.object(
        pollFields.merging(["sessionID": Schema.orNull(Schema.string())]) { first, _ in first },
        required: ["kind", "choice", "questions"])

    /// `PUT /polls/:pollID`: a draft's fields but its place, which an edit keeps.
    private static let pollEdit = Schema.object(pollFields, required: ["kind", "choice", "questions"])

    private static let pollFields: [String: JSONValue] = [
        "kind": Schema.oneOf(["poll", "quiz"]),
        "choice": Schema.oneOf(["single", "multiple"]),
        "questions": Schema.array(
            Schema.object(
                [
                    "text": Schema.text(
                        graphemes: PollDraft.questionLimit, codePoints: TextLength.scalarLimit(PollDraft.questionLimit)),
                    "options": Schema.array(
                        Schema.text(
                            graphemes: PollDraft.optionLimit, codePoints: TextLength.scalarLimit(PollDraft.optionLimit)),
                        minItems: PollDraft.optionCount.lowerBound,
                        maxItems: PollDraft.optionCount.upperBound,
                        distinct: "Each option once: no two the same once trimmed, ignoring case and accents"),
                    "correct": Schema.array(
                        Schema.integer(0...(PollDraft.optionCount.upperBound - 1)),
                        maxItems: PollDraft.optionCount.upperBound),
                ], required: ["text", "options"]),
            minItems: 1, maxItems: PollDraft.quizQuestionCount.upperBound),
    ]
}

extension APIOperation {
    /// Documents the optional `Idempotency-Key` of a create (``IdempotencyKeyRules``): a repeat by the same account
    /// with the same key and request answers the first's answer, the key with another request is a 422, and a
    /// malformed or over-long key a 400.
    mutating func takesIdempotencyKey() {
        let name = IdempotencyKeyRules.header
        optionalHeaderParameters[name] = Schema.string(
            minLength: 1, maxLength: IdempotencyKeyRules.maximumLength + 2, pattern: IdempotencyKeyRules.pattern)
        headerDescriptions[name] =
            "A key the client makes for this one thing (a UUID), sent again with a retry: the same key and request "
            + "from the same account answer what the first answered and make nothing twice; kept for 24 hours"
        let malformed = "a malformed or over-long Idempotency-Key"
        responses[400] = responses[400].map { $0 + ", or " + malformed } ?? malformed
        let reused = "the Idempotency-Key was used for another request"
        responses[422] = responses[422].map { $0 + ", or " + reused } ?? reused
    }
}
