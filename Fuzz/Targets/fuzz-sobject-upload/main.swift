// The Salesforce stand-in's streaming sObject body reader, which pulls the base64 attachment out of the JSON
// while it arrives: cut into pieces anywhere, it must read what it reads in one piece, refuse no body the
// gathered parser (`SObjectBody.parse`) reads, and keep every other member as that parser does.
import DynamicJSON
import Foundation
import FuzzSupport

@testable import SalesforceUpload

// NB: one folder for the run; each staged body removes its file when released.
let folder = try! BodyFolder.temporary(writesDirectly: false)

/// One member as an upload read it.
struct Read: Equatable, CustomStringConvertible {
    var name: String
    var value: JSONValue
    /// For a streamed value: its decoded size, or why it is unusable.
    var streamed: String?
    var description: String { "\(name)=\(value)" + (streamed.map { " streamed \($0)" } ?? "") }
}

/// What an upload made of a body.
enum Outcome: Equatable {
    case members([Read])
    /// The error's description.
    case refused(String)
}

func read(_ body: [UInt8], pieces: [Range<Int>]) -> Outcome {
    let upload = SObjectUpload(binaryField: "Body", folder: folder)
    for piece in pieces { body[piece].withUnsafeBytes { upload.receive($0) } }
    upload.finish()
    do {
        return .members(
            try upload.members().map { member in
                Read(
                    name: member.name, value: member.value,
                    streamed: member.body.map { $0.failure.map { "\($0)" } ?? "\($0.count) bytes" })
            })
    } catch {
        return .refused("\(error)")
    }
}

fuzz { input in
    let body = input.bytes
    let whole = read(body, pieces: [0..<body.count])
    let cut = read(body, pieces: input.pieces(of: body.count))
    require(whole == cut, "in one piece \(whole), in pieces \(cut)")
    guard let reference = try? SObjectBody.parse(Data(body)) else { return }
    guard case .members(let members) = whole else {
        require(false, "refused a body the gathered parser reads: \(whole)")
        return
    }
    require(members.count == reference.count, "\(members.count) members, reference \(reference.count)")
    for (member, expected) in zip(members, reference) {
        if let streamed = member.streamed {
            require(
                expected.name.lowercased() == "body", "streamed \(member), but the reference names \(expected.name)")
            guard case .string(let text) = expected.value else {
                require(false, "streamed \(member), but the reference value is \(expected.value)")
                return
            }
            let decoded = PlainBase64.decode(Array(text.utf8))
            let summary = decoded.map { "\($0.count) bytes" } ?? "notBase64"
            require(streamed == summary, "streamed \(member), reference \(summary)")
        } else {
            require(
                member.name == expected.name && member.value == expected.value,
                "kept \(member), reference \(expected)")
        }
    }
}
