import APIClient
import Database
import Foundation
import HTTPTypes

/// One change made on the device, kept until the server has it.
public struct OutboxOperation: Sendable, Equatable, Identifiable {
    /// Where an operation is in its life.
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Waiting to be sent (or sent without an answer yet: it will be sent again with the same key).
        case pending
        /// The server accepted it: said only by a replay's report, as the operation is deleted then (nothing of it
        /// stays on the device).
        case delivered
        /// The server refused it because the resource changed meanwhile (409 / 412); kept for the person.
        case conflict
        /// The server refused it for good (another 4xx); ``OutboxOperation/message`` says why.
        case failed
    }

    /// The creation order: operations are replayed by increasing ID.
    public var id: Int64
    /// The HTTP method.
    public var method: HTTPMethod
    /// Path segments below the API's base URL.
    public var path: [String]
    /// Query items.
    public var query: [URLQueryItem]
    /// The request body, if any.
    public var body: Data?
    /// The body's content type.
    public var contentType: String?
    /// Sent as `Idempotency-Key` on every attempt, so the server applies the change once.
    public var idempotencyKey: String
    /// A short description for the person ("Add note to Acme").
    public var label: String?
    /// What the operation belongs to, as its app files it (Sales: the account an edit is on), so operations can
    /// be picked out without reading their bodies; `nil` when none was given (or it was queued before there was
    /// one).
    public var scope: String? = nil
    /// When it was made.
    public var createdAt: Date
    /// How many times sending it was started.
    public var attempts: Int
    /// Where it is in its life.
    public var state: State
    /// The HTTP status of the final answer, once there is one.
    public var status: Int?
    /// Why it failed or conflicted, for the person.
    public var message: String?
    /// The body of the server's successful answer, in a replay's report (never stored).
    public var response: Data?
    /// When it was delivered, failed or conflicted.
    public var finishedAt: Date?

    /// The request to send: an endpoint returning the raw body, carrying the idempotency key.
    public var endpoint: Endpoint<Data> {
        Endpoint(
            method: method, path: path, query: query,
            body: body.map { .data($0, contentType: contentType ?? "application/octet-stream") },
            idempotencyKey: idempotencyKey, response: .data)
    }
}

extension OutboxOperation {
    init(row: Row) throws {
        func require<T: DatabaseValueConvertible>(_ column: String) throws -> T {
            try row.decode(T.self, column)
        }
        let pathJSON: String = try require("path")
        let queryJSON: String = try require("query")
        let stateText: String = try require("state")
        id = try require("id")
        method = HTTPMethod(rawValue: try require("method"))
        path = try JSONDecoder().decode([String].self, from: Data(pathJSON.utf8))
        query = try JSONDecoder().decode([QueryItem].self, from: Data(queryJSON.utf8)).map(\.item)
        body = row["body"]
        contentType = row["content_type"]
        idempotencyKey = try require("idempotency_key")
        label = row["label"]
        scope = row["scope"]
        createdAt = try require("created_at")
        attempts = try require("attempts")
        state = State(rawValue: stateText) ?? .failed
        status = row["status"]
        message = row["message"]
        response = row["response"]
        finishedAt = row["finished_at"]
    }
}

/// A query item as stored (URLQueryItem is not Codable on every platform).
struct QueryItem: Codable {
    var name: String
    var value: String?

    init(_ item: URLQueryItem) {
        name = item.name
        value = item.value
    }

    var item: URLQueryItem { URLQueryItem(name: name, value: value) }
}
