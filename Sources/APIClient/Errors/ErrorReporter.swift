import Foundation

extension Notification.Name {
    /// Posted by ``APIClient`` for every failed call except cancellation.
    ///
    /// `userInfo`: `"message"` (a `String` for the person), `"request"` (`"GET https://…"`), and `"error"`
    /// (the ``APIError``).
    public static let serviceErrorOccurred = Notification.Name("ServiceErrorOccurred")
}

/// Tells the app that a service call failed.
public struct ErrorReporter: Sendable {
    /// Receives the error and the request it belongs to, as `"METHOD URL"`.
    public var report: @Sendable (APIError, String) -> Void

    /// Creates a reporter from a closure.
    public init(report: @escaping @Sendable (APIError, String) -> Void) { self.report = report }

    /// Posts ``Foundation/Notification/Name/serviceErrorOccurred`` through `center`.
    public static func notificationCenter(_ center: NotificationCenter = .default) -> ErrorReporter {
        ErrorReporter { error, request in
            center.post(
                name: .serviceErrorOccurred, object: nil,
                userInfo: ["message": error.message, "request": request, "error": error])
        }
    }

    /// Reports nothing.
    public static let silent = ErrorReporter { _, _ in }
}
