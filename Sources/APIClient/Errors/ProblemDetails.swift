import Foundation
import PublicInit

/// RFC 9457 problem details; every member is optional because servers leave them out.
@PublicInit
public struct ProblemDetails: Sendable, Equatable, Codable {
    /// A URI naming the problem type.
    public var type: String?
    /// A short summary of the problem type.
    public var title: String?
    /// The status the server meant.
    public var status: Int?
    /// An explanation of this occurrence, for the person.
    public var detail: String?
    /// A URI naming this occurrence.
    public var instance: String?
    /// The request field the problem is about (Quartet's extension member on 4xx validation problems).
    public var field: String?

    /// Reads each member leniently: a wrong type leaves it `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = container.decodeLenient(String.self, forKey: .type)
        title = container.decodeLenient(String.self, forKey: .title)
        status = container.decodeLenient(Int.self, forKey: .status)
        detail = container.decodeLenient(String.self, forKey: .detail)
        instance = container.decodeLenient(String.self, forKey: .instance)
        field = container.decodeLenient(String.self, forKey: .field)
    }
}

extension ProblemDetails {
    /// Reads an error body as a problem document, or `nil` when it is not one (HTML, an empty body, another
    /// service's error shape: the caller then speaks from the status alone).
    public static func parse(_ data: Data) -> ProblemDetails? {
        guard let problem = try? JSONDecoder().decode(ProblemDetails.self, from: data),
            problem.title != nil || problem.detail != nil || problem.type != nil
        else { return nil }
        return problem
    }
}
