import AttendeeModels
import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes

/// Which account is an imported speaker: the event's organizer reads, links and unlinks it.
struct SpeakerAccountController: Sendable {
    let service: AttendeeService
    var store: AttendeeStore { service.store }

    func show(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(
            try await store.speakerAccount(
                eventID: try request.parameter("eventID"), speakerID: try request.parameter("speakerID"),
                organizerID: userID))
    }

    func link(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        let link = try request.decode(SpeakerAccountLink.self)
        return try .json(
            try await store.linkSpeaker(
                eventID: try request.parameter("eventID"), speakerID: try request.parameter("speakerID"), link,
                organizerID: userID))
    }

    func unlink(_ request: Request) async throws -> Response {
        let userID = try await service.requireUser(request)
        return try .json(
            try await store.unlinkSpeaker(
                eventID: try request.parameter("eventID"), speakerID: try request.parameter("speakerID"),
                organizerID: userID))
    }
}

extension AttendeeService {
    /// The speaker-account routes and their handlers.
    var speakerAccountHandlers: [(Route, Handler)] {
        let accounts = SpeakerAccountController(service: self)
        return [
            (AttendeeRoute.speakerAccount, accounts.show), (AttendeeRoute.linkSpeakerAccount, accounts.link),
            (AttendeeRoute.unlinkSpeakerAccount, accounts.unlink),
        ]
    }

    /// The speaker-account routes, documented.
    static let speakerAccountOperations: [APIOperation] = {
        let answers =
            "Who is the speaker: `status` `linked` (an account the organizer linked speaks), `suggested` (the "
            + "imported programme gives the speaker's e-mail in `email`, and `accountExists` says whether someone "
            + "signed up with it: a suggestion grants nothing until the organizer links that address) or `none`"
        func operation(_ route: Route, _ summary: String, _ responses: [Int: String], body: JSONValue? = nil)
            -> APIOperation
        {
            Self.operation(route, summary + ". " + answers, responses, body: body)
        }
        let refusals: [Int: String] = [
            401: "Not signed in", 403: "Not the event's organizer", 404: "No such event, or no such speaker at it",
        ]
        return [
            operation(
                AttendeeRoute.speakerAccount, "Which account is the speaker (the event's organizer only)",
                refusals.merging([200: "OK"]) { $1 }),
            operation(
                AttendeeRoute.linkSpeakerAccount,
                "Make the account signed up with the e-mail the speaker: it then creates, opens and closes its "
                    + "sessions' polls and quizzes and adds and removes their documents (the event's organizer "
                    + "only; a later import keeps the link). Sending a suggestion's e-mail confirms it",
                refusals.merging([
                    200: "Linked", 400: "Malformed JSON", 422: "Not an e-mail, or nobody signed up with it",
                ]) { $1 },
                body: Schema.object(["email": email], required: ["email"])),
            operation(
                AttendeeRoute.unlinkSpeakerAccount,
                "No account is the speaker any more and no suggestion stands, whatever a programme imported later "
                    + "says (the event's organizer only)",
                refusals.merging([200: "Unlinked"]) { $1 }),
        ]
    }()
}
