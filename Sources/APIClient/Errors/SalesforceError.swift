/// One element of a Salesforce REST error response.
public struct SalesforceError: Sendable, Equatable, Codable {
    /// The human-readable message.
    public var message: String
    /// The machine code, e.g. `INVALID_FIELD`.
    public var errorCode: String
    /// The fields involved, if any.
    public var fields: [String]

    /// Creates an error element.
    public init(message: String, errorCode: String, fields: [String] = []) {
        self.message = message
        self.errorCode = errorCode
        self.fields = fields
    }

    /// Requires `message`; `errorCode` and `fields` default to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        message = try container.decode(String.self, forKey: .message)
        errorCode = container.decodeLenient(String.self, forKey: .errorCode, default: "")
        fields = container.decodeLenient([String].self, forKey: .fields, default: [])
    }
}
