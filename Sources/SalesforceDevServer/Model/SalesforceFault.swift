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
