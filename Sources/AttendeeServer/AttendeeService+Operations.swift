import AttendeeModels
import DynamicJSON
import HTTPServer
import HTTPTypes

extension AttendeeService {
    /// Every Attendee route, documented for `/openapi.json` (the contract test checks routed == documented).
    public static let operations: [APIOperation] = coreOperations + wallOperations + pollOperations

    /// The routes up to the live stream; each feature after it documents its own list.
    static let coreOperations: [APIOperation] =
        [
            operation(
                AttendeeRoute.signUp, "Create an account; answers a session token",
                [201: "Signed up", 409: "E-mail taken", 422: "Invalid field"],
                body: object(["email", "password", "name"])),
            operation(
                AttendeeRoute.signIn, "Sign in with e-mail and password",
                [200: "Signed in", 401: "Wrong e-mail or password"],
                body: object(["email", "password"])),
            operation(
                AttendeeRoute.signOut, "End the current session token", [204: "Signed out", 401: "Not signed in"]),
            operation(AttendeeRoute.me, "The caller's profile", [200: "OK", 401: "Not signed in"]),
            operation(
                AttendeeRoute.updateMe, "Edit the caller's profile, About me and preferences",
                [200: "OK", 401: "Not signed in", 422: "Invalid field"], body: object([])),
            operation(AttendeeRoute.events, "Every event", [200: "OK"], array: true),
            operation(
                AttendeeRoute.event, "An event with the caller's registration and the live-poll card",
                [200: "OK", 404: "No such event"]),
            operation(
                AttendeeRoute.register, "Register the caller for an event",
                [200: "Already registered", 201: "Registered", 401: "Not signed in", 404: "No such event"]),
            operation(
                AttendeeRoute.additionalInfo, "Answer Additional Info (every field required) or choose later",
                [200: "OK", 401: "Not signed in", 403: "Not registered", 422: "Missing or invalid field"],
                body: object(["later"])),
            operation(
                AttendeeRoute.agenda, "The event's sessions by start time", [200: "OK", 404: "No such event"],
                array: true),
            operation(
                AttendeeRoute.myAgenda, "The sessions the caller attends, in order", [200: "OK", 401: "Not signed in"],
                array: true),
            operation(AttendeeRoute.speakers, "The event's speakers", [200: "OK", 404: "No such event"], array: true),
            operation(
                AttendeeRoute.attendees, "The event's attendees; ?search= filters name, company and title",
                [200: "OK", 401: "Not signed in", 403: "Not registered"], array: true),
            operation(
                AttendeeRoute.eventFeedback, "Rate the event, once",
                [
                    204: "Recorded", 401: "Not signed in", 403: "Not registered", 409: "Already given",
                    422: "Invalid rating",
                ], body: object(["rating"])),
            operation(
                AttendeeRoute.session, "One session with the caller's state", [200: "OK", 404: "No such session"]),
            operation(
                AttendeeRoute.attend, "Take a seat, or join the waitlist when full",
                [
                    200: "Attending or waitlisted", 401: "Not signed in", 403: "Not registered",
                    409: "Full, or overlapping an attended session",
                ]),
            operation(
                AttendeeRoute.leave, "Give the seat back or leave the waitlist",
                [200: "Cancelled", 401: "Not signed in", 404: "No such session"]),
            operation(
                AttendeeRoute.sessionAttendees, "Who attends a session",
                [200: "OK", 401: "Not signed in", 403: "Not registered"],
                array: true),
            operation(
                AttendeeRoute.sessionFeedback, "Rate a session and each of its speakers, once",
                [
                    204: "Recorded", 401: "Not signed in", 403: "Did not attend", 409: "Already given",
                    422: "Invalid rating",
                ], body: object(["rating", "speakerRatings"])),
            operation(AttendeeRoute.speaker, "A speaker's profile and sessions", [200: "OK", 404: "No such speaker"]),
            operation(
                AttendeeRoute.person, "An attendee's public profile",
                [200: "OK", 401: "Not signed in", 404: "No such person"]),
            operation(
                AttendeeRoute.importProgramme,
                "Create or update an event's programme by external ids; an id that is another organizer's event "
                    + "makes an event of the caller's own",
                [200: "Updated", 201: "Created", 401: "Not signed in", 403: "Id taken", 422: "Invalid programme"],
                body: object(["event", "speakers", "sessions"])),
            APIOperation(
                AttendeeRoute.eventLive,
                summary: "The event's live updates (Server-Sent Events): `ready` first, then each change; send "
                    + "`Last-Event-ID` to resume",
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
            ], body: object(["kind", "choice", "questions"])),
        operation(
            AttendeeRoute.poll, "A poll with the caller's answer; a closed quiz's score and leaderboard",
            [200: "OK", 401: "Not signed in", 403: "Not registered", 404: "No such poll"]),
        operation(
            AttendeeRoute.openPoll, "Open a drafted poll for answers",
            [200: "Open", 401: "Not signed in", 403: "Not its manager", 404: "No such poll", 409: "Closed already"]),
        operation(
            AttendeeRoute.closePoll, "Close an open poll; answers become final",
            [200: "Closed", 401: "Not signed in", 403: "Not its manager", 404: "No such poll", 409: "Not open yet"]),
        operation(
            AttendeeRoute.answerPoll, "Answer an open poll, or change the answer while it is open",
            [
                200: "Recorded", 400: "Malformed JSON", 401: "Not signed in", 403: "Not registered",
                404: "No such poll", 409: "Not open", 422: "Invalid choices",
            ], body: object(["choices"])),
        APIOperation(
            AttendeeRoute.sessionLive,
            summary: "A session's live updates (Server-Sent Events: its polls): `ready` first, then each change; "
                + "send `Last-Event-ID` to resume",
            tag: "Attendee",
            responses: [200: "Streaming", 401: "Not signed in", 403: "Not registered", 404: "No such session"],
            responseMediaType: "text/event-stream"),
    ]

    private static func operation(
        _ route: Route, _ summary: String, _ responses: [Int: String], body: JSONValue? = nil,
        array: Bool = false
    ) -> APIOperation {
        APIOperation(
            route, summary: summary, tag: "Attendee", responses: responses, requestBody: body,
            responseBody: array ? ["type": "array"] : ["type": "object"])
    }

    private static func object(_ required: [String]) -> JSONValue {
        ["type": "object", "required": .array(required.map { .string($0) })]
    }
}
