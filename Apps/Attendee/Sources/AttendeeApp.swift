import APIClient
import AttendeeCore
import AttendeeUI
import Foundation
import SwiftUI

/// The Attendee iPhone app: events, agenda, sessions and people over the Quartet server.
@main
struct AttendeeApp: App {
    var body: some Scene {
        WindowGroup {
            StartupView(build: Self.root)
        }
    }

    /// The root view over the live client, wired as `quartet attendee` wires it, with the session token in the
    /// Keychain and the last agenda of each event in `attendee.sqlite` for reading offline.
    @MainActor
    static func root() async -> AttendeeRootView {
        let server = AppConfiguration.server
        let store = await DeviceStore.open("attendee")
        let tokens = TokenStore.keychain(service: "dev.quartet.attendee")
        let sessionEnd = SessionEndSignal()
        let client = AttendeeClient.live(baseURL: server, transport: .live(), tokens: tokens, sessionEnd: sessionEnd)
        let media = AttendeeMediaClient.live(
            baseURL: server, transport: .live(), tokens: tokens, sessionEnd: sessionEnd)
        return AttendeeRootView(
            client: client, offlineCopy: .localStore(store), shareBaseURL: server, mediaClient: media)
    }
}
