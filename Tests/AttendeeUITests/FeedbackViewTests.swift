import AttendeeCore
import AttendeeModels
import SwiftUI
import Testing

@testable import AttendeeUI

/// The feedback form read as a person reads it: what each row of stars rates.
@MainActor
struct FeedbackViewTests {
    /// A session's overall row says it rates the session, and the speakers' rows, titled by name alone, sit
    /// under a Speakers header, so no row of stars is taken for another; VoiceOver reads the same words.
    @Test func eachRowOfStarsSaysWhatItRates() async throws {
        let speakers = [PersonReference(id: "a", name: "Ana Ferreira"), PersonReference(id: "b", name: "Mei Tanaka")]
        let model = FeedbackModel(client: AttendeeClient(), target: .session(id: "s1", speakers: speakers))
        let host = ViewHost(FeedbackView(model: model))
        await host.settle()
        #expect(host.tree.texts.contains("This Session"))
        #expect(!host.tree.texts.contains("Rating"))
        let section = try #require(host.tree.first { $0.kind == .section && $0.texts.contains("Ana Ferreira") })
        #expect(section.header.flatMap(\.texts) == ["Speakers"])
        #expect(section.texts.filter { !$0.isEmpty }.contains("Mei Tanaka"))
        #expect(!section.texts.contains("This Session"))
        #expect(host.tree.find(.button, "This Session: 3 stars") != nil)
    }

    /// The event's form has no speakers: its one row says it rates the event, and no Speakers header shows.
    @Test func theEventsRowSaysItRatesTheEvent() async throws {
        let host = ViewHost(FeedbackView(model: FeedbackModel(client: AttendeeClient(), target: .event(id: "e1"))))
        await host.settle()
        #expect(host.tree.texts.contains("This Event"))
        #expect(!host.tree.texts.contains("Speakers"))
    }
}
