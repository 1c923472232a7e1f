import AttendeeModels
import Foundation
import Localization
import Observation

/// My agenda: the sessions the person attends at the event, in order, and their `.ics` export.
@Observable @MainActor
public final class MyAgendaModel: BusyScreen {
    /// One line: `Wed 10 Mar, 09:00 – 10:00`, title, room.
    public struct Row: Sendable, Hashable, Identifiable {
        /// The id of the thing shown.
        public var id: String
        /// `Wed 10 Mar, 09:00 – 10:00`.
        public var when: String
        /// The title shown.
        public var title: String
        /// The room.
        public var room: String
    }

    /// The rows shown, in order.
    public private(set) var rows: [Row] = []
    /// What an empty list says, if anything.
    public private(set) var emptyMessage: String?
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?

    private let client: AttendeeClient
    private let eventID: String
    private(set) var event: Event?
    /// The attended sessions, in the rows' order.
    public private(set) var sessions: [Session] = []

    /// The name the exported calendar file is shared under, `My agenda at Quartet Summit 2027.ics`: named after
    /// the event, so one event's export never replaces another's.
    public var exportFileName: String { Strings.format("myAgenda.file", event?.name ?? eventID) }
    /// The `.ics` file of the attended sessions for the share button, written each time they load; `nil` while
    /// there are none (or the file could not be written).
    public private(set) var exportFile: URL?

    private let filesFolder: ShareFolder
    private let locale: Locale
    private let shareBaseURL: URL

    /// Creates the model over a client; each calendar entry links to its session's page under `shareBaseURL` (as
    /// the session's own share does), the export is written into `filesFolder` (by default a folder of the
    /// temporary directory), and times are written as `locale` writes them.
    public init(
        client: AttendeeClient, eventID: String, shareBaseURL: URL, filesFolder: URL? = nil,
        locale: Locale = .current
    ) {
        self.client = client
        self.eventID = eventID
        self.shareBaseURL = shareBaseURL
        self.filesFolder = ShareFolder(filesFolder ?? ShareFolder.temporary)
        self.locale = locale
    }

    /// The screen appeared: loads what it shows.
    public func appeared(choice: TimeZoneChoice = .event, deviceTimeZone: TimeZone = .current) async {
        await whileBusy {
            async let details = client.event(eventID)
            async let mine = client.myAgenda(eventID)
            let event = try await details.event
            self.event = event
            sessions = try await mine.filter(\.isAttending).sorted { ($0.startsAt, $0.title) < ($1.startsAt, $1.title) }
            let formatter = SessionTimeFormatter(
                event: event, choice: choice, deviceTimeZone: deviceTimeZone, locale: locale)
            rows = sessions.map {
                Row(id: $0.id, when: formatter.dayAndTime($0), title: $0.title, room: $0.room ?? "")
            }
            emptyMessage = rows.isEmpty ? Strings.text("myAgenda.empty") : nil
            // NB: without the file the share button is not shown; the agenda itself is still there.
            exportFile =
                rows.isEmpty ? nil : try? filesFolder.write(Data((calendar() ?? "").utf8), named: exportFileName)
        }
    }

    /// The `.ics` text of every attended session, in the venue's local times, each entry with the `URL:` of its
    /// session's page.
    public func calendar(stamp: Date = Date()) -> String? {
        guard let event else { return nil }
        let base = shareBaseURL
        return CalendarFile(
            event: event, sessions: sessions, times: .zoned,
            sessionURL: { SessionDetailsModel.pageURL(of: $0, base: base) }
        ).text(stamp: stamp)
    }
}
