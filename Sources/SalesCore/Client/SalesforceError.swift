import APIClient
import Foundation
import PublicInit

/// One entry of Salesforce's error array: `[{"message": …, "errorCode": …, "fields": […]}]`.
@PublicInit
public struct SalesforceErrorItem: Sendable, Hashable, Codable {
    /// Salesforce's sentence.
    public var message: String
    /// The code (`INVALID_FIELD`, `NOT_FOUND`, …).
    public var errorCode: String
    /// The fields concerned, when any.
    public var fields: [String] = []

    enum CodingKeys: String, CodingKey { case message, errorCode, fields }

    /// Decodes leniently: absent text becomes empty, absent fields an empty list.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        message = c.lenientString(.message) ?? ""
        errorCode = c.lenientString(.errorCode) ?? "UNKNOWN_ERROR"
        fields = (try? c.decodeIfPresent([String].self, forKey: .fields)) ?? []
    }
}

/// Why a Salesforce call failed, with a sentence for the person.
public enum SalesforceError: Error, Sendable, Hashable {
    /// The server answered with an error status; `errors` is its error array (may be empty).
    case service(operation: String, status: Int, errors: [SalesforceErrorItem])
    /// The OAuth endpoint refused (`invalid_grant`, …).
    case authentication(operation: String, code: String, description: String?)
    /// The network is unreachable or dropped the connection: the edit may wait in the outbox.
    case offline(operation: String, reason: String)
    /// The answer could not be read.
    case unreadable(operation: String, reason: String)
    /// The record changed on the server since it was read; nothing was sent.
    case conflict(operation: String, object: String, id: String, serverModified: Date?)
    /// The person must sign in: `sessionEnded` when Salesforce no longer takes the session they had (it expired,
    /// or was revoked); otherwise there is none on the device (they signed out, or never signed in).
    case signedOut(operation: String, sessionEnded: Bool)
    /// The input was refused before any call (an attachment too large, an empty name).
    case invalidInput(operation: String, reason: String)

    /// What was being attempted (`save the account`, `delete the note`).
    public var operation: String {
        switch self {
        case .service(let operation, _, _), .authentication(let operation, _, _), .offline(let operation, _),
            .unreadable(let operation, _), .conflict(let operation, _, _, _), .signedOut(let operation, _),
            .invalidInput(let operation, _):
            operation
        }
    }

    /// The first Salesforce error code, when the server sent one.
    public var errorCode: String? {
        if case .service(_, _, let errors) = self { return errors.first?.errorCode }
        if case .authentication(_, let code, _) = self { return code }
        return nil
    }

    /// Whether Salesforce says the record is not there (deleted, or never was): `NOT_FOUND` or `ENTITY_IS_DELETED`.
    public var isNotFound: Bool {
        guard case .service(_, 404, _) = self else { return false }
        return ["NOT_FOUND", "ENTITY_IS_DELETED"].contains(errorCode)
    }

    /// Whether the failure was the network's, so a write may be queued for later.
    public var isOffline: Bool {
        if case .offline = self { return true }
        return false
    }

    /// Whether the server was down or busy (5xx, 429): worth trying again later, and no reason to sign out.
    public var isServerTrouble: Bool {
        if case .service(_, let status, _) = self { return status >= 500 || status == 429 }
        return false
    }

    /// A sentence saying what failed and why: `Could not save the account: the network is unavailable.`
    ///
    /// Salesforce's refusals are said in the rep's words, never with its error code (``SalesText/failure(_:object:)``,
    /// here with no record kind; ``message(object:)`` names the field and its limit exactly), and so are the login
    /// server's refusals of a sign-in (what happened and what to do, never the OAuth code).
    public var message: String {
        let reason: String
        switch self {
        case .service(_, let status, let errors) where !errors.isEmpty || status == 413 || isServerTrouble:
            return SalesText.failure(self, object: nil)
        case .service(_, let status, _):
            reason = SalesText.Reason.status(status)
        case .authentication(_, let code, let description):
            return SalesText.signInRefused(operation, code: code, description: description)
        case .offline(_, let why): reason = SalesText.Reason.offline(why)
        case .unreadable(_, let why): reason = SalesText.Reason.unreadable(why)
        case .conflict(_, let object, let id, _): reason = SalesText.Reason.conflict(object, id: id)
        case .signedOut: reason = SalesText.Reason.signedOut
        case .invalidInput(_, let why): reason = why
        }
        return SalesText.Reason.couldNot(operation, reason)
    }
}

extension SalesforceError {
    /// ``message``, for a call that wrote a record of `object` (`Note`, `Attachment`, `GoogleDoc`, `Account`): a
    /// refusal names the field as that record's form does, with its limit.
    public func message(object: String) -> String { SalesText.failure(self, object: object) }
}

extension SalesforceError: LocalizedError {
    /// The same sentence as ``message``.
    public var errorDescription: String? { message }
}

/// The notification every failing Sales service call posts on `NotificationCenter.default`.
///
/// The same `ServiceErrorOccurred` that APIClient posts, with the same `message` key, so one app-wide
/// listener shows both.
public enum ServiceErrorNotification {
    /// `ServiceErrorOccurred`; `userInfo` holds ``messageKey`` and ``operationKey``.
    public static let name = Notification.Name.serviceErrorOccurred
    /// The human-readable sentence (`String`).
    public static let messageKey = "message"
    /// What was attempted (`String`).
    public static let operationKey = "operation"
}
