import AttendeeCore
import AttendeeModels
import Testing

/// The Attendee clients' ready-made values: the previews' sample conference, and clients that fail every call a
/// test did not expect.
@Suite struct ClientValuesTests {
    @Test func thePreviewAnswersFromTheSamples() async throws {
        #expect(try await AttendeeClient.preview.events().map(\.id) == [AttendeePreview.event.id])
        #expect(
            try await AttendeeClient.preview.speakers(AttendeePreview.event.id).map(\.name).contains("Ana Ferreira"))
        #expect(try await !AttendeeMediaClient.preview.gallery(AttendeePreview.event.id).isEmpty)
    }

    @Test func theUnimplementedClientsFailWithTheTestError() async {
        await #expect(throws: AttendeeClient.callNotInTest) { _ = try await AttendeeClient.unimplemented.events() }
        await #expect(throws: AttendeeClient.callNotInTest) {
            _ = try await AttendeeMediaClient.unimplemented.gallery("e1")
        }
    }
}
