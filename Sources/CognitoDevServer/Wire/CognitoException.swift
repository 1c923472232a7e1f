import Foundation
import HTTPServer

/// A Cognito Identity error as the service sends it: HTTP 400 with `{"__type": …, "message": …}`.
public struct CognitoException: Error, Sendable, Hashable {
    /// The exception types the AWS model lists for the operations served, plus the protocol's own.
    public enum Kind: String, Sendable, Hashable {
        case invalidParameter = "InvalidParameterException"
        case resourceNotFound = "ResourceNotFoundException"
        case notAuthorized = "NotAuthorizedException"
        case resourceConflict = "ResourceConflictException"
        case tooManyRequests = "TooManyRequestsException"
        case internalError = "InternalErrorException"
        case limitExceeded = "LimitExceededException"
        case externalService = "ExternalServiceException"
        /// The JSON body cannot be read (a protocol-level error of every AWS JSON service).
        case serialization = "SerializationException"
        /// A member breaks the model's constraints (null, length, pattern), found before the operation runs.
        case validation = "ValidationException"
        /// `X-Amz-Target` names no operation this service has.
        case unknownOperation = "UnknownOperationException"
    }

    /// The exception type sent as `__type`.
    public var kind: Kind
    /// The explanation sent in `message`.
    public var message: String

    /// Creates a value from its parts.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The wire response; `InternalErrorException` answers 500 like AWS, every other type 400. The type is also
    /// in `X-Amzn-ErrorType`, the header AWS JSON clients read before the body.
    public var response: Response {
        let body = (try? JSONEncoder().encode(["__type": kind.rawValue, "message": message])) ?? Data()
        return Response(
            status: kind == .internalError ? .internalServerError : .badRequest,
            headers: ["Content-Type": CognitoWire.contentType, "X-Amzn-ErrorType": kind.rawValue],
            body: body)
    }

    /// AWS's sentence for a member shorter or longer than the model allows.
    static func invalidLength(_ value: String, member: String, range: ClosedRange<Int>) -> CognitoException {
        let constraint =
            value.count < range.lowerBound
            ? "Member must have length greater than or equal to \(range.lowerBound)"
            : "Member must have length less than or equal to \(range.upperBound)"
        return CognitoException(
            .validation,
            "1 validation error detected: Value '\(value)' at '\(member)' failed to satisfy constraint: " + constraint)
    }

    /// AWS's sentence for a member that breaks its constraint: null, or not matching the id pattern.
    static func invalidID(_ value: String?, member: String) -> CognitoException {
        guard let value else {
            return CognitoException(
                .validation,
                "1 validation error detected: Value null at '\(member)' failed to satisfy constraint: "
                    + "Member must not be null")
        }
        return CognitoException(
            .validation,
            "1 validation error detected: Value '\(value)' at '\(member)' failed to satisfy constraint: "
                + "Member must satisfy regular expression pattern: [\\w-]+:[0-9a-f-]+")
    }

    /// AWS's sentence for a `Logins` map that breaks the model (`LoginsMap`: at most 10 entries, a provider name of
    /// 1 to 128 characters, a token of 1 to 50,000), or `nil` when it keeps to it.
    ///
    /// NB: AWS names no value here: the map holds provider tokens, which the model marks sensitive.
    static func invalidLogins(_ logins: [String: String]?) -> CognitoException? {
        guard let logins else { return nil }
        func lengths(_ text: String, _ range: ClosedRange<Int>) -> [String] {
            let count = text.unicodeScalars.count
            if count > range.upperBound { return ["Member must have length less than or equal to \(range.upperBound)"] }
            if count < range.lowerBound {
                return ["Member must have length greater than or equal to \(range.lowerBound)"]
            }
            return []
        }
        var broken: [String] = []
        if logins.count > 10 { broken.append("Member must have length less than or equal to 10") }
        let keys = Set(logins.keys.flatMap { lengths($0, 1...128) }).sorted()
        if !keys.isEmpty { broken.append("Map keys must satisfy constraint: [\(keys.joined(separator: ", "))]") }
        let values = Set(logins.values.flatMap { lengths($0, 1...50_000) }).sorted()
        if !values.isEmpty { broken.append("Map value must satisfy constraint: [\(values.joined(separator: ", "))]") }
        guard !broken.isEmpty else { return nil }
        return CognitoException(
            .validation,
            "\(broken.count) validation error\(broken.count == 1 ? "" : "s") detected: "
                + broken.map { "Value at 'logins' failed to satisfy constraint: " + $0 }.joined(separator: "; "))
    }
}
