import DynamicJSON
import Foundation
import HTTPServer
import HTTPTypes

/// A Salesforce REST error: answered as `[{"message", "errorCode", "fields"}]` with its status.
struct SalesforceFault: Error, Sendable {
    var status: HTTPStatus
    var message: String
    var errorCode: String
    var fields: [String]
    var headers: HTTPHeaders = [:]

    var response: Response {
        let body: JSONValue = [
            [
                "message": .string(message), "errorCode": .string(errorCode),
                "fields": .array(fields.map(JSONValue.string)),
            ]
        ]
        var headers = headers
        headers["Content-Type"] = "application/json;charset=UTF-8"
        let data = (try? Response.jsonEncoder.encode(body)) ?? Data("[]".utf8)
        return Response(status: status, headers: headers, body: data)
    }

    static func invalidField(_ name: String, object: String) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "No such column '\(name)' on sobject of type \(object)",
            errorCode: "INVALID_FIELD", fields: [])
    }

    static func requiredFieldMissing(_ names: [String]) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "Required fields are missing: [\(names.joined(separator: ", "))]",
            errorCode: "REQUIRED_FIELD_MISSING", fields: names)
    }

    static func malformedID(_ id: String) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "Record ID: id value of incorrect type: \(id)", errorCode: "MALFORMED_ID",
            fields: ["Id"])
    }

    /// What the sObject Rows resource answers for a path segment that is no id of the path's object: Salesforce
    /// then reads the segment as the name of an external ID field, which the object does not have (the recorded
    /// answer in restforce's `delete_error_response.json`). 404, not 400 MALFORMED_ID.
    static func noSuchExternalIDField(_ segment: String) -> SalesforceFault {
        SalesforceFault(
            status: .notFound, message: "Provided external ID field does not exist or is not accessible: \(segment)",
            errorCode: "NOT_FOUND", fields: [])
    }

    /// An Attachment body over ``SObjectController/maximumAttachmentBytes``: the 25 MB Salesforce allows an
    /// Attachment, refused with the code its API names for it.
    static func attachmentTooLarge(_ field: String, limit: Int) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest,
            message: "Maximum size of attachment exceeded: \(field) is larger than \(limit) bytes.",
            errorCode: "MAXIMUM_SIZE_OF_ATTACHMENT", fields: [field])
    }

    /// A request larger than the server takes, as Salesforce words its own (52,428,800-byte) limit: 400
    /// `JSON_PARSER_ERROR`, not a 413.
    static func requestTooLarge(limit: Int) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest,
            message: "Maximum size of request reached. Maximum size of request is \(limit) bytes.",
            errorCode: "JSON_PARSER_ERROR", fields: [])
    }

    /// A retired API version (7.0 through 30.0): the REST API answers 410; its documentation gives the status
    /// alone, so the message and code are the stand-in's own.
    static let retiredVersion = SalesforceFault(
        status: .gone, message: "This API version is retired and no longer available.", errorCode: "GONE",
        fields: [])

    static let notFound = SalesforceFault(
        status: .notFound, message: "The requested resource does not exist", errorCode: "NOT_FOUND", fields: [])

    static let entityIsDeleted = SalesforceFault(
        status: .notFound, message: "entity is deleted", errorCode: "ENTITY_IS_DELETED", fields: [])

    static let invalidSession = SalesforceFault(
        status: .unauthorized, message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID", fields: [],
        headers: ["WWW-Authenticate": "Token"])

    static func notUpdatable(_ names: [String]) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest,
            message: "Unable to create/update fields: \(names.joined(separator: ", ")). "
                + "Please check the security settings of this field and verify that it is read/write for your "
                + "profile or permission set.",
            errorCode: "INVALID_FIELD_FOR_INSERT_UPDATE", fields: names)
    }

    static func stringTooLong(_ name: String, limit: Int) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "\(name): data value too large (max length=\(limit))",
            errorCode: "STRING_TOO_LONG", fields: [name])
    }

    static func outsideValidRange(_ name: String, _ value: Double) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "\(name): value outside of valid range on numeric field: \(value)",
            errorCode: "NUMBER_OUTSIDE_VALID_RANGE", fields: [name])
    }

    /// The REST API's 412 for a conditional header the record does not meet; its documentation gives the status
    /// alone, so the message and code are the stand-in's own.
    static let preconditionFailed = SalesforceFault(
        status: .preconditionFailed, message: "The record was modified after the date in If-Unmodified-Since.",
        errorCode: "PRECONDITION_FAILED", fields: [])

    static func badConditionalHeader(_ value: String) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "If-Unmodified-Since is not an HTTP date: \(value)",
            errorCode: "INVALID_HEADER_TYPE", fields: [])
    }

    static func referenceOfWrongType(_ name: String, id: String) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "\(name): id value of incorrect type: \(id)",
            errorCode: "FIELD_INTEGRITY_EXCEPTION", fields: [name])
    }

    static func wrongType(_ name: String, expected: String) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "Cannot deserialize instance of \(expected) for field \(name)",
            errorCode: "JSON_PARSER_ERROR", fields: [name])
    }

    static func invalidReference(_ name: String) -> SalesforceFault {
        SalesforceFault(
            status: .badRequest, message: "invalid cross reference id", errorCode: "INVALID_CROSS_REFERENCE_KEY",
            fields: [name])
    }

    static let malformedJSON = SalesforceFault(
        status: .badRequest, message: "The request body is not a JSON object.", errorCode: "JSON_PARSER_ERROR",
        fields: [])

    static func methodNotAllowed(_ method: HTTPMethod, allowed: String) -> SalesforceFault {
        SalesforceFault(
            status: .methodNotAllowed, message: "HTTP Method '\(method)' not allowed. Allowed are \(allowed)",
            errorCode: "METHOD_NOT_ALLOWED", fields: [])
    }
}
