import Foundation

/// The folder a screen writes a file to before offering it to Save to Files or another app: a downloaded
/// document, a calendar export.
///
/// The file keeps the name it was given, reduced to a single safe path component: a name from the server such
/// as `../../Library/x` or `a/b.pdf` can never write outside the folder.
struct ShareFolder {
    /// Writing the file failed (a full disk, a folder that cannot be made).
    struct Failure: LocalizedError, Equatable {
        /// The file that was not saved.
        var fileName: String
        var errorDescription: String? { Strings.format("files.saveFailed", fileName) }
    }

    /// The folder screens use unless told otherwise: one of the temporary directory, which the system may clear.
    static let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("Shared")

    let url: URL

    init(_ url: URL) { self.url = url }

    /// Writes `data` as `name` (made safe by ``safeName(_:)``), replacing an earlier file of the same name.
    func write(_ data: Data, named name: String) throws -> URL {
        let file = url.appendingPathComponent(Self.safeName(name), isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            throw Failure(fileName: name)
        }
        return file
    }

    /// The most bytes of UTF-8 a file name may have: what APFS and Linux file systems take.
    static let nameLimit = 255

    /// `name` as one path component: separators and control characters become `_`, a name that is empty or
    /// only dots becomes `Download`, and one longer than ``nameLimit`` bytes is cut short, its extension kept.
    static func safeName(_ name: String) -> String {
        let scalars = name.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control ? "_" : Character(scalar)
        }
        let safe = String(scalars).trimmingCharacters(in: .whitespaces)
        return safe.allSatisfy({ $0 == "." }) ? Strings.text("files.defaultName") : shortened(safe)
    }

    /// NB: a title of 200 Cyrillic or Chinese characters is 400–600 bytes; the write failed, and the screen
    /// offered no file at all. Cut between characters, before the extension.
    private static func shortened(_ name: String) -> String {
        guard name.utf8.count > nameLimit else { return name }
        let dot = name.lastIndex(of: ".")
        let suffix = dot.map { String(name[$0...]) }.flatMap { $0.utf8.count <= 16 ? $0 : nil } ?? ""
        var stem = name.dropLast(suffix.count)
        while stem.utf8.count + suffix.utf8.count > nameLimit { stem.removeLast() }
        return String(stem) + suffix
    }
}
