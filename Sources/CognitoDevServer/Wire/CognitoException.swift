import Foundation
import HTTPServer

/// A Cognito Identity error as the service sends it: HTTP 400 with `{"__type": …, "message": …}`.
public struct CognitoException: Error, Sendable, Hashable {
    /// The exception types the AWS model lists for `GetId` and `GetOpenIdToken`, plus the protocol's own.
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

    /// The wire response; `InternalErrorException` answers 500 like AWS, every other type 400.
    public var response: Response {
        let body = (try? JSONEncoder().encode(["__type": kind.rawValue, "message": message])) ?? Data()
        return Response(
            status: kind == .internalError ? .internalServerError : .badRequest,
            headers: ["Content-Type": CognitoWire.contentType],
            body: body)
    }
}
