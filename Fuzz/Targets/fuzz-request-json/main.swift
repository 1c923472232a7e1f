// Request bodies as every JSON route reads them (`Request.decode`): a body is a value or a 400/422 problem,
// never a trap or another error, and a value decoded, encoded and decoded again is the same value.
import DynamicJSON
import Foundation
import FuzzSupport
import HTTPServer

/// A wire type with the kinds of field the routes take: optional text, ISO 8601 dates, numbers, lists, maps.
struct Probe: Codable, Equatable {
    var title: String?
    var startsAt: Date?
    var count: Int?
    var ratio: Double?
    var tags: [String]?
    var answers: [String: Bool]?
}

/// Decodes `T` from the body as a route does; a value must survive encoding and decoding again.
func check<T: Codable & Equatable>(_ type: T.Type, _ body: Data, encoder: JSONEncoder) {
    let value: T
    do {
        value = try Request(method: .post, path: "/", body: body).decode(T.self)
    } catch {
        guard let problem = error as? HTTPError else {
            require(false, "\(T.self): \(Swift.type(of: error)) instead of a problem")
            return
        }
        require(
            problem.status == .badRequest || problem.status == .unprocessableContent, "\(T.self): \(problem.status)")
        return
    }
    guard let encoded = try? encoder.encode(value) else {
        require(false, "\(value) decoded but does not encode")
        return
    }
    let again = try? Request(method: .post, path: "/", body: encoded).decode(T.self)
    require(again == value, "\(value) came back as \(again.map { "\($0)" } ?? "an error")")
}

let encoder = JSONEncoder()
encoder.dateEncodingStrategy = .iso8601

fuzz { input in
    let body = Data(input.bytes)
    check(JSONValue.self, body, encoder: encoder)
    check(Probe.self, body, encoder: encoder)
}
