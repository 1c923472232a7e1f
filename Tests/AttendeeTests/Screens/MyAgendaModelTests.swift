import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import Testing

/// My agenda's export: a calendar file of the attended sessions, offered only when there are some.
@MainActor @Suite struct MyAgendaModelTests {
    @Test func theExportFileFollowsTheAttendedSessions() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let attended = Locked([Demo.session("s1", "2027-03-10T10:00", "2027-03-10T10:45", attendance: .attending)])
        let model = MyAgendaModel(
            client: AttendeeClient(
                event: { _ in EventDetails(event: Demo.event()) }, myAgenda: { _ in attended.withLock { $0 } }),
            eventID: "e1", shareBaseURL: try #require(URL(string: "https://quartet.example")), filesFolder: folder)
        await model.appeared(deviceTimeZone: .gmt)
        let file = try #require(model.exportFile)
        #expect(file.lastPathComponent == "My agenda at Quartet Summit.ics")
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains("SUMMARY:Session s1\r\n"))
        // Each entry links to its session's page, as the session's own calendar entry does.
        #expect(written.contains("URL:https://quartet.example/sessions/s1\r\n"))

        attended.withLock { $0 = [] }
        await model.appeared(deviceTimeZone: .gmt)
        #expect(model.emptyMessage != nil)
        #expect(model.exportFile == nil)
    }
}
