import APIClient
import AttendeeCore
import AttendeeModels
import Foundation

/// `quartet attendee docs …` and `quartet attendee gallery …`: the Documentation page and the gallery, as views
/// of `DocumentsModel` and `GalleryModel` (the command sends the event a tap would and prints the state).
extension AttendeeCommand {
    static var docs: CommandSpec {
        CommandSpec(
            "docs",
            summary: "the Documentation page: list, download ID --output PATH, share ID, add --kind K PATH, remove ID",
            arguments: ["EVENT", "[ACTION]", "[FILE]"],
            options: [
                OptionSpec("session", value: "ID", help: "one session's documents"),
                OptionSpec("output", value: "PATH", help: "where download writes the file"),
                OptionSpec("kind", value: "KIND", help: "pre-read, post-read or material (for add)"),
            ],
            body: body(runDocs))
    }

    static var gallery: CommandSpec {
        CommandSpec(
            "gallery", summary: "the event's photos: list, upload PATH, open ID --output PATH, share ID, remove ID",
            arguments: ["EVENT", "[ACTION]", "[FILE]"],
            options: [OptionSpec("output", value: "PATH", help: "where open writes the photo")],
            body: body(runGallery))
    }

    /// What `docs` prints with `--json`.
    struct DocumentsOutput: Encodable {
        var sections: [DocumentsModel.Section]
        var headerPhotoID: String?
        var message: String?
        var share: String?
    }

    static func mediaClient(_ context: Context) -> AttendeeMediaClient {
        AttendeeMediaClient.live(baseURL: context.options.server, transport: .live(), tokens: context.tokens)
    }

    @MainActor
    static func runDocs(_ context: Context) async throws {
        let eventID = context.positional(0)
        let action = context.arguments.positionals.count > 1 ? context.positional(1) : "list"
        let file = context.positional(2)
        let model = DocumentsModel(
            client: mediaClient(context), eventID: eventID, sessionID: context.arguments.value("session"),
            timeZone: context.timeZone, locale: context.locale)
        await model.appeared()
        if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        var message: String?
        var share: String?
        switch action {
        case "list":
            break
        case "download":
            guard !file.isEmpty, let output = context.arguments.value("output") else {
                throw UsageError(AttendeeCommandText.downloadNeedsOutput)
            }
            try requireRow(model, file)
            await model.downloadTapped(file)
            guard let download = model.download else { throw ScreenFailure(message: model.banner?.text ?? file) }
            try download.data.write(to: outputURL(output, named: download.fileURL.lastPathComponent))
            model.downloadHandled()
            message = model.banner?.text
        case "share":
            guard !file.isEmpty else { throw UsageError(AttendeeCommandText.needs("docs EVENT share", "ID")) }
            try requireRow(model, file)
            await model.shareTapped(file)
            guard let sheet = model.share else { throw ScreenFailure(message: model.banner?.text ?? file) }
            share = sheet.url
            message = ([sheet.text] + (sheet.validity.map { [$0] } ?? [])).joined(separator: "\n")
        case "add":
            guard !file.isEmpty else { throw UsageError(AttendeeCommandText.needs("docs EVENT add", "PATH")) }
            guard let kind = context.arguments.value("kind").flatMap(sectionKind) else {
                throw UsageError(AttendeeCommandText.badDocumentKind)
            }
            // NB: a list that takes no document on this page (materials without --session) is refused before upload.
            if let refusal = model.addRefusal(kind) { throw UsageError(refusal) }
            let data = try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
            await model.documentPicked(kind, fileName: (file as NSString).lastPathComponent, data: data)
            guard case .done = model.upload else { throw ScreenFailure(message: model.uploadMessage ?? file) }
            message = model.uploadMessage
        case "remove":
            guard !file.isEmpty else { throw UsageError(AttendeeCommandText.needs("docs EVENT remove", "ID")) }
            try requireRow(model, file)
            model.removeTapped(file)
            await confirm(model.confirmation, with: model.confirmTapped)
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
            message = model.banner?.text
        default:
            throw UsageError(
                AttendeeCommandText.unknownAction(
                    "docs", action, actions: ["list", "download", "share", "add", "remove"]))
        }
        let output = DocumentsOutput(
            sections: model.sections, headerPhotoID: model.headerPhotoID, message: message, share: share)
        try context.show(output) {
            if let message, action != "list" { return [message] }
            return model.sections.flatMap { section in
                [section.title]
                    + section.rows.map {
                        "  \($0.id)  "
                            + AttendeeCommandText.fileLine($0.title, detail: $0.detail, canRemove: $0.canRemove)
                    }
                    + (section.emptyMessage.map { ["  " + $0] } ?? [])
            }
        }
    }

    /// What `gallery` prints with `--json`.
    struct GalleryOutput: Encodable {
        var tiles: [GalleryModel.Tile]
        var message: String?
        var share: String?
    }

    @MainActor
    static func runGallery(_ context: Context) async throws {
        let eventID = context.positional(0)
        let action = context.arguments.positionals.count > 1 ? context.positional(1) : "list"
        let model = GalleryModel(
            client: mediaClient(context), eventID: eventID, timeZone: context.timeZone, locale: context.locale)
        var message: String?
        var share: String?
        /// The photo `ID` names, tapped open on the grid.
        func openPhoto(_ verb: String) async throws {
            let id = context.positional(2)
            guard !id.isEmpty else { throw UsageError(AttendeeCommandText.needs("gallery EVENT \(verb)", "ID")) }
            await model.appeared()
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
            guard model.tiles.contains(where: { $0.id == id }) else {
                throw UsageError(AttendeeCommandText.noPhoto(id))
            }
            await model.tileTapped(id)
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        }
        switch action {
        case "list":
            await model.appeared()
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
        case "open":
            guard let output = context.arguments.value("output") else {
                throw UsageError(AttendeeCommandText.openNeedsOutput)
            }
            try await openPhoto("open")
            guard let photo = model.opened else { throw ScreenFailure(message: model.banner?.text ?? output) }
            try photo.data.write(to: outputURL(output, named: photo.savedName))
            message = tileLine(photo.tile)
        case "share":
            try await openPhoto("share")
            await model.shareTapped()
            guard let sheet = model.share else { throw ScreenFailure(message: model.banner?.text ?? "") }
            share = sheet.url
            message = ([sheet.text] + (sheet.validity.map { [$0] } ?? [])).joined(separator: "\n")
        case "remove":
            try await openPhoto("remove")
            model.removeTapped()
            await confirm(model.confirmation, with: model.confirmTapped)
            if let failure = model.banner?.failure { throw ScreenFailure(message: failure) }
            message = model.banner?.text
        case "upload":
            let file = context.positional(2)
            guard !file.isEmpty else { throw UsageError(AttendeeCommandText.needs("gallery EVENT upload", "PATH")) }
            let data = try Data(contentsOf: URL(fileURLWithPath: file), options: .alwaysMapped)
            await model.photoPicked(fileName: (file as NSString).lastPathComponent, data: data)
            guard case .done = model.upload else { throw ScreenFailure(message: model.uploadMessage ?? file) }
            message = model.uploadMessage
        default:
            throw UsageError(
                AttendeeCommandText.unknownAction(
                    "gallery", action, actions: ["list", "upload", "open", "share", "remove"]))
        }
        try context.show(GalleryOutput(tiles: model.tiles, message: message, share: share)) {
            if let message { return [message] }
            if let empty = model.emptyMessage { return [empty] }
            return model.tiles.map { "\($0.id)  " + tileLine($0) }
        }
    }

    /// A photo as the command line prints it: `Stage.png  — PNG image · 2.0 MB · 640 × 480`.
    private static func tileLine(_ tile: GalleryModel.Tile) -> String {
        AttendeeCommandText.fileLine(tile.fileName, detail: tile.detail, canRemove: tile.canRemove)
    }

    /// Where `--output` writes a file the screen saved as `name`: into `path` under that name when `path` is a
    /// folder (one that exists, or a path ending in `/`), as `cp` does; else `path` itself.
    static func outputURL(_ path: String, named name: String) -> URL {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        guard path.hasSuffix("/") || (exists && isFolder.boolValue) else { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent(name, isDirectory: false)
    }

    private static func sectionKind(_ text: String) -> DocumentsModel.SectionKind? {
        DocumentsModel.SectionKind.allCases.first { $0.purpose.rawValue == text }
    }

    @MainActor
    private static func requireRow(_ model: DocumentsModel, _ id: String) throws {
        guard model.sections.contains(where: { $0.rows.contains { $0.id == id } }) else {
            throw UsageError(AttendeeCommandText.noDocument(id))
        }
    }
}
