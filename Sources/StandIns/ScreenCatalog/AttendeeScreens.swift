import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeUI
import Foundation
import ImageCodec
import SwiftUI

/// The Attendee screens over an in-memory `AttendeeClient`: a small conference, three sessions, two people.
///
/// Each page is shown as the app pushes it (in a navigation stack, with the title the app gives it); the
/// account page and the events list come from the app's root view.
enum AttendeeScreens {
    static let app = CatalogApp(slug: "attendee", name: "Attendee", device: .iPhone15)
    static let eventID = AttendeePreview.event.id

    /// How the fake API behaves.
    enum Mode: Sendable {
        case online
        case offline
        case signedOut
        case loading
    }

    // NB: the samples are the previews' own, so Xcode's canvas and `make screens` show the same conference.
    static let event = AttendeePreview.event
    static let people = AttendeePreview.people
    static let sessions = AttendeePreview.sessions

    static func client(_ mode: Mode = .online, myAgenda: [Session]? = nil) -> AttendeeClient {
        @Sendable func answer<T: Sendable>(_ value: @autoclosure @Sendable () -> T) async throws -> T {
            switch mode {
            case .online: return value()
            case .offline: throw APIError(transportError: URLError(.notConnectedToInternet))
            case .signedOut: throw APIError.signedOut
            case .loading: return try await neverAnswers()
            }
        }
        let me = MyProfile(person: people[0], email: "ana@example.com", preferences: Preferences(tracks: ["Swift"]))
        let mine = myAgenda ?? sessions.filter(\.isAttending)
        return AttendeeClient(
            signIn: { _ in throw APIError.signedOut },
            signOut: {},
            events: { try await answer([event]) },
            event: { _ in try await answer(EventDetails(event: event, registration: nil)) },
            register: { _ in try await answer(Registration(eventID: eventID)) },
            submitAdditionalInfo: { _, submission in
                try await answer(
                    Registration(eventID: eventID, additionalInfoStatus: submission.later ? .later : .completed))
            },
            agenda: { _ in try await answer(sessions) },
            myAgenda: { _ in try await answer(mine) },
            session: { id in try await answer(sessions.first { $0.id == id } ?? sessions[0]) },
            attend: { id, _ in
                try await answer(AttendanceResult(sessionID: id, state: .attending, seatsTaken: 28, capacity: 30))
            },
            leave: { id in
                try await answer(AttendanceResult(sessionID: id, state: .cancelled, seatsTaken: 27, capacity: 30))
            },
            sessionAttendees: { _ in try await answer(people) },
            speakers: { _ in try await answer([people[0]]) },
            speaker: { _, _ in try await answer(SpeakerProfile(speaker: people[0], sessions: Array(sessions.prefix(2))))
            },
            attendees: { _, search in
                let found = people.filter { person in
                    search.map { person.name.localizedCaseInsensitiveContains($0) } ?? true
                }
                return try await answer(found)
            },
            person: { id in try await answer(people.first { $0.id == id } ?? people[0]) },
            eventFeedback: { _, _ in try await answer(()) },
            sessionFeedback: { _, _ in try await answer(()) },
            me: { try await answer(me) },
            updateMe: { update in
                var person = me.person
                person.aboutMe = update.aboutMe ?? person.aboutMe
                let saved = MyProfile(
                    person: person, email: me.email, preferences: update.preferences ?? me.preferences)
                return try await answer(saved)
            },
            wall: { _, _, _ in try await answer(AttendeePreview.wallPage) },
            discussion: { _, _, _ in try await answer(AttendeePreview.discussionPage) },
            polls: { _ in try await answer(AttendeePreview.polls) },
            poll: { id in try await answer(AttendeePreview.polls.first { $0.id == id } ?? AttendeePreview.polls[0]) })
    }

    /// ``client(_:myAgenda:)`` whose live stream is connected and quiet (a screen that follows it draws as it
    /// does between updates).
    /// The sample client as the event's organizer reads it (polls of the whole event and of every session).
    static func organizer() -> AttendeeClient {
        var organizer = client()
        let details = organizer.event
        organizer.event = { id in
            var answer = try await details(id)
            answer.pollScopes = PollScopes(wholeEvent: true, sessionIDs: sessions.map(\.id))
            return answer
        }
        return organizer
    }

    static func following() -> AttendeeClient {
        var client = client()
        client.live = { _ in AsyncThrowingStream { $0.finish() } }
        return client
    }

    /// A page as the app pushes it: in the navigation stack, with its title.
    /// A page as the app pushes it, with the app's pictures in its environment.
    struct Page<Content: View>: View {
        let title: String?
        @ViewBuilder let content: () -> Content
        let pictures = MediaPictures(client: AttendeeScreens.pictures)

        var body: some View {
            NavigationStack {
                if let title { content().navigationTitle(title) } else { content() }
            }
            .environment(pictures)
        }
    }

    /// The sample photo every picture of the catalog draws (a thumbnail, or a photo's own file): an evening sky
    /// over a stage, generated and encoded here as the server encodes thumbnails.
    static let photo: Data = {
        let size = PixelSize(width: 320, height: 240)
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let index = (y * size.width + x) * 3
                let stage = y > size.height * 2 / 3 && abs(x - size.width / 2) < size.width / 3
                let sky = Double(y) / Double(size.height)
                pixels[index] = stage ? 60 : UInt8(40 + 200 * sky)
                pixels[index + 1] = stage ? 50 : UInt8(60 + 90 * sky)
                pixels[index + 2] = stage ? 70 : UInt8(150 - 70 * sky)
            }
        }
        return (try? TurboJPEG.encode(RGBImage(size: size, pixels: pixels), quality: 85)) ?? Data()
    }()

    /// The preview media client, answering every picture with ``photo``.
    static var pictures: AttendeeMediaClient {
        var client = AttendeeMediaClient.preview
        client.thumbnail = { _ in photo }
        client.download = { _ in photo }
        return client
    }

    @MainActor
    static func page<Content: View>(_ destination: AttendeeDestination?, _ content: @escaping () -> Content)
        -> ViewHost<Page<Content>>
    {
        ViewHost(Page(title: destination?.title, content: content))
    }

    static var entries: [ScreenEntry] {
        let share = URL(string: "https://quartet.dev/s")!
        return [
            ScreenEntry(app, screen: "account", state: "signed-out", summary: "The app opens on the account page") {
                let host = ViewHost(
                    AttendeeRootView(
                        client: client(.signedOut), shareBaseURL: share, mediaClient: .unimplemented,
                        locale: catalogLocale))
                return try await host.settled("the account page")
            },
            ScreenEntry(app, screen: "events", state: "loaded", summary: "Signed in: the events") {
                let host = ViewHost(
                    AttendeeRootView(
                        client: client(), shareBaseURL: share, mediaClient: .unimplemented, locale: catalogLocale))
                return try await host.settled("the events") { $0.texts.contains(event.name) }
            },
            ScreenEntry(app, screen: "dashboard", state: "loading", summary: "An event's dashboard before it loads") {
                let host = page(.dashboard(eventID: eventID)) {
                    EventDetailsView(
                        model: EventDetailsModel(
                            client: client(.loading), eventID: eventID, name: event.name, locale: catalogLocale),
                        eventID: eventID)
                }
                return try await host.poll("the spinner") { $0.first { $0.kind == .progress } != nil }
            },
            ScreenEntry(app, screen: "dashboard", state: "loaded", summary: "An event's dashboard and its links") {
                try await page(.dashboard(eventID: eventID)) {
                    EventDetailsView(
                        model: EventDetailsModel(client: client(), eventID: eventID, locale: catalogLocale),
                        eventID: eventID)
                }.settled("the dashboard")
            },
            ScreenEntry(app, screen: "dashboard", state: "offline", summary: "The dashboard with no network") {
                try await page(.dashboard(eventID: eventID)) {
                    EventDetailsView(
                        model: EventDetailsModel(
                            client: client(.offline), eventID: eventID, name: event.name, locale: catalogLocale),
                        eventID: eventID)
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "agenda", state: "loading", summary: "The agenda before it loads") {
                let host = page(.agenda(eventID: eventID)) {
                    AgendaView(
                        model: AgendaModel(
                            client: client(.loading), deviceTimeZone: catalogTimeZone, locale: catalogLocale),
                        eventID: eventID)
                }
                return try await host.poll("the spinner") { $0.first { $0.kind == .progress } != nil }
            },
            ScreenEntry(app, screen: "agenda", state: "loaded", summary: "A day's sessions, seats and (+)") {
                try await page(.agenda(eventID: eventID)) {
                    AgendaView(
                        model: AgendaModel(client: client(), deviceTimeZone: catalogTimeZone, locale: catalogLocale),
                        eventID: eventID)
                }.settled("the agenda")
            },
            ScreenEntry(
                app, screen: "agenda", state: "offline", summary: "The agenda with no network and no saved copy"
            ) {
                try await page(.agenda(eventID: eventID)) {
                    AgendaView(
                        model: AgendaModel(
                            client: client(.offline), deviceTimeZone: catalogTimeZone, locale: catalogLocale),
                        eventID: eventID)
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "session", state: "loaded", summary: "A session with few seats left") {
                try await page(.session(id: "s2")) {
                    SessionDetailsView(
                        model: SessionDetailsModel(client: client(), shareBaseURL: share, locale: catalogLocale),
                        sessionID: "s2")
                }.settled("the session")
            },
            ScreenEntry(
                app, screen: "session", state: "offline",
                summary: "A session with no network, named as the agenda's row named it"
            ) {
                let session = sessions[1]
                return try await page(.session(id: session.id, title: session.title)) {
                    SessionDetailsView(
                        model: SessionDetailsModel(
                            client: client(.offline), shareBaseURL: share, title: session.title,
                            locale: catalogLocale),
                        sessionID: session.id)
                }.settled("the banner")
            },
            ScreenEntry(
                app, screen: "session", state: "leave-asked",
                summary: "Leave on a full session asks before the seat goes to the next person waiting"
            ) {
                var attended = sessions[2]
                attended.myAttendance = .attending
                var full = client()
                full.session = { [attended] _ in attended }
                let model = SessionDetailsModel(client: full, shareBaseURL: share, locale: catalogLocale)
                let host = page(.session(id: attended.id)) { SessionDetailsView(model: model, sessionID: attended.id) }
                _ = try await host.settled("the session") { _ in model.state == .attended }
                try await host.tapAndSettle(model.attendButtonTitle)
                return try await host.settled("the question") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "location", state: "loaded", summary: "Get Directions: the venue on a map") {
                let host = page(.session(id: "s2")) {
                    SessionDetailsView(
                        model: SessionDetailsModel(client: client(), shareBaseURL: share, locale: catalogLocale),
                        sessionID: "s2")
                }
                _ = try await host.settled("the session") { $0.find(.button, AttendeeScreenText.directions) != nil }
                try await host.tapAndSettle(AttendeeScreenText.directions)
                return try await host.settled("the map") { $0.first { $0.kind == .map } != nil }
            },
            ScreenEntry(app, screen: "additional-info", state: "empty", summary: "Registration's Additional Info") {
                try await page(nil) {
                    AdditionalInfoView(
                        model: AdditionalInfoModel(
                            client: client(), eventID: eventID, fields: event.additionalInfoFields))
                }.settled("the form")
            },
            ScreenEntry(app, screen: "attendees", state: "loaded", summary: "Everyone attending, with search") {
                try await page(.attendees(eventID: eventID)) {
                    AttendeesView(model: AttendeesModel(client: client(), eventID: eventID, locale: catalogLocale))
                }.settled("the attendees")
            },
            ScreenEntry(app, screen: "attendees", state: "offline", summary: "The attendees with no network") {
                try await page(.attendees(eventID: eventID)) {
                    AttendeesView(
                        model: AttendeesModel(client: client(.offline), eventID: eventID, locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "attendees", state: "person", summary: "An attendee's details") {
                let host = page(.attendees(eventID: eventID)) {
                    AttendeesView(model: AttendeesModel(client: client(), eventID: eventID, locale: catalogLocale))
                }
                _ = try await host.settled("the attendees") { $0.texts.contains(people[0].name) }
                try host.tap(people[0].name)
                return try await host.settled("the person") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "attendees", state: "my-card", summary: "My own card: nothing to message") {
                let host = page(.attendees(eventID: eventID)) {
                    AttendeesView(
                        model: AttendeesModel(
                            client: client(), eventID: eventID, personID: people[0].id, locale: catalogLocale))
                }
                _ = try await host.settled("the attendees") { $0.texts.contains(people[0].name) }
                try host.tap(people[0].name)
                return try await host.settled("my card") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "speakers", state: "loaded", summary: "The speakers") {
                try await page(.speakers(eventID: eventID)) {
                    SpeakersView(model: SpeakersModel(client: client(), eventID: eventID, locale: catalogLocale))
                }.settled("the speakers")
            },
            ScreenEntry(app, screen: "speakers", state: "offline", summary: "The speakers with no network") {
                try await page(.speakers(eventID: eventID)) {
                    SpeakersView(
                        model: SpeakersModel(client: client(.offline), eventID: eventID, locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "speakers", state: "profile", summary: "A speaker's profile") {
                let host = page(.speakers(eventID: eventID)) {
                    SpeakersView(model: SpeakersModel(client: client(), eventID: eventID, locale: catalogLocale))
                }
                _ = try await host.settled("the speakers") { $0.texts.contains(people[0].name) }
                try await host.tapAndSettle(people[0].name)
                return try await host.settled("the profile") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "speakers", state: "profile-organizer",
                summary: "A speaker's profile as the organizer sees it: the account that speaks"
            ) {
                var asOrganizer = organizer()
                asOrganizer.speakerAccount = { _, speakerID in
                    SpeakerAccount(speakerID: speakerID, email: nil, isLinked: false, linkedBy: nil, status: .none)
                }
                let host = page(.speakers(eventID: eventID)) {
                    SpeakersView(model: SpeakersModel(client: asOrganizer, eventID: eventID, locale: catalogLocale))
                }
                _ = try await host.settled("the speakers") { $0.texts.contains(people[0].name) }
                try await host.tapAndSettle(people[0].name)
                return try await host.settled("the profile") { $0.topPresentation != nil }
            },
            ScreenEntry(
                app, screen: "speakers", state: "profile-organizer-suggested",
                summary: "A speaker's profile as the organizer sees it: the programme's e-mail, suggested, not linked"
            ) {
                var asOrganizer = organizer()
                asOrganizer.speakerAccount = { _, speakerID in
                    SpeakerAccount(
                        speakerID: speakerID, email: "ana.ferreira@example.com", isLinked: false,
                        linkedBy: .programme, status: .suggested, accountExists: true)
                }
                let host = page(.speakers(eventID: eventID)) {
                    SpeakersView(model: SpeakersModel(client: asOrganizer, eventID: eventID, locale: catalogLocale))
                }
                _ = try await host.settled("the speakers") { $0.texts.contains(people[0].name) }
                try await host.tapAndSettle(people[0].name)
                return try await host.settled("the suggestion") {
                    $0.topPresentation?.texts.contains { $0.contains("ana.ferreira@example.com") } == true
                }
            },
            ScreenEntry(app, screen: "profile", state: "loaded", summary: "My profile") {
                try await page(.profile) { ProfileView(model: ProfileModel(client: client())) }.settled("the profile")
            },
            ScreenEntry(app, screen: "profile", state: "editing", summary: "Editing About Me") {
                let host = page(.profile) { ProfileView(model: ProfileModel(client: client())) }
                _ = try await host.settled("the profile") { $0.texts.contains(people[0].name) }
                try host.tap(AttendeeScreenText.edit(AttendeeScreenText.aboutMe))
                return try await host.settled("the editor")
            },
            ScreenEntry(app, screen: "profile", state: "saved", summary: "About Me saved: the confirmation") {
                let host = page(.profile) { ProfileView(model: ProfileModel(client: client())) }
                _ = try await host.settled("the profile") { $0.texts.contains(people[0].name) }
                try host.tap(AttendeeScreenText.edit(AttendeeScreenText.aboutMe))
                try host.type("Building conference apps in Lisbon.", into: AttendeeScreenText.aboutMe)
                try host.tap(AttendeeScreenText.save)
                return try await host.settled("the confirmation") {
                    $0.first { $0.systemImage == "checkmark.circle" } != nil
                }
            },
            ScreenEntry(
                app, screen: "profile", state: "editing-details",
                summary: "Editing name, job title and company, the name emptied"
            ) {
                let host = page(.profile) { ProfileView(model: ProfileModel(client: client())) }
                _ = try await host.settled("the profile") { $0.texts.contains(people[0].name) }
                try host.tap(AttendeeScreenText.edit(AttendeeScreenText.details))
                try host.type("", into: AttendeeScreenText.nameField)
                return try await host.settled("the fields")
            },
            ScreenEntry(app, screen: "profile", state: "signed-out", summary: "My profile without a session") {
                try await page(.profile) { ProfileView(model: ProfileModel(client: client(.signedOut))) }
                    .settled("the banner")
            },
            ScreenEntry(app, screen: "wall", state: "loaded", summary: "The event wall: composer, posts, likes") {
                try await page(.wall(eventID: eventID)) {
                    WallView(
                        model: WallModel(
                            client: client(), eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale))
                }.settled("the wall") { $0.texts.contains(AttendeePreview.wallPage.posts[0].text) }
            },
            ScreenEntry(
                app, screen: "wall", state: "more-replies", summary: "A post with more replies than the wall carries"
            ) {
                var busy = client()
                busy.wall = { _, _, _ in
                    var page = AttendeePreview.wallPage
                    page.posts[0].replyCount = 12
                    page.posts[0].earlierRepliesCursor = "earlier"
                    return page
                }
                return try await page(.wall(eventID: eventID)) {
                    WallView(
                        model: WallModel(
                            client: busy, eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale))
                }.settled("the wall") { $0.texts.contains(AttendeePreview.wallPage.posts[0].text) }
            },
            ScreenEntry(app, screen: "wall", state: "offline", summary: "The wall with no network") {
                try await page(.wall(eventID: eventID)) {
                    WallView(
                        model: WallModel(
                            client: client(.offline), eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale
                        ))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "wall", state: "photo-attached", summary: "A photo attached to the next post") {
                var attaching = client()
                attaching.uploadAttachment = AttendeeClient.preview.uploadAttachment
                let model = WallModel(
                    client: attaching, eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale)
                let host = page(.wall(eventID: eventID)) { WallView(model: model) }
                _ = try await host.settled("the wall") { $0.texts.contains(AttendeePreview.wallPage.posts[0].text) }
                try host.pickPhoto(Data([0xFF, 0xD8, 0xFF]), in: model.attachment.pickerTitle)
                return try await host.settled("the photo") { $0.find(.button, model.attachment.removeTitle) != nil }
            },
            ScreenEntry(app, screen: "wall", state: "delete-asked", summary: "Delete on one's own post asks first") {
                let host = page(.wall(eventID: eventID)) {
                    WallView(
                        model: WallModel(
                            client: client(), eventID: eventID, timeZone: catalogTimeZone, locale: catalogLocale))
                }
                _ = try await host.settled("the wall") { $0.texts.contains(AttendeePreview.wallPage.posts[0].text) }
                try host.tap(WallText.delete)
                return try await host.settled("the question") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "discussion", state: "loaded", summary: "A session's discussion") {
                try await page(.discussion(sessionID: sessions[0].id)) {
                    DiscussionView(
                        model: DiscussionModel(
                            client: client(), sessionID: sessions[0].id, timeZone: catalogTimeZone,
                            locale: catalogLocale))
                }.settled("the discussion") { $0.texts.contains(AttendeePreview.discussionPage.messages[0].text) }
            },
            ScreenEntry(app, screen: "my-agenda", state: "loaded", summary: "My agenda, with the calendar export") {
                try await page(.myAgenda(eventID: eventID)) {
                    MyAgendaView(
                        model: MyAgendaModel(
                            client: client(), eventID: eventID, shareBaseURL: share, locale: catalogLocale))
                }.settled("my agenda")
            },
            ScreenEntry(app, screen: "my-agenda", state: "empty", summary: "My agenda with nothing in it") {
                try await page(.myAgenda(eventID: eventID)) {
                    MyAgendaView(
                        model: MyAgendaModel(
                            client: client(myAgenda: []), eventID: eventID, shareBaseURL: share, locale: catalogLocale))
                }.settled("my agenda")
            },
            ScreenEntry(app, screen: "my-agenda", state: "signed-out", summary: "My agenda without a session") {
                try await page(.myAgenda(eventID: eventID)) {
                    MyAgendaView(
                        model: MyAgendaModel(
                            client: client(.signedOut), eventID: eventID, shareBaseURL: share, locale: catalogLocale))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "feedback", state: "session", summary: "Feedback on a session and its speaker") {
                let target = FeedbackModel.Target.session(id: "s1", speakers: sessions[0].speakers)
                return try await page(.sessionFeedback(sessionID: "s1", speakers: sessions[0].speakers)) {
                    FeedbackView(model: FeedbackModel(client: client(), target: target))
                }.settled("the form")
            },
            ScreenEntry(
                app, screen: "feedback", state: "register-first",
                summary: "The event's feedback for someone not registered: shut, saying why, before any typing"
            ) {
                try await page(.eventFeedback(eventID: eventID, given: false, registered: false, opensAt: nil)) {
                    FeedbackView(
                        model: FeedbackModel(client: client(), target: .event(id: eventID), registered: false))
                }.settled("the form")
            },
            ScreenEntry(
                app, screen: "feedback", state: "not-started",
                summary: "The event's feedback the day before it starts: shut, saying when it opens"
            ) {
                let opensAt = Date(timeIntervalSince1970: 1_804_150_800)  // 10 March 2027, 09:00 in Copenhagen
                let dayBefore = opensAt.addingTimeInterval(-86_400)
                return try await page(
                    .eventFeedback(eventID: eventID, given: false, registered: true, opensAt: opensAt)
                ) {
                    FeedbackView(
                        model: FeedbackModel(
                            client: client(), target: .event(id: eventID), opensAt: opensAt, now: { dayBefore }))
                }.settled("the form")
            },
            ScreenEntry(app, screen: "feedback", state: "rated", summary: "Stars given, a comment written") {
                let target = FeedbackModel.Target.session(id: "s1", speakers: sessions[0].speakers)
                let model = FeedbackModel(client: client(), target: target)
                let host = page(.sessionFeedback(sessionID: "s1", speakers: sessions[0].speakers)) {
                    FeedbackView(model: model)
                }
                _ = try await host.settled("the form")
                try host.tap(model.ratingStars[3].label)
                for speaker in model.speakers { try host.tap(model.stars(for: speaker)[4].label) }
                try host.type("Clear and practical.", into: AttendeeScreenText.comment)
                return try await host.settled("the stars") { $0.find(.button, model.submitTitle)?.isEnabled == true }
            },
        ] + inboxEntries + mediaEntries + offlineEntries
    }

    // MARK: Media (documents and gallery)

    static var mediaEntries: [ScreenEntry] {
        [
            ScreenEntry(app, screen: "documents", state: "loaded", summary: "The Documentation page") {
                try await page(.documents(eventID: eventID)) {
                    DocumentsView(
                        model: DocumentsModel(client: AttendeeMediaClient.preview, eventID: eventID),
                        gallery: GalleryModel(client: AttendeeMediaClient.preview, eventID: eventID))
                }.settled("the documents") { $0.texts.contains("Programme.pdf") }
            },
            ScreenEntry(app, screen: "documents", state: "downloaded", summary: "A document offered to save or open") {
                let model = DocumentsModel(client: AttendeeMediaClient.preview, eventID: eventID)
                let host = page(.documents(eventID: eventID)) {
                    DocumentsView(
                        model: model, gallery: GalleryModel(client: AttendeeMediaClient.preview, eventID: eventID))
                }
                _ = try await host.settled("the documents") { $0.texts.contains("Programme.pdf") }
                try await host.tapAndSettle(model.downloadTitle)
                return try await host.settled("the download sheet") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "polls", state: "loaded", summary: "Every poll and quiz of the event") {
                try await page(.polls(eventID: eventID)) {
                    PollListView(model: PollListModel(client: following(), eventID: eventID))
                }.settled("the polls") { $0.texts.contains(AttendeePreview.polls[0].questions[0].text) }
            },
            ScreenEntry(app, screen: "poll-composer", state: "new", summary: "An organizer's New Poll form") {
                var quiet = organizer()
                quiet.live = following().live
                let model = PollListModel(client: quiet, eventID: eventID)
                let host = page(.polls(eventID: eventID)) { PollListView(model: model) }
                _ = try await host.settled("the polls") { $0.find(.button, model.newPollTitle) != nil }
                try await host.tapAndSettle(model.newPollTitle)
                return try await host.settled("the form") { $0.topPresentation?.find(.picker, "For")?.value != nil }
            },
            ScreenEntry(app, screen: "poll", state: "open", summary: "An open poll, an answer picked") {
                let host = page(.poll(id: "q2")) {
                    LivePollView(model: LivePollModel(client: following(), pollID: "q2"))
                }
                _ = try await host.settled("the poll") { $0.texts.contains("Spaces") }
                try host.tap("Spaces")
                return try await host.settled("the pick")
            },
            ScreenEntry(app, screen: "poll", state: "results", summary: "A closed poll and its results") {
                try await page(.poll(id: "q1")) {
                    LivePollView(model: LivePollModel(client: following(), pollID: "q1"))
                }.settled("the results") { $0.texts.contains(AttendeePreview.polls[0].questions[0].text) }
            },
            ScreenEntry(app, screen: "polls", state: "offline", summary: "The polls with no network") {
                try await page(.polls(eventID: eventID)) {
                    PollListView(model: PollListModel(client: client(.offline), eventID: eventID))
                }.settled("the banner")
            },
            ScreenEntry(app, screen: "gallery", state: "loaded", summary: "The event's photos") {
                try await page(.gallery(eventID: eventID)) {
                    GalleryView(model: GalleryModel(client: AttendeeMediaClient.preview, eventID: eventID))
                }.settled("the photos") { $0.find(.button, "Opening.jpg") != nil }
            },
            ScreenEntry(app, screen: "gallery", state: "photo-opened", summary: "A photo of the reader's, opened") {
                let model = GalleryModel(client: pictures, eventID: eventID)
                let host = page(.gallery(eventID: eventID)) { GalleryView(model: model) }
                _ = try await host.settled("the photos") { $0.find(.button, "Opening.jpg") != nil }
                try await host.tapAndSettle("Opening.jpg")
                return try await host.settled("the photo's page") { $0.topPresentation != nil }
            },
            ScreenEntry(app, screen: "gallery", state: "refused", summary: "A picked file that is not a photo") {
                let refusing = AttendeeMediaClient(
                    gallery: AttendeeMediaClient.preview.gallery,
                    uploadPhoto: { _, _, _, _ in
                        throw APIError.http(
                            status: 415,
                            problem: (ProblemDetails(
                                type: MediaRefusal.unsupportedType.rawValue, status: 415, detail: nil)))
                    })
                let host = page(.gallery(eventID: eventID)) {
                    GalleryView(model: GalleryModel(client: refusing, eventID: eventID))
                }
                _ = try await host.settled("the photos") { $0.find(.button, "Opening.jpg") != nil }
                try host.pickPhoto(
                    Data("not a photo".utf8), in: GalleryModel(client: refusing, eventID: eventID).uploadTitle)
                return try await host.settled("the refusal") { $0.texts.contains { $0.hasPrefix("Only JPEG") } }
            },
        ]
    }
}
