import Foundation

/// The real data from public sources in `$QUARTET_FIXTURES` (see `shared/fixtures/SOURCES.md`), read in place and
/// never copied into the repository; `nil` when the variable is unset, so a test can skip with ``missingMessage``.
public struct Fixtures: Sendable {
    /// The sub-folder of `$QUARTET_FIXTURES` (`usgs`, `salesforce`, `conference`, …).
    public var folder: String

    /// The fixtures in one sub-folder.
    public init(_ folder: String) { self.folder = folder }

    /// The real USGS feeds.
    public static let usgs = Fixtures("usgs")

    /// The sub-folder, or `nil` when `QUARTET_FIXTURES` is unset.
    public var url: URL? {
        guard let root = ProcessInfo.processInfo.environment["QUARTET_FIXTURES"], !root.isEmpty else { return nil }
        return URL(fileURLWithPath: root).appendingPathComponent(folder)
    }

    /// What a test prints when it skips for want of the fixtures.
    public var missingMessage: String { "QUARTET_FIXTURES is not set: the tests on real \(folder) data did not run" }

    /// A file's bytes, or `nil` when `QUARTET_FIXTURES` is unset (a missing file under it throws).
    public func data(_ name: String) throws -> Data? {
        guard let url else { return nil }
        return try Data(contentsOf: url.appendingPathComponent(name))
    }
}
