import Foundation

/// What the server said about an error, in one of the two shapes our backends use.
public enum ServiceErrorDetail: Sendable, Equatable {
    /// RFC 9457 problem details (`application/problem+json`).
    case problem(ProblemDetails)
    /// A Salesforce-style array: `[{"message": …, "errorCode": …, "fields": […]}]`.
    case salesforce([SalesforceError])

    /// The first human-readable text the server gave.
    public var message: String? {
        switch self {
        case .problem(let problem): return problem.detail ?? problem.title
        case .salesforce(let errors): return errors.first?.message
        }
    }

    /// Reads an error body, or `nil` when it is neither shape.
    public static func parse(_ data: Data) -> ServiceErrorDetail? {
        let decoder = JSONDecoder()
        if let errors = try? decoder.decode([SalesforceError].self, from: data), !errors.isEmpty {
            return .salesforce(errors)
        }
        if let problem = try? decoder.decode(ProblemDetails.self, from: data),
            problem.title != nil || problem.detail != nil || problem.type != nil
        {
            return .problem(problem)
        }
        return nil
    }
}
