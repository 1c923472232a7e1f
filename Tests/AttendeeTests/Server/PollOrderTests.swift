import AttendeeModels
import AttendeeServer
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

/// An event's polls list in the order they were created, on both engines, even when several were created in the
/// same millisecond (their ids are random, so ordering by id put them in no meaningful order).
@Suite struct PollOrderTests {
    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func pollsCreatedInTheSameMillisecondListInCreationOrder(_ kind: DatabaseKind) async throws {
        let moment = Date(timeIntervalSince1970: 1_800_000_000)
        let atOneMoment: (inout AttendeeService.Configuration) -> Void = { $0.now = { moment } }
        try await AttendeeTestServer.with(kind, configure: atOneMoment) { server in
            let organizer = try await server.organizer("Olga Organizer")
            var created: [String] = []
            for number in 1...8 {
                let draft = PollDraft(
                    kind: .poll, choice: .single,
                    questions: [PollQuestionDraft(text: "Question \(number)?", options: ["Yes", "No"])])
                let response = try await server.createPoll(draft, organizer)
                try #require(response.status == .created, "\(response.bodyText)")
                created.append(try response.decode(Poll.self).id)
            }
            #expect(try await server.polls(organizer).map(\.id) == created)
            #expect(try await server.polls(organizer).map(\.questions.first?.text) == (1...8).map { "Question \($0)?" })
        }
    }
}
