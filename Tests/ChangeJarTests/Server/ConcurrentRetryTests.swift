import ChangeJarModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import Testing

@testable import ChangeJarServer

/// A pledge sent again while its first sending is still on its way (a command line run again after its wait ran out,
/// the same person on a second phone) is still one action: on PostgreSQL, whose transactions do not see each other's
/// uncommitted rows, as on SQLite.
@Suite struct ConcurrentRetryTests {
    @Test(arguments: DatabaseKind.eachDialect)
    func theSamePledgeSentAtOnceIsOneAction(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let alice = try await server.signIn(.google, "alice")
            // NB: her name is claimed by one submission first, so the rounds race over the action alone.
            _ = try await server.send(
                .post, "/changejar/v1/actions", token: alice,
                json: NewAction(title: "Warm up", content: "x", authSource: .google, providerUserID: "alice"))
            for round in 1...5 {
                let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                    for _ in 1...8 {
                        group.addTask {
                            try await server.send(
                                .post, "/changejar/v1/actions", token: alice,
                                json: NewAction(
                                    title: "Cycle to work \(round)", content: "Twice a week.", authSource: .google,
                                    providerUserID: "alice")
                            ).status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(statuses.filter { $0 == .created }.count == 1, "round \(round): \(statuses)")
                #expect(statuses.allSatisfy { $0 == .created || $0 == .ok }, "round \(round): \(statuses)")
            }
            let all = try server.decode(
                ActionPage.self, try await server.send(.get, "/changejar/v1/actions?limit=100"))
            #expect(all.items.count == 6)
        }
    }
}
