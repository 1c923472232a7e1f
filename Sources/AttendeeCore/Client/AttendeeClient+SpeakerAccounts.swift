import APIClient
import AttendeeModels
import Foundation
import HTTPTypes

extension AttendeeClient {
    /// Sets the speaker-account calls of the live value.
    mutating func useSpeakerAccounts(_ api: APIClient) {
        @Sendable func call(_ route: Route, _ values: [String], body: (any Encodable & Sendable)? = nil)
            async throws -> SpeakerAccount
        {
            try await api.send(
                Endpoint<SpeakerAccount>(route, values, body: body.map { RequestBody.json($0) }, response: .json()))
        }
        speakerAccount = { try await call(AttendeeRoute.speakerAccount, [$0, $1]) }
        linkSpeakerAccount = { try await call(AttendeeRoute.linkSpeakerAccount, [$0, $1], body: $2) }
        unlinkSpeakerAccount = { try await call(AttendeeRoute.unlinkSpeakerAccount, [$0, $1]) }
    }
}
