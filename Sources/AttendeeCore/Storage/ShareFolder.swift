import Foundation

/// The folder downloaded documents are written to before the screen offers them to Save to Files or another app.
///
/// The file keeps the name the server gave it, reduced to a single safe path component: a name such as
/// `../../Library/x` or `a/b.pdf` can never write outside the folder.
struct DownloadFolder {
    /// Writing the file failed (a full disk, a folder that cannot be made).
    struct Failure: LocalizedError, Equatable {
        /// The file that was not saved.
        var fileName: String
        var errorDescription: String? { Strings.format("documents.saveFailed", fileName) }
    }

    let url: URL

    init(_ url: URL) { self.url = url }

    /// Writes `data` as `name` (made safe by ``safeName(_:)``), replacing an earlier download of the same name.
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

    /// `name` as one path component: separators and control characters become `_`, and a name that is empty or
    /// only dots becomes `Download`.
    static func safeName(_ name: String) -> String {
        let scalars = name.unicodeScalars.map { scalar -> Character in
            scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control ? "_" : Character(scalar)
        }
        let safe = String(scalars).trimmingCharacters(in: .whitespaces)
        return safe.allSatisfy({ $0 == "." }) ? Strings.text("documents.downloadName") : safe
    }
}
