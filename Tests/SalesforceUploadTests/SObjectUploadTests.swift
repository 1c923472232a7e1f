import DynamicJSON
import Foundation
import Testing

@testable import SalesforceUpload

/// The write body taken as it arrives: which value is streamed, exactly what it decodes to however the
/// body is cut, and what the rest of the JSON becomes.
@Suite struct SObjectUploadTests {
    // NB: computed, not stored: LeakSanitizer cannot follow Swift-tagged pointers in a global `Data`.
    static var bytes: Data { Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 5) }) }

    /// Feeds `body` in pieces of `piece` bytes to an upload streaming `Body`.
    static func upload(_ body: String, piece: Int, folder: BodyFolder) -> SObjectUpload {
        let upload = SObjectUpload(binaryField: "Body", folder: folder)
        upload.receiveWhole(Data(body.utf8), pieceSize: piece)
        return upload
    }

    static func stored(_ body: StagedBody?, in folder: BodyFolder) throws -> Data {
        try folder.read(try folder.commit(try #require(body), for: "00PQ000000Test1IAB"))
    }

    @Test(arguments: [1, 2, 5, 64, 4096, 1 << 20])
    func theBinaryValueIsStreamedAndTheRestKept(piece: Int) throws {
        let folder = try BodyFolder.temporary()
        let json =
            #"{ "ParentId" : "001Q000000Demo1IAB", "body": "\#(Self.bytes.base64EncodedString())", "#
            + #""Name":"a \"quoted\" \\ name","Description":{"Body":"QUJD"},"IsPrivate":false}"#
        let members = try Self.upload(json, piece: piece, folder: folder).members()
        #expect(members.map(\.name) == ["ParentId", "body", "Name", "Description", "IsPrivate"])
        #expect(members[1].value == .null)
        #expect(try Self.stored(members[1].body, in: folder) == Self.bytes)
        #expect(members[2].value == .string(#"a "quoted" \ name"#))
        // Only a top-level member is the binary field.
        #expect(members[3].value == .object(["Body": "QUJD"]))
        #expect(members.filter { $0.body != nil }.count == 1)
        #expect(members[4].value == .bool(false))
    }

    @Test(arguments: [1, 3, 4096])
    func escapesInsideTheValueAreUndone(piece: Int) throws {
        let folder = try BodyFolder.temporary()
        // JSONEncoder writes every "/" as "\/"; "\u002F" is a slash too, "\n" a skipped line break.
        let escaped = String(decoding: try JSONEncoder().encode(Self.bytes.base64EncodedString()), as: UTF8.self)
        #expect(escaped.contains(#"\/"#))
        for text in [escaped, escaped.replacingOccurrences(of: #"\/"#, with: #"\u002F"#)] {
            let wrapped = text.replacingOccurrences(of: "A", with: #"A\n"#)
            let members = try Self.upload(#"{"Body":\#(wrapped)}"#, piece: piece, folder: folder).members()
            #expect(try Self.stored(members.first?.body, in: folder) == Self.bytes)
        }
    }

    @Test func aNameWrittenWithEscapesStaysInTheJSON() throws {
        let folder = try BodyFolder.temporary()
        let members = try Self.upload(#"{"B\u006fdy":"QUJD"}"#, piece: 2, folder: folder).members()
        #expect(members.first?.name == "Body")
        #expect(members.first?.value == .string("QUJD"))
        #expect(members.first?.body == nil)
    }

    @Test func textThatIsNotBase64IsReportedOnTheBody() throws {
        let folder = try BodyFolder.temporary()
        let members = try Self.upload(#"{"Body":"QUJD=QUJD"}"#, piece: 3, folder: folder).members()
        guard case .notBase64? = members.first?.body?.failure else {
            Issue.record("the body was accepted")
            return
        }
    }

    @Test(arguments: [
        #"{"Body":"QUJD"#, #"{"Body":"QU\xD"}"#, #"{"Body":"QU\u00G1"}"#, #"["Body","QUJD"]"#, #"{"Body":"QUJD"} x"#,
        #"{"Body":"QUJD",}"#, "",
    ])
    func malformedBodiesAreRefused(body: String) throws {
        let folder = try BodyFolder.temporary()
        #expect(throws: MalformedBody.self) { try Self.upload(body, piece: 2, folder: folder).members() }
    }

    @Test func aFolderThatCannotStageIsAnErrorNotACrash() throws {
        let folder = try BodyFolder.temporary()
        try FileManager.default.removeItem(at: folder.url)
        let upload = Self.upload(#"{"Body":"QUJD","Name":"x"}"#, piece: 4, folder: folder)
        #expect(throws: BodyFolder.Failure.self) { try upload.members() }
    }
}
