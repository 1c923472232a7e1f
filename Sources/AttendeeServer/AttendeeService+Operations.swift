import AttendeeModels
import DynamicJSON
import HTTPServer

extension AttendeeService {
    /// Every Attendee route, documented for `/openapi.json` (the contract test checks routed == documented).
    public static let operations: [APIOperation] = [
        operation(
            .signUp, "Create an account; answers a session token",
            [201: "Signed up", 409: "E-mail taken", 422: "Invalid field"], body: object(["email", "password", "name"])),
        operation(
            .signIn, "Sign in with e-mail and password", [200: "Signed in", 401: "Wrong e-mail or password"],
            body: object(["email", "password"])),
        operation(.signOut, "End the current session token", [204: "Signed out", 401: "Not signed in"]),
        operation(.me, "The caller's profile", [200: "OK", 401: "Not signed in"]),
        operation(
            .updateMe, "Edit the caller's profile, About me and preferences",
            [200: "OK", 401: "Not signed in", 422: "Invalid field"], body: object([])),
        operation(.events, "Every event", [200: "OK"], array: true),
        operation(
            .event, "An event with the caller's registration and the live-poll card", [200: "OK", 404: "No such event"]),
        operation(
            .register, "Register the caller for an event",
            [200: "Already registered", 201: "Registered", 401: "Not signed in", 404: "No such event"]),
        operation(
            .additionalInfo, "Answer Additional Info (every field required) or choose later",
            [200: "OK", 401: "Not signed in", 403: "Not registered", 422: "Missing or invalid field"],
            body: object(["later"])),
        operation(.agenda, "The event's sessions by start time", [200: "OK", 404: "No such event"], array: true),
        operation(
            .myAgenda, "The sessions the caller attends, in order", [200: "OK", 401: "Not signed in"], array: true),
        operation(.speakers, "The event's speakers", [200: "OK", 404: "No such event"], array: true),
        operation(
            .attendees, "The event's attendees; ?search= filters name, company and title",
            [200: "OK", 401: "Not signed in", 403: "Not registered"], array: true),
        operation(
            .eventFeedback, "Rate the event, once",
            [
                204: "Recorded", 401: "Not signed in", 403: "Not registered", 409: "Already given",
                422: "Invalid rating",
            ], body: object(["rating"])),
        operation(.session, "One session with the caller's state", [200: "OK", 404: "No such session"]),
        operation(
            .attend, "Take a seat, or join the waitlist when full",
            [
                200: "Attending or waitlisted", 401: "Not signed in", 403: "Not registered",
                409: "Full, or overlapping an attended session",
            ]),
        operation(
            .leave, "Give the seat back or leave the waitlist",
            [200: "Cancelled", 401: "Not signed in", 404: "No such session"]),
        operation(
            .sessionAttendees, "Who attends a session", [200: "OK", 401: "Not signed in", 403: "Not registered"],
            array: true),
        operation(
            .sessionFeedback, "Rate a session and each of its speakers, once",
            [
                204: "Recorded", 401: "Not signed in", 403: "Did not attend", 409: "Already given",
                422: "Invalid rating",
            ], body: object(["rating", "speakerRatings"])),
        operation(.speaker, "A speaker's profile and sessions", [200: "OK", 404: "No such speaker"]),
        operation(.person, "An attendee's public profile", [200: "OK", 401: "Not signed in", 404: "No such person"]),
        operation(
            .importProgramme, "Create or update an event's programme by external ids",
            [200: "Updated", 201: "Created", 401: "Not signed in", 403: "Not the organizer", 422: "Invalid programme"],
            body: object(["event", "speakers", "sessions"])),
    ]

    private static func operation(
        _ route: AttendeeRoute, _ summary: String, _ responses: [Int: String], body: JSONValue? = nil,
        array: Bool = false
    ) -> APIOperation {
        APIOperation(
            HTTPMethod(rawValue: route.method), route.pattern, summary: summary, tag: "Attendee",
            responses: responses, requestBody: body, responseBody: array ? ["type": "array"] : ["type": "object"],
            requiresAuthentication: route.requiresAuthentication)
    }

    private static func object(_ required: [String]) -> JSONValue {
        ["type": "object", "required": .array(required.map { .string($0) })]
    }
}
