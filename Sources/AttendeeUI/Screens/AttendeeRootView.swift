import AttendeeCore
import SwiftUI

/// The Attendee app: the account page until someone is signed in, then the events, with every other page
/// pushed on one navigation stack.
public struct AttendeeRootView: View {
    @State private var app: AttendeeAppModel

    /// The app over its live or test dependencies.
    ///
    /// `mediaClient` serves the Documentation page, the gallery and the pictures; it has no default, because the
    /// one that needs no server (``AttendeeMediaClient/unimplemented``) fails every call. Every page writes dates
    /// and times as `locale` does (the device's unless a test or a preview pins one), and reads whether a session
    /// or the event has started or ended on `now` (the device's clock unless a test pins one).
    public init(
        client: AttendeeClient, offlineCopy: AgendaOfflineCopy? = nil, shareBaseURL: URL,
        mediaClient: AttendeeMediaClient, locale: Locale = .current, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let app = AttendeeAppModel(
            client: client, mediaClient: mediaClient, offlineCopy: offlineCopy, shareBaseURL: shareBaseURL,
            locale: locale, now: now)
        _app = State(initialValue: app)
    }

    public var body: some View {
        NavigationStack(path: $app.path) {
            Group {
                if app.isSignedIn {
                    EventsView(model: app.events) { Task { await app.signOutTapped() } }
                } else {
                    AccountView(model: app.account)
                }
            }
            .navigationDestination(for: AttendeeDestination.self) { AttendeePage(destination: $0, app: app) }
        }
        .environment(app.pictures)
        .task { await app.launched() }
    }
}

struct AttendeeRootView_Previews: PreviewProvider {
    static var previews: some View {
        AttendeeRootView(
            client: AttendeeClient.preview, shareBaseURL: URL(fileURLWithPath: "/"), mediaClient: .unimplemented)
    }
}
