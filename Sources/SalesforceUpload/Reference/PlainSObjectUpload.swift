import DynamicJSON
import Foundation

/// The plain way to read an sObject write body, which the streaming ``SObjectUpload`` must agree with on every
/// body: gather all of it, take its members with ``SObjectBody/parse(_:)``, and decode the binary field's string
/// with ``PlainBase64``.
///
/// NB: slow on purpose (a 35 MB upload is held several times over, and read only once it has all arrived);
/// tests and the fuzzer read the same bodies both ways and compare. The members are not taken with
/// `JSONDecoder` alone: Foundation's parser accepts a comma before an object's `}`, which Salesforce refuses,
/// and it forgets the members' order, in which Salesforce reports bad fields.
package enum PlainSObjectUpload {
    /// What a body holds.
    package struct Contents: Equatable, Sendable, CustomStringConvertible {
        /// The members in order, the binary one with `null` for its value.
        package var members: [Member]
        /// The binary field, when the body has it as a string.
        package var binary: Binary?

        package init(members: [Member] = [], binary: Binary? = nil) {
            self.members = members
            self.binary = binary
        }

        package var description: String {
            "\(members.map { "\($0.name)=\($0.value)" }) binary: \(binary.map { "\($0)" } ?? "none")"
        }
    }

    /// One member of a body.
    package struct Member: Equatable, Sendable {
        package var name: String
        package var value: JSONValue

        package init(name: String, value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    /// A binary field's string, decoded.
    package enum Binary: Equatable, Sendable {
        /// The bytes it stands for.
        case bytes(Data)
        /// It is not base64.
        case notBase64
    }

    /// Reads `body`, whose top-level member named like `binaryField` (matched without regard to case) holds
    /// base64 text; ``MalformedBody`` when the body is not a JSON object.
    package static func read(_ body: Data, binaryField: String) throws -> Contents {
        var contents = Contents()
        for (name, value) in try SObjectBody.parse(body) {
            if name.lowercased() == binaryField.lowercased(), case .string(let text) = value {
                contents.binary = PlainBase64.decode(Array(text.utf8)).map { .bytes(Data($0)) } ?? .notBase64
                contents.members.append(Member(name: name, value: .null))
            } else {
                contents.members.append(Member(name: name, value: value))
            }
        }
        return contents
    }
}
