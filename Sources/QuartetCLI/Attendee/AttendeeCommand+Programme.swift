import AttendeeCore
import AttendeeModels
import Foundation
import LocalStore

extension AttendeeCommand {
    static var events: CommandSpec {
        CommandSpec(
            "events", summary: "list the events",
            body: body(runEvents))
    }

    /// The events page, the app's first once signed in: each row with the id the other commands take.
    @MainActor
    static func runEvents(_ context: Context) async throws {
        let model = EventsModel(client: context.client, locale: context.locale)
        await model.appeared()
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        try context.show(model.events) {
            model.emptyMessage.map { [$0] } ?? model.rows.map { "\($0.id)  \($0.name)  \($0.dates)  \($0.venue)" }
        }
    }

    static var event: CommandSpec {
        CommandSpec(
            "event", summary: "show an event with your registration", arguments: ["ID"],
            body: body(runEvent))
    }

    /// The event's dashboard, opened as a tap on its row opens it: what it says, the registration, the live poll.
    @MainActor
    static func runEvent(_ context: Context) async throws {
        let model = try await openDashboard(context)
        guard let event = model.event else { return }
        let details = EventDetails(
            event: event, registration: model.registration, livePoll: model.livePoll, feedbackGiven: model.feedbackGiven
        )
        try context.show(details) {
            var lines = [model.name, model.dates, model.venue]
            if !model.summary.isEmpty { lines += ["", model.summary] }
            lines += ["", registrationLine(model)]
            if let poll = model.livePoll { lines.append(AttendeeCommandText.livePoll(poll.question)) }
            return lines
        }
    }

    /// The dashboard of the event the first argument names, loaded (its banner, when it cannot load, is the
    /// command's failure).
    @MainActor
    static func openDashboard(_ context: Context) async throws -> EventDetailsModel {
        let model = EventDetailsModel(client: context.client, eventID: context.positional(0), locale: context.locale)
        await model.appeared(now: context.now())
        guard model.hasLoaded else { throw ScreenFailure(message: model.banner?.text ?? "") }
        return model
    }

    /// `Registered (additional info: later).`, or how to register.
    @MainActor
    static func registrationLine(_ model: EventDetailsModel) -> String {
        model.registration.map { AttendeeCommandText.registered($0.additionalInfoStatus) }
            ?? AttendeeCommandText.notRegistered(model.event?.id ?? "")
    }

    static var register: CommandSpec {
        CommandSpec(
            "register", summary: "register for an event and answer Additional Info (or --later)",
            arguments: ["EVENT"],
            options: [
                .flag("later", help: "Later, I haven't decided: skip Additional Info"),
                OptionSpec("field", value: "KEY=VALUE", help: "an Additional Info answer (repeatable)"),
                OptionSpec("guest", value: "\"Name <mail>\"", help: "a guest (repeatable)"),
            ],
            body: body(runRegister))
    }

    /// Register on the dashboard, then the Additional Info page the app shows next: each `--field` typed into
    /// its field, each `--guest` added with "+ Add More", then Submit (or "Later, I haven't decided"); prints
    /// the dashboard's registration afterwards. A person registered already who gives answers taps the
    /// dashboard's "Complete Registration" instead, which refuses once Additional Info is complete.
    ///
    /// A usage error (exit 2) leaves nothing done: the answers are checked on the form registering would open
    /// before registering. Should the form refuse them once registered all the same, the command says the person
    /// is registered with Additional Info still to do, and fails (exit 1).
    @MainActor
    static func runRegister(_ context: Context) async throws {
        let arguments = context.arguments
        var answers: [(key: String, value: String)] = []
        for pair in arguments.all("field") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw UsageError(AttendeeCommandText.badField(pair)) }
            answers.append((String(parts[0]), String(parts[1])))
        }
        let guests = try arguments.all("guest").map { mailbox in
            guard let guest = Guest(mailbox: mailbox) else { throw UsageError(AttendeeCommandText.badGuest(mailbox)) }
            return guest
        }
        let later = arguments.flag("later")
        if later, !answers.isEmpty || !guests.isEmpty { throw UsageError(AttendeeCommandText.laterWithAnswers) }
        /// The answers typed into the form, each guest added with "+ Add More".
        func fill(_ form: AdditionalInfoModel) {
            for answer in answers { form.answerChanged(answer.key, answer.value) }
            for guest in guests {
                form.addGuestTapped()
                form.guestChanged(form.guests.count - 1, name: guest.name, email: guest.email)
            }
        }

        let dashboard = try await openDashboard(context)
        let registering = !dashboard.isRegistered
        if registering, !later {
            let ahead = dashboard.additionalInfoForm()
            fill(ahead)
            if !ahead.fieldsChecked(), let message = ahead.firstFieldError {
                throw UsageError(AttendeeCommandText.additionalInfoRefused(message, fields: ahead.fields))
            }
        }
        if dashboard.isRegistered, !answers.isEmpty || !guests.isEmpty {
            dashboard.completeRegistrationTapped()
        } else {
            await dashboard.registerTapped()
        }
        if let failure = dashboard.banner?.failure { throw ScreenFailure(message: failure) }
        if let form = dashboard.additionalInfo {
            if later {
                await form.laterTapped()
            } else {
                fill(form)
                await form.submitTapped()
            }
            let refusal = form.firstFieldError ?? form.banner?.failure
            if let refusal, registering {
                throw ScreenFailure(message: AttendeeCommandText.registeredAdditionalInfoToDo(refusal))
            }
            if let message = form.firstFieldError {
                throw UsageError(AttendeeCommandText.additionalInfoRefused(message, fields: form.fields))
            }
            if let failure = form.banner?.failure { throw ScreenFailure(message: failure) }
            dashboard.additionalInfoClosed()
            await dashboard.appeared(now: context.now())
        }
        guard let registration = dashboard.registration else {
            throw ScreenFailure(message: dashboard.banner?.text ?? "")
        }
        try context.show(registration) {
            [AttendeeCommandText.registered(for: dashboard.name, registration.additionalInfoStatus)]
        }
    }

    static var agenda: CommandSpec {
        CommandSpec(
            "agenda", summary: "the event's sessions of one day", arguments: ["EVENT"],
            options: [
                OptionSpec("day", value: "N", help: "the day to show, from 1 (default: 1)"),
                .flag("device-time", help: "show times in this device's time zone instead of the event's"),
            ],
            body: body(runAgenda))
    }

    /// The agenda screen, opened as the app opens it (the day that holds today, else the first), over the same
    /// offline copy, kept in this machine's device store: offline, the agenda last seen shows under the screen's
    /// notice (on standard error). Its day tab and time switch are tapped as asked; prints the tabs, the clock and
    /// each row with its mark and id.
    @MainActor
    static func runAgenda(_ context: Context) async throws {
        let model = AgendaModel(
            client: context.client, offlineCopy: .localStore(try await deviceStore(context)),
            deviceTimeZone: context.timeZone, locale: context.locale, now: context.now)
        await model.appeared(eventID: context.positional(0), now: context.now())
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        if let notice = model.offlineNotice { context.console.errorLine(notice) }
        if context.arguments.flag("device-time") { model.timeZoneToggled() }
        if let number = try context.arguments.value("day", refusal: AttendeeCommandText.badDay, { Int($0) }) {
            guard model.dayTabs.indices.contains(number - 1) else {
                throw UsageError(AttendeeCommandText.dayOutOfRange(number, days: model.dayTabs.count))
            }
            model.dayTapped(number - 1)
        }
        try context.show(model.shownSessions) {
            if let empty = model.emptyMessage { return [empty] }
            let tabs = model.dayTabs.enumerated().map {
                $0.offset == model.selectedDay ? "[\($0.element)]" : $0.element
            }
            var lines = [tabs.joined(separator: "  "), model.timeZoneLabel, ""]
            for row in model.rows {
                // NB: the view draws the mark as a symbol; the terminal, as a character.
                let mark =
                    switch row.mark {
                    case .attending: "✓"
                    case .waitlisted: "…"
                    case .full: "⧗"
                    case .notAttending: "+"
                    }
                var line = "\(mark) \(row.time)  \(row.title)"
                if !row.place.isEmpty { line += "  (\(row.place))" }
                if let seats = row.seatsMessage { line += "  — \(seats)" }
                lines += [line, "    \(row.id)"]
            }
            return lines
        }
    }

    /// The store this machine keeps for the Attendee app (`<data-dir>/attendee/device.sqlite`), as the phone
    /// keeps its own; a damaged one is set aside, and the notice saying so goes to standard error.
    static func deviceStore(_ context: Context) async throws -> LocalStore {
        let folder = try context.options.deviceFolder("attendee")
        let opened = try await LocalStore.open(path: folder.appendingPathComponent("device.sqlite").path)
        if let notice = opened.notice { context.console.errorLine(notice) }
        return opened.store
    }

    static var attend: CommandSpec {
        CommandSpec(
            "attend", summary: "take a seat in a session", arguments: ["SESSION"],
            options: [.flag("waitlist", help: "join the waitlist when the session is full")],
            body: body { context in
                try await runAttendance(context) { model in
                    guard model.state != .full || context.arguments.flag("waitlist") else {
                        throw UsageError(AttendeeCommandText.fullUseWaitlist)
                    }
                    await model.attendTapped()
                }
            })
    }

    static var leave: CommandSpec {
        CommandSpec(
            "leave", summary: "give your seat back (or leave the waitlist)", arguments: ["SESSION"],
            body: body { context in
                try await runAttendance(context) { page in
                    await page.leaveTapped()
                    await confirm(page.confirmation, with: page.confirmTapped)
                }
            })
    }

    /// Opens the session page, taps its attend or leave button through `tap`, and prints the page's state line
    /// and seats.
    @MainActor
    static func runAttendance(
        _ context: Context, _ tap: @MainActor (SessionDetailsModel) async throws -> Void
    ) async throws {
        let model = try await openSession(context)
        try await tap(model)
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        guard let session = model.session else { return }
        try context.show(session) { [model.stateLabel] + [model.seatsMessage].compactMap { $0 } }
    }

    /// The page of the session the first argument names, loaded in the event's time or the device's
    /// (`--device-time`), for the person `personID` (as the app's page is for the person signed in).
    @MainActor
    static func openSession(_ context: Context, personID: String? = nil) async throws -> SessionDetailsModel {
        let model = SessionDetailsModel(
            client: context.client, shareBaseURL: context.options.server, personID: personID, locale: context.locale,
            now: context.now)
        let choice: TimeZoneChoice = context.arguments.flag("device-time") ? .device : .event
        await model.appeared(sessionID: context.positional(0), choice: choice, deviceTimeZone: context.timeZone)
        guard model.session != nil else {
            throw ScreenFailure(message: model.banner?.text ?? AttendeeCommandText.noSession(context.positional(0)))
        }
        return model
    }

    static var session: CommandSpec {
        CommandSpec(
            "session", summary: "show a session", arguments: ["ID"],
            options: [.flag("device-time", help: "show times in this device's time zone")],
            body: body(runSession))
    }

    /// The session page, opened as a tap on its row opens it: what it shows, and its speakers' ids.
    @MainActor
    static func runSession(_ context: Context) async throws {
        let model = try await openSession(context)
        guard let session = model.session else { return }
        try context.show(session) {
            var lines = [model.title, model.time, model.place, model.kindAndTrack]
            if !model.speakers.isEmpty {
                lines.append(
                    AttendeeCommandText.speakers(model.speakers.map { "\($0.name) (\($0.id))" }.joined(separator: ", "))
                )
            }
            if let seats = model.seatsMessage { lines.append(seats) }
            lines.append(model.stateLabel)
            if !model.abstract.isEmpty { lines += ["", model.abstract] }
            return lines
        }
    }

    static var share: CommandSpec {
        CommandSpec(
            "share", summary: "what the share sheet offers for a session: its title, time, place, link and .ics",
            arguments: ["SESSION"],
            options: [OptionSpec("ics", value: "FILE", help: "write the calendar entry to FILE")],
            body: body { context in
                let sheet = try await shareSheet(context, context.positional(0))
                if let file = context.arguments.value("ics") {
                    try Data(sheet.calendar.utf8).write(to: URL(fileURLWithPath: file))
                }
                try context.show(sheet) {
                    [sheet.subject, sheet.text, sheet.link]
                        + (context.arguments.value("ics") == nil ? ["", sheet.calendar] : [])
                }
            })
    }

    /// What the session page's share button hands the share sheet.
    struct ShareSheet: Encodable, Sendable {
        var subject: String
        var text: String
        var link: String
        var calendar: String
    }

    /// Opens the session page, as a tap would, and reads its share sheet.
    @MainActor
    static func shareSheet(_ context: Context, _ sessionID: String) async throws -> ShareSheet {
        let model = SessionDetailsModel(
            client: context.client, shareBaseURL: context.options.server, locale: context.locale)
        await model.appeared(sessionID: sessionID)
        guard let link = model.shareURL, let calendar = model.calendarEntry(stamp: Date()) else {
            throw UsageError(model.banner?.text ?? AttendeeCommandText.noSession(sessionID))
        }
        return ShareSheet(subject: model.title, text: model.shareText, link: link.absoluteString, calendar: calendar)
    }

    static var myAgenda: CommandSpec {
        CommandSpec(
            "my-agenda", summary: "the sessions you attend, in order (--ics writes a calendar file)",
            arguments: ["EVENT"],
            options: [
                OptionSpec("ics", value: "FILE", help: "write the sessions as an iCalendar (.ics) file"),
                .flag("device-time", help: "show times in this device's time zone"),
            ],
            body: body(runMyAgenda))
    }

    /// The My Agenda screen, opened as the app opens it: its order, its empty line, its calendar file.
    @MainActor
    static func runMyAgenda(_ context: Context) async throws {
        let model = MyAgendaModel(
            client: context.client, eventID: context.positional(0), shareBaseURL: context.options.server,
            locale: context.locale)
        await model.appeared(
            choice: context.arguments.flag("device-time") ? .device : .event, deviceTimeZone: context.timeZone)
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        if let path = context.arguments.value("ics"), let text = model.calendar() {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            context.console.errorLine(AttendeeCommandText.wroteCalendar(model.rows.count, to: path))
        }
        try context.show(model.sessions) {
            if let empty = model.emptyMessage { return [empty] }
            return model.rows.map { "\($0.when)  \($0.title)" + ($0.room.isEmpty ? "" : "  (\($0.room))") }
        }
    }

    static var feedback: CommandSpec {
        let rating = OptionSpec("rating", value: "1-5", help: "your rating")
        let comment = OptionSpec("comment", value: "TEXT", help: "a comment")
        return CommandSpec(
            "feedback", summary: "rate the event or a session (once)",
            subcommands: [
                CommandSpec(
                    "event", summary: "rate an event", arguments: ["EVENT"], options: [rating, comment],
                    body: body { context in
                        try await runFeedback(context) { try await eventFeedbackPage(context) }
                    }),
                CommandSpec(
                    "session", summary: "rate a session and each of its speakers", arguments: ["SESSION"],
                    options: [
                        rating, comment,
                        OptionSpec("speaker", value: "ID=1-5", help: "a speaker's rating (one per speaker)"),
                    ],
                    body: body { context in
                        try await runFeedback(context) { try await sessionFeedbackPage(context) }
                    }),
            ])
    }

    /// The dashboard's Feedback link, tapped: the page knows whether feedback was given and whether the person is
    /// registered, as the dashboard read them.
    @MainActor
    static func eventFeedbackPage(_ context: Context) async throws -> FeedbackModel {
        let dashboard = try await openDashboard(context)
        guard case .eventFeedback(let id, let given, let registered, let opensAt)? = dashboard.destination(.feedback)
        else {
            throw ScreenFailure(message: dashboard.banner?.text ?? "")
        }
        return FeedbackModel(
            client: context.client, target: .event(id: id), alreadyGiven: given, registered: registered,
            opensAt: opensAt, now: context.now)
    }

    /// The session page's feedback button, tapped: the feedback page of an attended session (a session rated
    /// already, or not attended, shows no such button).
    @MainActor
    static func sessionFeedbackPage(_ context: Context) async throws -> FeedbackModel {
        // NB: the app knows who is signed in from its launch (`GET /me`); the page needs it to tell a speaker.
        let me = try? await context.client.me()
        let page = try await openSession(context, personID: me?.person.id)
        guard case .sessionFeedback(let id, let speakers)? = page.feedbackDestination else {
            throw ScreenFailure(message: page.feedbackAccess.reason ?? page.banner?.text ?? "")
        }
        return FeedbackModel(client: context.client, target: .session(id: id, speakers: speakers))
    }

    /// The feedback page `page` opens: `--rating`, each `--speaker ID=N` and `--comment` chosen and typed (checked
    /// as options before the page opens), then Submit.
    @MainActor
    static func runFeedback(_ context: Context, page: @MainActor () async throws -> FeedbackModel) async throws {
        let rating = try ratingValue(context)
        let speakers = try context.arguments.all("speaker").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1]) else {
                throw UsageError(AttendeeCommandText.badSpeakerRating(pair))
            }
            return (id: String(parts[0]), rating: value)
        }
        let model = try await page()
        // NB: a page that takes nothing (feedback given, not registered, not open yet) says why before anything
        // is sent.
        if !model.isFormEnabled, let notice = model.notice { throw ScreenFailure(message: notice) }
        model.ratingChosen(rating)
        for speaker in speakers { model.speakerRatingChosen(speaker.id, speaker.rating) }
        model.commentChanged(context.arguments.value("comment") ?? "")
        if let refusal = model.refusal {
            throw UsageError(
                model.speakers.isEmpty
                    ? refusal : AttendeeCommandText.sessionFeedbackRefused(refusal, speakers: model.speakers))
        }
        await model.submitTapped()
        guard model.outcome == .sent, case .confirmation(let thanks)? = model.banner else {
            throw ScreenFailure(message: model.banner?.text ?? "")
        }
        context.console.line(thanks)
    }

    static func ratingValue(_ context: Context) throws -> Int {
        guard let value = try context.arguments.value("rating", refusal: AttendeeCommandText.badRating, { Int($0) })
        else {
            throw UsageError(AttendeeCommandText.ratingRequired)
        }
        return value
    }

    static var importCommand: CommandSpec {
        CommandSpec(
            "import",
            summary: "load a frab schedule.json, a Sessionize programme or an Open Event export (re-importing updates)",
            arguments: ["PATH", "[PATH]..."],
            options: [
                OptionSpec(
                    "format", value: "FORMAT",
                    help: "frab, sessionize or open-event (default: told from the files; a folder is open-event)"),
                OptionSpec(
                    "time-zone", value: "ZONE", help: "the event's IANA zone; wins over the file's zone and offsets"),
                OptionSpec("name", value: "NAME", help: "the event's name when the file has none"),
                OptionSpec("capacity", value: "N", help: "seats for each workshop and breakout"),
                .flag("dry-run", help: "read and report without sending"),
            ],
            body: body { context in
                let paths = context.arguments.positionals
                let format = try context.arguments.value("format", refusal: AttendeeCommandText.badFormat) {
                    ProgrammeFormat(rawValue: $0)
                }
                let options = ImportOptions(
                    eventName: context.arguments.value("name"), timeZone: context.arguments.value("time-zone"),
                    smallSessionCapacity: try context.arguments.value(
                        "capacity", refusal: AttendeeCommandText.badCapacity
                    ) {
                        Int($0)
                    })
                let report: ImportReport
                do {
                    report = try ProgrammeImporter.read(
                        contentsOf: paths.map { URL(fileURLWithPath: $0) }, format: format, options: options)
                } catch let mistake as ImportOptionError {
                    throw UsageError(mistake.message)
                }
                for item in report.skipped { context.console.errorLine(AttendeeCommandText.skipped(item.description)) }
                for warning in report.warnings { context.console.errorLine(AttendeeCommandText.warning(warning)) }
                let programme = report.programme
                context.console.errorLine(AttendeeCommandText.read(report))
                if context.arguments.flag("dry-run") {
                    try context.show(programme) { [] }
                    return
                }
                let summary = try await context.client.importProgramme(programme)
                try context.show(summary) {
                    var lines = [AttendeeCommandText.imported(summary)] + AttendeeCommandText.capacitiesKept(summary)
                    if let kept = summary.externalID, kept != programme.event.externalID {
                        lines.append(AttendeeCommandText.keptApart(programme.event.externalID, kept: kept))
                    }
                    return lines
                }
            })
    }
}
