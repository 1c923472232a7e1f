import Foundation

/// A file the person chose in the system's Files picker, read for an upload.
public struct ChosenFile: Sendable, Equatable {
    /// The file's name, with its extension (`Proposal.pdf`).
    public var name: String
    /// Its bytes.
    public var data: Data

    /// Reads the file at `url`.
    ///
    /// On Apple platforms the picker hands over a security-scoped URL, so access is asked for around the read. The
    /// bytes are mapped rather than copied: a file far over an upload limit costs no memory until it is used, and
    /// the size check that refuses it reads only its length.
    public init(contentsOf url: URL) throws {
        #if canImport(Darwin)
            let scoped = url.startAccessingSecurityScopedResource()
            defer { if scoped { url.stopAccessingSecurityScopedResource() } }
        #endif
        name = url.lastPathComponent
        data = try Data(contentsOf: url, options: .alwaysMapped)
    }
}
