import Foundation

/// What an app reads from its Info.plist: the server it talks to, and the optional overrides of each app.
///
/// NB: addresses and client ids live in Info.plist, not in code, so that a build for another server (or for the
/// real Salesforce, Cognito or USGS) changes a plist and not a line of Swift. An empty value counts as absent.
enum AppConfiguration {
    /// The development server `make run` starts; the simulator shares the Mac's loopback, so it reaches it.
    static let developmentServer = URL(string: "http://127.0.0.1:8080")!

    /// `QuartetServerURL`, or the development server when it is missing or not an http(s) URL with a host.
    static var server: URL { url(forKey: "QuartetServerURL") ?? developmentServer }

    /// The http(s) URL with a host under `key`, or `nil` (the same check as the command line's `--server`).
    static func url(forKey key: String, in bundle: Bundle = .main) -> URL? {
        guard let text = string(forKey: key, in: bundle), let url = URL(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
        else { return nil }
        return url
    }

    /// The non-blank string under `key`, trimmed, or `nil`.
    static func string(forKey key: String, in bundle: Bundle = .main) -> String? {
        guard let value = bundle.object(forInfoDictionaryKey: key) as? String else { return nil }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
