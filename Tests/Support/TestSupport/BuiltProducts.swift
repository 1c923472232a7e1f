import Foundation

/// The package's executables as this build made them, found next to the test bundle.
public enum BuiltProducts {
    /// The built executable named `name` (`quartet`, `PublicInitMacros-tool`), or `nil` when this build has none.
    public static func executable(_ name: String) -> URL? {
        let bundle = Bundle.main.bundleURL
        return [bundle.deletingLastPathComponent(), bundle].map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
