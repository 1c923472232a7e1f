import Database
import Foundation
import Testing

@Suite struct RowTests {
    enum Status: String, Codable, Sendable {
        case open
        case closed
    }

    struct Action: Decodable, Equatable, Sendable {
        var id: Int
        var title: String
        var status: Status
        var score: Double?
    }

    private let row = Row([
        "ID": .integer(3), "title": .text("Walk"), "status": .text("open"), "score": .null, "extra": .blob(Data([1])),
    ])

    @Test func decodesADecodableStructByCodingKeysIgnoringCaseAndExtraColumns() throws {
        #expect(try row.decode(Action.self) == Action(id: 3, title: "Walk", status: .open, score: nil))
    }

    @Test func subscriptIsLenientAndDecodeExplainsWhy() throws {
        #expect(row["title"] as String? == "Walk")
        #expect(row["title"] as Int? == nil)
        #expect(row["missing"] as String? == nil)
        #expect(row[0] as Int? == 3)
        #expect(row[99] as Int? == nil)
        #expect(
            throws: DatabaseError(
                .decoding, code: "column",
                message: #"no column "missing" in ["ID", "title", "status", "score", "extra"]"#)
        ) {
            try row.decode(String.self, "missing")
        }
        do {
            _ = try row.decode(Int.self, "title")
            Issue.record("reading text as Int must fail")
        } catch let error as DatabaseError {
            #expect(error.kind == .decoding)
            #expect(error.message.contains("title"))
        }
    }

    @Test func aMissingOrNullRequiredFieldIsADecodingError() {
        struct NeedsScore: Decodable { var score: Double }
        struct NeedsOther: Decodable { var other: String }
        #expect(throws: DatabaseError.self) { try row.decode(NeedsScore.self) }
        #expect(throws: DatabaseError.self) { try row.decode(NeedsOther.self) }
    }

    @Test func anUnknownEnumValueIsADecodingErrorNotACrash() {
        let bad = Row(["id": .integer(1), "title": .text("t"), "status": .text("weird"), "score": .real(1)])
        #expect(throws: (any Error).self) { try bad.decode(Action.self) }
    }

    @Test func aSingleValueTypeReadsTheFirstColumn() throws {
        #expect(try Row(["n": .integer(5)]).decode(Int.self) == 5)
        #expect(try Row(["s": .text("open")]).decode(Status.self) == .open)
    }
}
