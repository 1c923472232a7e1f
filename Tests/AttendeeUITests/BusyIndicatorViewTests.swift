import AttendeeCore
import AttendeeModels
import Foundation
import SwiftUI
import TestSupport
import Testing

@testable import AttendeeUI

/// Screens whose loads a person waits for show a spinner while the call is out, and lose it when it is back.
@MainActor
struct BusyIndicatorViewTests {
    /// The preview client, with the one call each screen waits on held at `gate`.
    static func held(_ gate: Gate) -> AttendeeClient {
        var client = AttendeeClient.preview
        let speakers = client.speakers
        client.speakers = { eventID in
            await gate.pass()
            return try await speakers(eventID)
        }
        let myAgenda = client.myAgenda
        client.myAgenda = { eventID in
            await gate.pass()
            return try await myAgenda(eventID)
        }
        let me = client.me
        client.me = {
            await gate.pass()
            return try await me()
        }
        let notes = client.notes
        client.notes = { eventID, sessionID in
            await gate.pass()
            return try await notes(eventID, sessionID)
        }
        return client
    }

    static func spinning(_ tree: ViewNode) -> Bool { tree.first { $0.kind == .progress } != nil }

    @Test(arguments: ["speakers", "my agenda", "notes", "profile"])
    func aScreenSpinsWhileItLoads(screen: String) async throws {
        let gate = Gate(isOpen: false)
        let client = Self.held(gate)
        let view: AnyView =
            switch screen {
            case "speakers": AnyView(SpeakersView(model: SpeakersModel(client: client, eventID: "preview")))
            case "my agenda":
                AnyView(
                    MyAgendaView(
                        model: MyAgendaModel(
                            client: client, eventID: "preview", shareBaseURL: URL(string: "https://q.test")!)))
            case "profile": AnyView(ProfileView(model: ProfileModel(client: client)))
            default: AnyView(NotesView(model: NotesModel(client: client, eventID: "preview")))
            }
        let host = ViewHost(NavigationStack { view })
        _ = host.tree
        await gate.arrived(1)
        #expect(Self.spinning(host.tree))
        await gate.open()
        try await host.waitUntil("the load to end") { !Self.spinning($0) }
    }
}
