import Foundation
import Testing

@testable import APIClient

private struct Quake: Decodable, Equatable {
    var id: String
    var magnitude: Double?
    var place: String
    var felt: Int
    @LossyArray var tags: [String]

    enum CodingKeys: String, CodingKey {
        case id, mag, place, felt, tags
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        magnitude = container.decodeLenient(Double.self, forKey: .mag)
        place = container.decodeLenient(String.self, forKey: .place, default: "")
        felt = container.decodeLenient(Int.self, forKey: .felt, default: 0)
        _tags = try container.decode(LossyArray<String>.self, forKey: .tags)
    }
}

private struct Feed: Decodable {
    @LossyArray var features: [Quake]
}

private struct Account: Decodable {
    var id: String
    var name: String
    var isActive: Bool
    var scores: [Int]

    enum CodingKeys: String, CodingKey { case id, name, isActive, scores }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = container.decodeLenient(String.self, forKey: .name, default: "")
        isActive = container.decodeLenient(Bool.self, forKey: .isActive, default: false)
        scores = container.decodeLenient([Int].self, forKey: .scores, default: [])
    }
}

@Suite struct LenientDecodingTests {
    func decode<T: Decodable>(_ type: T.Type, _ json: String) throws(APIError) -> T {
        try JSONDecoder().decodeReporting(T.self, from: Data(json.utf8))
    }

    @Test func missingNullAndWrongTypesBecomeNilOrDefaults() throws {
        let quake = try decode(Quake.self, #"{"id": "a", "mag": null, "place": 12, "tags": "oops"}"#)
        #expect(quake.magnitude == nil)
        #expect(quake.place == "12")  // a number where a string was expected is read as its text
        #expect(quake.felt == 0)
        #expect(quake.tags == [])
    }

    @Test func numbersSentAsStringsAreConverted() throws {
        let quake = try decode(Quake.self, #"{"id": "a", "mag": " 4.5", "felt": "12", "tags": []}"#)
        #expect(quake.magnitude == 4.5)
        #expect(quake.felt == 12)
        let bad = try decode(Quake.self, #"{"id": "a", "mag": "strong", "felt": {"n": 1}}"#)
        #expect(bad.magnitude == nil)
        #expect(bad.felt == 0)
    }

    @Test func lossyArraySkipsAndCountsBadElements() throws {
        let feed = try decode(
            Feed.self, #"{"features": [{"id": "a"}, {"mag": 3}, 7, null, {"id": "b", "tags": ["x", 1, "y"]}]}"#)
        #expect(feed.features.map(\.id) == ["a", "b"])
        #expect(feed.$features.skipped == 3)
        #expect(feed.features[1].tags == ["x", "y"])
        #expect(feed.features[1].$tags.skipped == 1)
    }

    @Test func lossyArrayPropertyToleratesMissingAndNull() throws {
        #expect(try decode(Feed.self, "{}").features.isEmpty)
        #expect(try decode(Feed.self, #"{"features": null}"#).features.isEmpty)
        #expect(try decode(Feed.self, #"{"features": {"not": "an array"}}"#).features.isEmpty)
    }

    @Test func namedDefaultsFillMissingNullAndWrongTypes() throws {
        let account = try decode(Account.self, #"{"id": "1", "name": null, "isActive": "yes"}"#)
        #expect(account.name == "")
        #expect(account.isActive == false)
        #expect(account.scores == [])
        let full = try decode(Account.self, #"{"id": "1", "name": "Ada", "isActive": true, "scores": [3]}"#)
        #expect(full.name == "Ada" && full.isActive && full.scores == [3])
    }

    @Test func hardFailureNamesTheCodingPath() {
        struct Properties: Decodable { var mag: Double }
        struct Feature: Decodable { var properties: Properties }
        struct Strict: Decodable { var features: [Feature] }
        let json =
            #"{"features": [{"properties": {"mag": 1}}, {"properties": {"mag": 1}}, {"properties": {"mag": 2}},"#
            + #" {"properties": {"mag": "big"}}]}"#
        #expect {
            try decode(Strict.self, json)
        } throws: { error in
            guard case .decoding(let path, _) = error as? APIError else { return false }
            return path == "features[3].properties.mag"
        }
    }

    @Test func missingRequiredKeyNamesTheKey() {
        #expect(throws: APIError.decoding(path: "features[0].id", message: #"missing key "id""#)) {
            try decode([String: [Quake]].self, #"{"features": [{"mag": 1}]}"#)
        }
    }

    @Test func nonJSONIsADecodingErrorAtTheRoot() {
        #expect {
            try decode(Feed.self, "<html>Bad gateway</html>")
        } throws: { error in
            guard case .decoding(let path, let message) = error as? APIError else { return false }
            return path == "" && !message.isEmpty
        }
    }

    @Test func decodingErrorHasAPersonFacingMessage() {
        #expect(
            APIError.decoding(path: "a", message: "b").errorDescription
                == "The server sent data this app could not read.")
    }
}

extension LenientDecodingTests {
    @Test func lossyArrayEncodesAsAPlainArray() throws {
        struct Both: Codable {
            @LossyArray var tags: [String]
            var count: Int
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(Both(tags: ["a"], count: 3))
        #expect(String(decoding: json, as: UTF8.self) == #"{"count":3,"tags":["a"]}"#)
        let back = try decode(Both.self, String(decoding: json, as: UTF8.self))
        #expect(back.tags == ["a"] && back.count == 3)
    }
}
