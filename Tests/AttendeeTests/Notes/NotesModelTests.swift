import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeTestSupport
import Foundation
import Locking
import TestSupport
import Testing

/// My Notes and the note editor, step by step: through the live client against the real server, and over
/// scripted clients for the states in between.
@MainActor @Suite struct NotesModelTests {
    static let utc = TimeZone(identifier: "UTC") ?? .current

    @Test func writeAboutASessionFilterEditAndDelete() async throws {
        try await AttendeeTestServer.with { server in
            let client = try LiveScreenTests.client(server, LiveScreenTests.MemoryTokens())
            _ = try await client.signUp(SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await client.register(server.eventID)
            let session = try #require(try await client.agenda(server.eventID).first)

            // Session details link to that session's notes.
            let details = SessionDetailsModel(client: client, shareBaseURL: try #require(URL(string: "https://q.test")))
            #expect(details.notesDestination == nil)
            await details.appeared(sessionID: session.id)
            #expect(details.notesDestination == .notes(eventID: server.eventID, sessionID: session.id))
            #expect(details.notesTitle == "My Notes")

            let list = NotesModel(client: client, eventID: server.eventID, timeZone: Self.utc)
            #expect(list.title == "My Notes")
            await list.appeared()
            #expect(list.rows.isEmpty)
            #expect(list.emptyMessage == "No notes yet.")

            let eventNote = list.newNoteEditor()
            #expect(eventNote.title == "New Note")
            #expect(eventNote.isSaveEnabled == false)
            eventNote.textChanged("Bring a charger")
            #expect(eventNote.counter == "15 / 10,000")
            await eventNote.saveTapped()
            #expect(eventNote.saveState == .saved)
            #expect(eventNote.banner == .confirmation("Note saved."))
            await list.appeared()
            #expect(list.rows.map(\.about) == ["Event note"])

            // From the session's details: that session's notes only, and a new note is about it.
            let sessionList = NotesModel(
                client: client, eventID: server.eventID, filter: .session(id: session.id), timeZone: Self.utc)
            await sessionList.appeared()
            #expect(sessionList.rows.isEmpty)
            #expect(sessionList.emptyMessage == "No notes about this session yet.")
            let sessionNote = sessionList.newNoteEditor()
            sessionNote.textChanged("Ask about the offline copy\nand the outbox")
            await sessionNote.saveTapped()
            await sessionList.appeared()
            #expect(sessionList.rows.map(\.preview) == ["Ask about the offline copy"])
            #expect(sessionList.rows.map(\.about) == [session.title])

            await list.appeared()
            #expect(list.rows.count == 2)
            await list.filterChosen(.session(id: session.id))
            #expect(list.rows.map(\.about) == [session.title])
            #expect(list.filterTitle(list.filter) == "This Session")
            await list.filterChosen(.all)
            #expect(Set(list.rows.map(\.about)) == ["Event note", session.title])

            let saved = try #require(eventNote.note)
            let id = saved.id
            let editor = NoteEditorModel(client: client, editing: saved)
            #expect(editor.title == "Edit Note")
            #expect(editor.text == "Bring a charger")
            #expect(editor.isSaveEnabled == false)
            editor.textChanged("Bring two chargers")
            await editor.saveTapped()
            #expect(editor.note?.version == 2)
            #expect(try await client.note(id).text == "Bring two chargers")

            // Delete asks first, naming the note by its first line; only the question's Delete deletes. A note
            // the list does not show is asked about nothing.
            list.deleteTapped(id: "not-shown")
            #expect(list.confirmation == nil)
            await list.appeared()
            list.deleteTapped(id: id)
            #expect(list.confirmation?.title == "Delete “Bring two chargers”?")
            #expect(list.confirmation?.message == "It is deleted on all your devices. This cannot be undone.")
            #expect(try await client.notes(server.eventID, nil).count == 2)
            #expect(await list.confirmTapped(try #require(list.confirmation).action))
            #expect(list.confirmation == nil)
            #expect(list.banner == .confirmation("Note deleted."))
            #expect(list.rows.map(\.about) == [session.title])
            #expect(try await client.notes(server.eventID, nil).map(\.id) == [try #require(sessionNote.note?.id)])
        }
    }

    @Test func aStaleSaveShowsTheConflictThenKeepsMineOrUsesTheirs() async throws {
        try await AttendeeTestServer.with { server in
            let phone = try LiveScreenTests.client(server, LiveScreenTests.MemoryTokens())
            let session = try await phone.signUp(
                SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await phone.register(server.eventID)
            let tabletTokens = LiveScreenTests.MemoryTokens()
            tabletTokens.token.withLock { $0 = session.token }
            let tablet = try LiveScreenTests.client(server, tabletTokens)

            let note = try await phone.createNote(server.eventID, NoteDraft(text: "First"), UUID().uuidString)
            let onPhone = NoteEditorModel(client: phone, editing: note)
            let onTablet = NoteEditorModel(client: tablet, editing: note)
            onTablet.textChanged("Tablet words")
            await onTablet.saveTapped()
            #expect(onTablet.saveState == .saved)

            onPhone.textChanged("Phone words")
            await onPhone.saveTapped()
            #expect(onPhone.saveState == .conflict)
            #expect(onPhone.banner == .failure("This note was changed on another device since you opened it."))
            #expect(onPhone.conflict?.text == "Tablet words")
            #expect(onPhone.keepMineTitle == "Keep Mine")
            #expect(try await phone.note(note.id).text == "Tablet words")

            await onPhone.keepMineTapped()
            #expect(onPhone.saveState == .saved)
            #expect(onPhone.conflict == nil)
            #expect(try await phone.note(note.id).text == "Phone words")
            #expect(try await phone.note(note.id).version == 3)

            // The tablet is now behind: it takes the phone's version instead.
            onTablet.textChanged("Tablet again")
            await onTablet.saveTapped()
            #expect(onTablet.saveState == .conflict)
            await onTablet.useTheirsTapped()
            #expect(onTablet.text == "Phone words")
            #expect(onTablet.saveState == .editing)
            #expect(onTablet.banner == nil)
            #expect(onTablet.isSaveEnabled == false)
            #expect(try await phone.note(note.id).text == "Phone words")
        }
    }

    /// A note deleted on another device while it was open here: Save said the server's "There is no note with this
    /// id." and met it again at every tap, so the text could be kept nowhere. Now the editor says what happened in
    /// the app's words, and the next Save keeps the text as a new note (once, with the photo and session it had).
    @Test func aNoteDeletedOnAnotherDeviceIsSavedAgainAsANewNote() async throws {
        try await AttendeeTestServer.with { server in
            let phone = try LiveScreenTests.client(server, LiveScreenTests.MemoryTokens())
            let session = try await phone.signUp(
                SignUpRequest(email: "ana@example.com", password: "correct horse", name: "Ana"))
            _ = try await phone.register(server.eventID)
            let sessionID = try #require(try await server.agenda().first?.id)
            let note = try await phone.createNote(
                server.eventID, NoteDraft(text: "First", sessionID: sessionID), UUID().uuidString)
            let onPhone = NoteEditorModel(client: phone, editing: note)
            let tabletTokens = LiveScreenTests.MemoryTokens()
            tabletTokens.token.withLock { $0 = session.token }
            let tablet = try LiveScreenTests.client(server, tabletTokens)
            try await tablet.deleteNote(note.id)

            onPhone.textChanged("Words worth keeping")
            await onPhone.saveTapped()
            #expect(onPhone.saveState == .failed)
            #expect(
                onPhone.banner
                    == .failure("This note was deleted on another device. Save to keep your text as a new note."))
            #expect(onPhone.text == "Words worth keeping")
            #expect(onPhone.isSaveEnabled)

            await onPhone.saveTapped()
            #expect(onPhone.saveState == .saved)
            #expect(onPhone.banner == .confirmation("Note saved."))
            let notes = try await phone.notes(server.eventID, nil)
            #expect(notes.map(\.text) == ["Words worth keeping"])
            #expect(notes.first?.sessionID == sessionID)
            #expect(notes.first?.id == onPhone.note?.id)
            #expect(notes.first?.id != note.id)
        }
    }

    /// A note opened by its id through one event's My Notes opens only when it was written at that event.
    @Test func aNoteOfAnotherEventDoesNotOpenHere() async {
        var client = AttendeeClient()
        client.note = { id in
            Note(
                id: id, eventID: id == "n1" ? "e1" : "e2", text: "Note \(id)",
                createdAt: Date(timeIntervalSince1970: 0),
                updatedAt: Date(timeIntervalSince1970: 0))
        }
        let list = NotesModel(client: client, eventID: "e1")
        let mine = await list.noteOpened(id: "n1")
        #expect(mine?.note?.text == "Note n1")
        #expect(list.banner == nil)
        #expect(await list.noteOpened(id: "n2") == nil)
        #expect(list.banner == .failure("Note “n2” was not written at this event."))
    }

    @Test func theEditorShowsSavingAndRefusesWhatTheServerWould() async {
        let gate = Gate(isOpen: false)
        let created = Locked<[NoteDraft]>([])
        var client = AttendeeClient()
        client.createNote = { eventID, draft, _ in
            await gate.pass()
            created.withLock { $0.append(draft) }
            if created.withLock({ $0.count }) == 1 { throw APIError.offline }
            return Note(
                id: "n1", eventID: eventID, sessionID: draft.sessionID, text: draft.text,
                createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        }
        let editor = NoteEditorModel(client: client, eventID: "e1", sessionID: "s1")
        #expect(editor.saveState == .editing)
        editor.textChanged("  ")
        #expect(editor.problem == nil)
        await editor.saveTapped()
        #expect(editor.problem == .empty)
        #expect(editor.problem?.noteText == "Write something first.")
        editor.textChanged(String(repeating: "é", count: NoteRules.textLimit + 1))
        #expect(editor.problem?.noteText == "The text must be at most 10,000 characters.")
        #expect(editor.isSaveEnabled == false)
        editor.textChanged("nul\u{0}")
        #expect(editor.problem == .invalidCharacter)
        editor.textChanged("Good question at the end")
        #expect(editor.problem == nil)

        await gate.open()
        await editor.saveTapped()
        #expect(editor.saveState == .failed)
        #expect(editor.banner == .failure("You're offline: your note was not saved."))
        #expect(editor.text == "Good question at the end")
        await gate.close()
        let saving = Task { await editor.saveTapped() }
        await gate.arrived(2)
        #expect(editor.saveState == .saving)
        #expect(editor.isSaveEnabled == false)
        #expect(editor.banner == nil)
        await gate.open()
        await saving.value
        #expect(editor.saveState == .saved)
        #expect(editor.note?.sessionID == "s1")
        #expect(created.withLock { $0.map(\.text) } == ["Good question at the end", "Good question at the end"])
    }

    /// What the person writes or attaches while a save is on its way is theirs: the answer neither takes the new
    /// photo off nor calls the note saved, so Save stays on for it.
    @Test func whatIsWrittenOrAttachedDuringASaveIsKeptAndLeftToSave() async throws {
        let gate = Gate(isOpen: false)
        var client = AttendeeClient()
        client.createNote = { eventID, draft, _ in
            await gate.pass()
            return Note(
                id: "n1", eventID: eventID, sessionID: draft.sessionID, text: draft.text, imageID: draft.imageID,
                createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
        }
        client.uploadAttachment = { eventID, name, data, _ in
            MediaFile(
                id: "m7", eventID: eventID, ownerID: "p1", purpose: .attachment, type: .jpeg, byteCount: data.count,
                fileName: name, createdAt: Date(timeIntervalSince1970: 0))
        }
        let editor = NoteEditorModel(client: client, eventID: "e1")
        editor.textChanged("Slides at")
        let saving = Task { await editor.saveTapped() }
        await gate.arrived(1)
        editor.textChanged("Slides at q.test/slides")
        await editor.attachment.photoPicked(fileName: "board.jpg", data: Data([0xFF, 0xD8, 0xFF]))
        await gate.open()
        await saving.value
        #expect(editor.note?.text == "Slides at")
        #expect(editor.text == "Slides at q.test/slides")
        #expect(editor.attachment.imageID == "m7")
        #expect(editor.saveState == .editing)
        #expect(editor.isSaveEnabled)
    }

    /// Switching the filter while the other list is on its way: only the list of the filter chosen last shows.
    @Test func aListReadForAFilterLeftBehindDoesNotReplaceTheOneChosenSince() async {
        let gate = Gate()
        @Sendable func note(_ id: String, _ session: String?) -> Note {
            Note(
                id: id, eventID: "e1", sessionID: session, text: id, createdAt: Date(timeIntervalSince1970: 0),
                updatedAt: Date(timeIntervalSince1970: 0))
        }
        var client = AttendeeClient()
        client.agenda = { _ in [] }
        client.notes = { _, sessionID in
            if sessionID != nil { await gate.pass() }
            return sessionID == nil ? [note("n1", nil), note("n2", "s1")] : [note("n2", "s1")]
        }
        let list = NotesModel(client: client, eventID: "e1", timeZone: Self.utc)
        await list.appeared()
        await gate.close()
        let toSession = Task { await list.filterChosen(.session(id: "s1")) }
        await gate.arrived(1)
        await list.filterChosen(.all)
        #expect(list.rows.map(\.id) == ["n1", "n2"])
        await gate.open()
        await toSession.value
        #expect(list.filter == .all)
        #expect(list.rows.map(\.id) == ["n1", "n2"])
        #expect(list.isBusy == false)
    }

    /// Pulled twice, the first read landing first: it is dropped, and the spinner stays on until the newer one lands.
    @Test func theSpinnerStaysOnUntilTheNewestReadLands() async {
        let gates = [Gate(isOpen: false), Gate(isOpen: false)]
        let reads = Locked(0)
        var client = AttendeeClient()
        client.agenda = { _ in [] }
        client.notes = { _, _ in
            let read = reads.next()
            await gates[read - 1].pass()
            if read == 1 { throw APIError.offline }
            return [
                Note(
                    id: "n1", eventID: "e1", text: "n1", createdAt: Date(timeIntervalSince1970: 0),
                    updatedAt: Date(timeIntervalSince1970: 0))
            ]
        }
        let list = NotesModel(client: client, eventID: "e1", timeZone: Self.utc)
        let older = Task { await list.appeared() }
        await gates[0].arrived(1)
        let newer = Task { await list.appeared() }
        await gates[1].arrived(1)
        await gates[0].open()
        await older.value
        #expect(list.isBusy, "the newer read is still on its way")
        #expect(list.banner == nil, "the older read's failure is dropped with it")
        await gates[1].open()
        await newer.value
        #expect(list.isBusy == false)
        #expect(list.rows.map(\.id) == ["n1"])
        #expect(list.banner == nil)
    }

    /// Delete confirmed twice while the first is on its way deletes once and says "Note deleted."; a note the
    /// server no longer has (deleted on another device) is gone, as the person wanted.
    @Test func aDeletionConfirmedTwiceIsSentOnceAndOneAlreadyGoneCountsAsDeleted() async {
        let gate = Gate(isOpen: false)
        let deleted = Locked<[String]>([])
        @Sendable func note(_ id: String) -> Note {
            Note(
                id: id, eventID: "e1", text: id, createdAt: Date(timeIntervalSince1970: 0),
                updatedAt: Date(timeIntervalSince1970: 0))
        }
        var client = AttendeeClient()
        client.agenda = { _ in [] }
        client.notes = { _, _ in [note("n1"), note("n2")] }
        client.deleteNote = { id in
            let earlier = deleted.withLock { list in
                defer { list.append(id) }
                return list.contains(id) || id == "n2"
            }
            // NB: only the first waits, so a second one sent (the defect) cannot hang the test.
            if earlier { throw APIError.http(status: 404, problem: nil) }
            await gate.pass()
        }
        let list = NotesModel(client: client, eventID: "e1", timeZone: Self.utc)
        await list.appeared()
        let first = Task { await list.confirmTapped("n1") }
        await gate.arrived(1)
        #expect(await list.confirmTapped("n1") == false)
        await gate.open()
        #expect(await first.value)
        #expect(deleted.withLock { $0 } == ["n1"])
        #expect(list.rows.map(\.id) == ["n2"])
        #expect(list.banner == .confirmation("Note deleted."))

        #expect(await list.confirmTapped("n2"))
        #expect(list.rows.isEmpty)
        #expect(list.banner == .confirmation("Note deleted."))
    }

    /// Keep Mine tapped twice while the first save is on its way saves once: the second, over the same version,
    /// would meet a conflict with the first and show the conflict banner after a save that worked.
    /// A second Keep Mine, or Use the Other Version, while the first Keep Mine is on its way does nothing.
    @Test func keepMineTappedTwiceSavesOnce() async {
        let gate = Gate(isOpen: false)
        let saves = Locked<[NoteEdit]>([])
        let server = VersionedNote(text: "Tablet words", version: 2)
        var client = server.client
        client.updateNote = { id, edit in
            let call = saves.withLock { list in
                list.append(edit)
                return list.count
            }
            // NB: only the first Keep Mine waits, so a second one sent (the defect) cannot hang the test.
            if call == 2 { await gate.pass() }
            return try server.save(edit)
        }
        let editor = NoteEditorModel(client: client, editing: VersionedNote.note("First", version: 1))
        editor.textChanged("Phone words")
        await editor.saveTapped()
        #expect(editor.saveState == .conflict)

        let first = Task { await editor.keepMineTapped() }
        await gate.arrived(1)
        await editor.keepMineTapped()
        await editor.useTheirsTapped()
        #expect(editor.text == "Phone words", "the choice made is on its way")
        await gate.open()
        await first.value
        #expect(saves.withLock { $0 }.map(\.version) == [1, 2])
        #expect(editor.text == "Phone words")
        #expect(editor.saveState == .saved)
        #expect(editor.conflict == nil)
        #expect(editor.banner == .confirmation("Note saved."))
    }
}

extension NotesModelTests {
    /// An edit whose answer was lost after the server stored it, saved again, meets its own earlier save (409): the
    /// editor calls the note saved with the stored version, rather than offering a conflict with the person's own
    /// words. An edit that meets different words still shows the conflict.
    @Test func aSaveAgainAfterALostAnswerIsSavedNotAConflictWithItself() async {
        let server = VersionedNote(text: "First", version: 1)
        let stored = server.stored
        let losing = Locked(true)
        var client = server.client
        client.updateNote = { _, edit in
            let saved = try server.save(edit)
            if losing.withLock({ $0 }) { throw URLError(.networkConnectionLost) }
            return saved
        }
        let editor = NoteEditorModel(client: client, editing: stored.withLock { $0 })
        editor.textChanged("Fixed words")
        await editor.saveTapped()
        #expect(editor.saveState == .failed)

        losing.withLock { $0 = false }
        await editor.saveTapped()
        #expect(editor.saveState == .saved)
        #expect(editor.conflict == nil)
        #expect(editor.banner == .confirmation("Note saved."))
        #expect(editor.note?.version == 2)
        #expect(editor.isSaveEnabled == false)

        // Another device's different words are still a conflict.
        stored.withLock { note in
            note.text = "Tablet words"
            note.version = 3
        }
        editor.textChanged("Phone words")
        await editor.saveTapped()
        #expect(editor.saveState == .conflict)
        #expect(editor.conflict?.text == "Tablet words")
    }

    /// A save answered 409 whose read of the other version fails (the connection dropped): the editor still shows
    /// the conflict, says why it could not show the other version, and keeps Keep Mine and Use the Other Version,
    /// each reading that version first; it used to offer only Save, which met the conflict again. A read that fails
    /// again keeps the person's text and the choice.
    @Test func aConflictWhoseOtherVersionCouldNotBeReadStillOffersBothChoices() async {
        let server = VersionedNote(text: "Tablet words", version: 2)
        let stored = server.stored
        let reading = server.isReadable
        let client = server.client
        let first = VersionedNote.note("First", version: 1)
        let conflicted = "This note was changed on another device since you opened it."
        let notRead = conflicted + " The connection was lost. Try again."

        for choice in ["keep mine", "use theirs"] {
            reading.withLock { $0 = false }
            stored.withLock { note in
                note.text = "Tablet words"
                note.version = 2
            }
            let editor = NoteEditorModel(client: client, editing: first)
            editor.textChanged("Phone words")
            await editor.saveTapped()
            #expect(editor.saveState == .conflict, "\(choice)")
            #expect(editor.conflict == nil)
            #expect(editor.banner == .failure(notRead))
            #expect(editor.text == "Phone words")

            // The choice's read fails again: nothing is lost, and the choice is still there.
            if choice == "keep mine" { await editor.keepMineTapped() } else { await editor.useTheirsTapped() }
            #expect(editor.saveState == .conflict)
            #expect(editor.banner == .failure(notRead))
            #expect(editor.text == "Phone words")
            #expect(stored.withLock { $0.text } == "Tablet words")

            reading.withLock { $0 = true }
            if choice == "keep mine" {
                await editor.keepMineTapped()
                #expect(editor.saveState == .saved)
                #expect(editor.banner == .confirmation("Note saved."))
                #expect(stored.withLock { $0.text } == "Phone words")
                #expect(editor.note?.version == 3)
            } else {
                await editor.useTheirsTapped()
                #expect(editor.saveState == .editing)
                #expect(editor.banner == nil)
                #expect(editor.text == "Tablet words")
                #expect(editor.note?.version == 2)
                #expect(stored.withLock { $0.text } == "Tablet words")
            }
            #expect(editor.conflict == nil)
        }
    }
}
