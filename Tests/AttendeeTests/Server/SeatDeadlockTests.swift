import AttendeeModels
import Database
import DatabaseTestSupport
import Foundation
import HTTPServer
import Locking
import Testing

@testable import AttendeeServer

/// Two people each giving back a seat the other waits for, at the same instant: each transaction locks its giver,
/// then the person it seats, so on PostgreSQL they lock the same two people in opposite orders and deadlock.
/// PostgreSQL refuses one (40P01); the store runs it again, and both leaves succeed.
@Suite struct SeatDeadlockTests {

    @Test(arguments: DatabaseKind.eachDialectOnDisk)
    func twoPeopleGivingBackSeatsTheOtherWaitsForBothGetTheirSwap(kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let agenda = try await server.agenda()
            let first = try #require(agenda.first)
            let second = try #require(agenda.first { $0.startsAt >= first.endsAt })
            for session in [first, second] { try await server.setCapacity(session.id, 1) }
            let ana = try await server.registeredAttendee("Ana Ferreira")
            let bo = try await server.registeredAttendee("Bo Lindqvist")
            #expect(try await server.attend(first.id, ana).status == .ok)
            #expect(try await server.attend(second.id, bo).status == .ok)
            #expect(try await server.attend(second.id, ana, waitlist: true).status == .ok)
            #expect(try await server.attend(first.id, bo, waitlist: true).status == .ok)
            func id(_ token: String) async throws -> String {
                try await server.client.get("/attendee/v1/me", headers: AttendeeTestServer.auth(token))
                    .decode(MyProfile.self).person.id
            }
            let (anaID, boID) = (try await id(ana), try await id(bo))
            func leave(_ sessionID: String, _ token: String) async throws -> Response {
                try await server.client.request(
                    .delete, "/attendee/v1/sessions/\(sessionID)/attendance", headers: AttendeeTestServer.auth(token))
            }

            let statuses: [HTTPStatus]
            if kind == .postgres {
                // NB: gates, not a race. Each person's row is held by a transaction of the test's; each leave waits
                // on its giver's. Bo's is let go first: his leave seats Ana and waits for her row behind her own
                // leave. Then Ana's: her leave, first in line, takes her row and asks for Bo's, which his leave
                // holds while it waits for hers: a deadlock every run (found after `deadlock_timeout`, 1 s).
                func holding(_ person: String) -> HeldTransaction<Int> {
                    HeldTransaction(server.database) { db in
                        try db.execute("SELECT id FROM attendee_user WHERE id = \(person) FOR UPDATE")
                    }
                }
                let (holdsAna, holdsBo) = (holding(anaID), holding(boID))
                let holders = [
                    try await holdsAna.started("Ana's row is held").pid,
                    try await holdsBo.started("Bo's row is held").pid,
                ]
                async let anaLeaves = leave(first.id, ana)
                let anasLeave = try await LockWaits.until("Ana's leave waits") {
                    try await LockWaits.waiting(on: [holders[0]], server.database).first
                }
                async let boLeaves = leave(second.id, bo)
                _ = try await LockWaits.until("Bo's leave waits") {
                    try await LockWaits.waiting(on: [holders[1]], server.database).first
                }
                try await holdsBo.commit()
                _ = try await LockWaits.until("Bo's leave waits for Ana's row") {
                    try await LockWaits.waiting(on: [holders[0], anasLeave], server.database).first { $0 != anasLeave }
                }
                try await holdsAna.commit()
                statuses = [try await anaLeaves.status, try await boLeaves.status]
            } else {
                async let anaLeaves = leave(first.id, ana)
                async let boLeaves = leave(second.id, bo)
                statuses = [try await anaLeaves.status, try await boLeaves.status]
            }
            #expect(statuses == [.ok, .ok])

            // Each now holds the seat the other gave back, and the counts match the seats held.
            let anaSees = try await server.agenda(ana)
            let boSees = try await server.agenda(bo)
            #expect(anaSees.first { $0.id == second.id }?.myAttendance == .attending)
            #expect(anaSees.first { $0.id == first.id }?.myAttendance == .cancelled)
            #expect(boSees.first { $0.id == first.id }?.myAttendance == .attending)
            #expect(boSees.first { $0.id == second.id }?.myAttendance == .cancelled)
            #expect(anaSees.filter { [first.id, second.id].contains($0.id) }.map(\.seatsTaken) == [1, 1])
        }
    }

}
