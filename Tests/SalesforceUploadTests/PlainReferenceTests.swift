import DynamicJSON
import Foundation
import TestSupport
import Testing

@testable import SalesforceUpload

/// The streaming upload reader against the plain one (`PlainSObjectUpload`: the whole body gathered and then
/// parsed, the binary string decoded the obvious way) on the same bodies, cut into pieces of every size.
@Suite struct PlainReferenceTests {
    // NB: computed, not stored: LeakSanitizer cannot follow Swift-tagged pointers in a global `Data`.
    static var bytes: Data { Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }) }

    /// Bodies the reference reads, each with something the streaming reader must get right.
    static var readable: [(name: String, body: String)] {
        let text = bytes.base64EncodedString()
        let wrapped = bytes.base64EncodedString(
            options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]
        )
        .replacingOccurrences(of: "\r\n", with: #"\r\n"#)
        let slashes = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        return [
            ("plain", #"{"ParentId":"001Q000000Demo1IAB","Name":"a.bin","Body":"\#(text)"}"#),
            ("first member", #"{"Body":"\#(text)","Name":"a.bin"}"#),
            ("lower case name", #"{"body":"\#(text)"}"#),
            ("upper case name", #"{"BODY":"\#(text)"}"#),
            ("line breaks as escapes", #"{"Body":"\#(wrapped)"}"#),
            ("slashes as escapes", #"{"Body":\#(slashes)}"#),
            ("slashes as unicode escapes", #"{"Body":\#(slashes.replacingOccurrences(of: #"\/"#, with: #"\u002F"#))}"#),
            ("escapes base64 skips", #"{"Body":"QU\tJD\u00e9\ud83d\ude00RU\u0000ZH"}"#),
            ("raw text outside the alphabet", #"{"Body":"QUJD é RUZH"}"#),
            ("one padding character", #"{"Body":"QUI="}"#),
            ("two padding characters", #"{"Body":"QQ=="}"#),
            ("empty", #"{"Body":""}"#),
            ("a name written with escapes", #"{"B\u006fdy":"\#(text)"}"#),
            ("whitespace everywhere", " \n{ \"Name\" :\t\"x\" ,\r\n \"Body\" : \"\(text)\" } \n"),
            ("a nested Body is an ordinary value", #"{"Description":{"Body":"QUJD"},"Tags":["Body","QUJD"]}"#),
            ("a Body that is not a string", #"{"Body":12,"IsPrivate":false,"Parent":null}"#),
            ("every kind of value", #"{"n":-1.5e3,"t":true,"f":false,"z":null,"a":[1,{"b":"c"}],"s":"\"q\" \\"}"#),
            ("no members", "{}"),
            ("not base64: padding in the middle", #"{"Body":"QUJD=QUJD"}"#),
            ("not base64: a lone character", #"{"Body":"QUJDR"}"#),
            ("not base64: three padding characters", #"{"Body":"Q==="}"#),
        ]
    }

    /// Bodies that are not a JSON object: both readers refuse them.
    static let unreadable = [
        #"{"Body":"QUJD"#, #"{"Body":"QU\xD"}"#, #"{"Body":"QU\u00G1"}"#, #"["Body","QUJD"]"#, #"{"Body":"QUJD"} x"#,
        // Foundation's JSONDecoder takes the comma before `}`; Salesforce does not.
        #"{"Body":"QUJD",}"#, "", "null", #"{"Name":}"#, #"{"Body":"QUJD" "Name":"x"}"#, #"{"Name":"x",}"#,
    ]

    static let pieces = [1, 2, 3, 5, 64, 4096, 1 << 20]

    /// What the streaming reader made of `body`, in the reference's terms.
    static func streamed(_ body: Data, piece: Int, folder: BodyFolder) throws -> PlainSObjectUpload.Contents {
        let upload = SObjectUpload(binaryField: "Body", folder: folder)
        upload.receiveWhole(body, pieceSize: piece)
        var contents = PlainSObjectUpload.Contents()
        for member in try upload.members() {
            let isBinary = member.name.lowercased() == "body" && (member.body != nil || member.value.stringValue != nil)
            contents.members.append(.init(name: member.name, value: isBinary ? .null : member.value))
            guard isBinary else { continue }
            if let staged = try member.stagedBody(in: folder) {
                contents.binary = .bytes(try folder.read(try folder.commit(staged, for: "00PQ000000Same1IAB")))
            } else {
                contents.binary = .notBase64
            }
        }
        return contents
    }

    @Test(arguments: pieces)
    func everyReadableBodyReadsAsTheReferenceReadsIt(piece: Int) throws {
        let folder = try BodyFolder.temporary()
        for (name, body) in Self.readable {
            let data = Data(body.utf8)
            let expected = try #require(try? PlainSObjectUpload.read(data, binaryField: "Body"), "\(name)")
            #expect(try Self.streamed(data, piece: piece, folder: folder) == expected, "\(name)")
        }
    }

    @Test func theReadableBodiesCoverWhatTheyClaim() throws {
        // The comparison above is only as good as its bodies: these hold a decoded binary, a refused one,
        // none at all, and the binary beside other members.
        let read = try Self.readable.map { try PlainSObjectUpload.read(Data($0.body.utf8), binaryField: "Body") }
        #expect(
            read.contains { $0.binary == .bytes(Self.bytes) && $0.members.map(\.name) == ["ParentId", "Name", "Body"] })
        #expect(read.contains { $0.binary == .notBase64 })
        #expect(read.contains { $0.binary == nil && $0.members.first == .init(name: "Body", value: .number(12)) })
        #expect(read.filter { $0.binary == .bytes(Self.bytes) }.count == 9)
    }

    @Test(arguments: [65_536, 1_000_003])
    func anAttachmentOfMegabytesReadsAlike(piece: Int) throws {
        // Several of the staged file's 1 MiB buffers, and pieces that split base64 groups and JSON escapes.
        let payload = Data((0..<(5 << 18) + 7).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        let text = String(decoding: try JSONEncoder().encode(payload.base64EncodedString()), as: UTF8.self)
        let body = Data(#"{"Name":"scan.tiff","ParentId":"001Q000000Demo1IAB","Body":\#(text)}"#.utf8)
        let expected = try PlainSObjectUpload.read(body, binaryField: "Body")
        #expect(expected.binary == .bytes(payload))
        #expect(try Self.streamed(body, piece: piece, folder: try BodyFolder.temporary()) == expected)
    }

    @Test(arguments: unreadable)
    func bothRefuseWhatIsNotAJSONObject(body: String) throws {
        let folder = try BodyFolder.temporary()
        #expect(throws: MalformedBody.self) { try PlainSObjectUpload.read(Data(body.utf8), binaryField: "Body") }
        for piece in [1, 7, 4096] {
            #expect(throws: MalformedBody.self) { try Self.streamed(Data(body.utf8), piece: piece, folder: folder) }
        }
    }

    @Test func realSalesforceBodiesReadAlike() throws {
        let fixtures = Fixtures("salesforce")
        guard let folderURL = fixtures.url else {
            print(fixtures.missingMessage)
            return
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folderURL.path).filter { $0.hasSuffix(".json") }
        let folder = try BodyFolder.temporary()
        var compared = 0
        for name in names.sorted() {
            let file = try #require(try fixtures.data(name))
            // Each real object becomes an upload body: its own bytes as the attachment, its members around them.
            guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: file),
                let brace = file.firstIndex(of: UInt8(ascii: "{"))
            else { continue }
            let separator = object.isEmpty ? "" : ","
            let body =
                Data(#"{"Body":"\#(file.base64EncodedString())"\#(separator)"#.utf8) + file[(brace + 1)...]
            let expected = try PlainSObjectUpload.read(body, binaryField: "Body")
            #expect(expected.binary == .bytes(file), "\(name)")
            for piece in [3, 4096] {
                #expect(try Self.streamed(body, piece: piece, folder: folder) == expected, "\(name) in \(piece)")
            }
            compared += 1
        }
        #expect(compared >= 10, "only \(compared) real bodies")
    }
}
