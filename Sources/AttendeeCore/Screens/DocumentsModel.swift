import AttendeeModels
import Foundation
import LocalStore
import Localization
import Observation

/// The Documentation page of an event (or of one session): its header photo, which opens the gallery, and
/// three lists — pre-read, post-read, session materials — whose rows download, share and (for the session's
/// speakers and the organizer) are removed; speakers add documents here too.
@Observable @MainActor
public final class DocumentsModel: BusyScreen {
    /// Which list a section is.
    public enum SectionKind: String, Sendable, Hashable, CaseIterable, Codable {
        case preRead, postRead, materials

        /// The section's title.
        public var title: String { Strings.text("documents." + rawValue) }

        /// The purpose of the documents it lists.
        public var purpose: MediaPurpose {
            switch self {
            case .preRead: .preRead
            case .postRead: .postRead
            case .materials: .material
            }
        }
    }

    /// One document of a list.
    public struct Row: Sendable, Hashable, Identifiable, Codable {
        /// The file's id.
        public var id: String
        /// The file's name.
        public var title: String
        /// `PDF · 1.2 MB`.
        public var detail: String
        /// Whether Remove is offered: the server said the person may remove it.
        public var canRemove: Bool
    }

    /// One list, always shown (with ``emptyMessage`` when it has no rows).
    public struct Section: Sendable, Hashable, Identifiable, Codable {
        /// Which list.
        public var kind: SectionKind
        /// Its title.
        public var title: String
        /// Its documents, oldest first.
        public var rows: [Row]
        /// What it says when empty.
        public var emptyMessage: String?
        /// Whether its Add is offered: the person may add documents here (``DocumentsModel/canAdd``) and the list
        /// takes them on this page (session materials only on a session's page).
        public var canAdd: Bool = false
        public var id: SectionKind { kind }
    }

    /// A downloaded file, saved on the device for the screen to hand to Save to Files or another app.
    public struct Download: Sendable, Hashable {
        /// The name to save it under.
        public var fileName: String
        /// Its bytes.
        public var data: Data
        /// Where its bytes were written: a file named ``fileName`` in the model's files folder.
        public var fileURL: URL
    }

    /// The three lists, in order, once the page has loaded: none before (while loading, or when it could not
    /// load, the page cannot say a list is empty).
    public private(set) var sections: [Section] = []
    /// The header photo's id, when the event has photos.
    public var headerPhotoID: String? { headerPhoto?.mediaID }
    /// The header photo's picture.
    public private(set) var headerPhoto: RowImage?
    /// Set when the header photo was tapped: the screen shows the gallery.
    public private(set) var showsGallery = false
    /// The last download, until the screen has taken it.
    public private(set) var download: Download?
    /// The last share link, until the screen has shown it.
    public private(set) var share: MediaShare?
    /// Where the last added document stands.
    public private(set) var upload: MediaUploadState = .idle
    /// Whether the person may add documents here (the server says: the organizer, a session's speakers).
    public private(set) var canAdd = false
    /// Whether the Files picker is open, to add a document to ``addingTo``.
    public private(set) var showsFilePicker = false
    /// The list the next chosen file is added to.
    public private(set) var addingTo: SectionKind?
    /// Whether a call is in flight.
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, or what it did, if anything.
    public internal(set) var banner: Banner?
    /// The question asked before a document is removed (its action is the file's id).
    public private(set) var confirmation: Confirmation<String>?

    /// The line under the add button (`nil` when idle).
    public var uploadMessage: String? { upload.message(photos: false) }
    /// A row's download button.
    public var downloadTitle: String { Strings.text("documents.download") }
    /// A row's share button.
    public var shareTitle: String { Strings.text("documents.share") }
    /// The button that closes the share and download sheets.
    public var doneTitle: String { Strings.text("documents.done") }
    /// The download sheet's button, which offers the file to Save to Files and other apps.
    public var saveOrOpenTitle: String { Strings.text("documents.saveOrOpen") }
    /// A row's remove button.
    public var removeTitle: String { Strings.text("documents.remove") }
    /// A list's add button, shown on the sections whose ``Section/canAdd`` is set.
    public var addTitle: String { Strings.text("documents.add") }
    /// What a screen reader says for the add button of `kind`'s list: `Add a document to Post-read`.
    public func addLabel(_ kind: SectionKind) -> String { Strings.format("documents.addTo", kind.title) }
    /// The header photo's button, which opens the gallery.
    public var headerPhotoTitle: String { Strings.text("documents.headerPhoto") }

    private let client: AttendeeMediaClient
    /// The picked file's `Idempotency-Key`, kept until the server has it.
    private var uploadKey = DraftKey<PickedFile>()
    private let eventID: String
    private let sessionID: String?
    private let filesFolder: ShareFolder
    private let timeZone: TimeZone
    private let locale: Locale
    private var files: [String: MediaFile] = [:]
    /// Documents whose removal is on its way: confirmed again meanwhile, nothing more is sent.
    private var removing: Set<String> = []
    /// The file whose download the last tap asked for, while its bytes are on their way.
    private var downloading = LastTapped()

    /// Creates the model for the event's page, or for one session's documents; downloads are written into
    /// `filesFolder` (by default a folder of the temporary directory, which the system may clear); a share link's
    /// expiry is written in `timeZone`, as `locale` writes it.
    public init(
        client: AttendeeMediaClient, eventID: String, sessionID: String? = nil, filesFolder: URL? = nil,
        timeZone: TimeZone = .current, locale: Locale = .current
    ) {
        self.client = client
        self.eventID = eventID
        self.sessionID = sessionID
        self.filesFolder = ShareFolder(filesFolder ?? ShareFolder.temporary)
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The screen appeared: loads the lists.
    public func appeared() async {
        await whileBusy { show(try await client.documents(eventID, sessionID)) }
    }

    /// The header photo was tapped: the gallery opens.
    public func headerPhotoTapped() {
        if headerPhotoID != nil { showsGallery = true }
    }

    /// Back from the gallery.
    public func galleryClosed() { showsGallery = false }

    /// A row's download was tapped: the bytes are fetched and written to the downloads folder, and the screen
    /// offers the file.
    ///
    /// Only the row tapped last is offered: a slower download tapped before it, landing after, offers nothing
    /// (nor once the person closed the sheet).
    public func downloadTapped(_ id: String) async {
        guard let file = files[id] else { return }
        let tap = downloading.tapped()
        await whileBusy {
            let data = try await client.download(id)
            // NB: the rows stay tappable while a file is on its way: an earlier, slower one replaced the sheet of the
            // file tapped after it, or opened a sheet by itself once the person had closed theirs.
            guard downloading.landed(tap) else { return }
            let url = try filesFolder.write(data, named: file.fileName)
            download = Download(fileName: file.fileName, data: data, fileURL: url)
            banner = .confirmation(Strings.format("documents.downloaded", file.fileName))
        } failed: { error in
            await notOnServer(error, fileName: file.fileName)
        }
    }

    /// The screen saved or opened the download (or the person closed its sheet).
    public func downloadHandled() {
        downloading.forget()
        download = nil
    }

    /// A row's share was tapped.
    public func shareTapped(_ id: String) async {
        guard let file = files[id] else { return }
        await whileBusy {
            let link = try await client.share(id)
            share = MediaShare(link, fileName: file.fileName, timeZone: timeZone, locale: locale)
        } failed: { error in
            await notOnServer(error, fileName: file.fileName)
        }
    }

    /// The share sheet closed.
    public func shareDismissed() { share = nil }

    /// A row's remove was tapped (offered where the server said the person may; it decides again): the page
    /// asks first.
    public func removeTapped(_ id: String) {
        guard let file = files[id] else { return }
        guard file.canRemove == true else {
            banner = .failure(Strings.format("documents.cannotRemove", file.fileName))
            return
        }
        confirmation = Strings.confirmation(id, "document", button: removeTitle, file.fileName)
    }

    /// The question was dismissed (Cancel): the document stays.
    public func confirmationDismissed() { confirmation = nil }

    /// The question's Remove was tapped: the document leaves the event for everyone. Confirmed again while it is on
    /// its way, nothing more is sent; one the server no longer has (404) is gone, as the person wanted.
    public func confirmTapped(_ id: String) async {
        confirmation = nil
        guard let file = files[id], removing.insert(id).inserted else { return }
        defer { removing.remove(id) }
        await whileBusy {
            try await AttendeeFailure.deleting { try await client.remove(id) }
            show(try await client.documents(eventID, sessionID))
            banner = .confirmation(Strings.format("documents.removed", file.fileName))
        }
    }

    /// Why a document cannot be added to `kind`'s list on this page, whoever adds it: session materials belong
    /// to a session, so the event's page takes none (`Session materials need a session.`); `nil` when the list
    /// takes documents here (the server still decides who may add them).
    public func addRefusal(_ kind: SectionKind) -> String? {
        kind == .materials && sessionID == nil ? Strings.text("documents.materialsNeedSession") : nil
    }

    /// A list's Add was tapped: the Files picker opens (on a list that takes an addition here).
    public func addTapped(_ kind: SectionKind) {
        guard canAdd else { return }
        if let refusal = addRefusal(kind) {
            banner = .failure(refusal)
            return
        }
        addingTo = kind
        showsFilePicker = true
    }

    /// The Files picker closed (with or without a file).
    public func filePickerClosed() { showsFilePicker = false }

    /// The Files picker gave a file, or the reason it could not: the file goes to the list Add was tapped on.
    public func fileChosen(_ result: Result<URL, any Error>) async {
        showsFilePicker = false
        guard let kind = addingTo else { return }
        guard case .success(let url) = result else {
            banner = .failure(Strings.text("documents.fileNotOpened"))
            return
        }
        let file: ChosenFile
        do {
            file = try ChosenFile(contentsOf: url)
        } catch {
            banner = .failure(Strings.format("documents.fileUnreadable", url.lastPathComponent))
            return
        }
        banner = nil
        await documentPicked(kind, fileName: file.name, data: file.data)
    }

    /// A speaker picked a file for a list: an empty file or one over 25 MB is refused here; the server checks the
    /// rest.
    public func documentPicked(_ kind: SectionKind, fileName: String, data: Data) async {
        if case .uploading = upload { return }
        if let refusal = addRefusal(kind) {
            upload = .failed(refusal)
            return
        }
        let picked = PickedFile(
            destination: [kind.purpose.rawValue, eventID, sessionID], fileName: fileName, data: data)
        let key = uploadKey.key(for: picked)
        let stored = await MediaUploadState.send(
            fileName: fileName, data: data, show: { upload = $0 },
            transfer: { try await client.addDocument(eventID, sessionID, kind.purpose, fileName, data, key) })
        guard stored else { return }
        uploadKey.sent(picked)
        await whileBusy { show(try await client.documents(eventID, sessionID)) }
    }

    /// After a call about `fileName` failed: when the server no longer has it (404), the banner says so in the app's
    /// words rather than the server's, and the lists are read again, so a document removed elsewhere leaves them; lists
    /// that cannot be read keep what they show.
    private func notOnServer(_ error: any Error, fileName: String) async {
        guard let sentence = MediaText.notOnServer(error, fileName: fileName) else { return }
        banner = .failure(sentence)
        if let page = try? await client.documents(eventID, sessionID) { show(page) }
    }

    private func show(_ page: DocumentsPage) {
        var files: [String: MediaFile] = [:]
        for file in page.preRead + page.postRead + page.materials { files[file.id] = file }
        self.files = files
        canAdd = page.canAdd
        headerPhoto = page.headerPhoto.map(RowImage.init)
        sections = SectionKind.allCases.map { kind in
            let list: [MediaFile] =
                switch kind {
                case .preRead: page.preRead
                case .postRead: page.postRead
                case .materials: page.materials
                }
            return Section(
                kind: kind, title: kind.title,
                rows: list.map {
                    Row(id: $0.id, title: $0.fileName, detail: MediaText.detail($0), canRemove: $0.canRemove == true)
                },
                emptyMessage: list.isEmpty ? Strings.text("documents.empty") : nil,
                canAdd: page.canAdd && addRefusal(kind) == nil)
        }
    }
}
