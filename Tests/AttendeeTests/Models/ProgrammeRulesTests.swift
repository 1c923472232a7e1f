import AttendeeModels
import Foundation
import Testing

/// The rules of a programme (`ConferenceProgramme.validationError()`), which the server's import and the importer's
/// dry run share: each one refuses the field that breaks it, and the programme just inside every limit passes.
struct ProgrammeRulesTests {
    static let start = Date(timeIntervalSince1970: 1_900_000_000)

    static func programme() -> ConferenceProgramme {
        ConferenceProgramme(
            event: ProgrammeEvent(
                externalID: "test:rules", name: "Rules Days", startsAt: start, endsAt: start.addingTimeInterval(86_400),
                timeZone: "Europe/Lisbon", venue: Venue(name: "Hall", latitude: 38.7, longitude: -9.1),
                coverImageURL: "https://example.org/cover.jpg",
                additionalInfoFields: [AdditionalInfoField(key: "diet", label: "Diet")]),
            speakers: [
                ProgrammeSpeaker(
                    externalID: "test:sp1", name: "Aiko Nakamura", photoURL: "http://example.org/aiko.png",
                    socialLinks: [SocialLink(network: "web", url: "https://aiko.example")])
            ],
            sessions: [
                ProgrammeSession(
                    externalID: "test:s1", title: "Hello", startsAt: start, endsAt: start.addingTimeInterval(3600),
                    speakerIDs: ["test:sp1"])
            ])
    }

    /// The field `change` makes the programme break a rule at, or `nil`.
    static func refusal(_ change: (inout ConferenceProgramme) -> Void) -> String? {
        var programme = programme()
        change(&programme)
        return programme.validationError()?.field
    }

    @Test func aProgrammeWithinEveryRulePasses() {
        #expect(Self.programme().validationError() == nil)
        let atTheLimits = Self.refusal {
            $0.event.name = String(repeating: "é", count: ProgrammeLimits.lineLimit)
            $0.event.summary = String(repeating: "👩🏽‍💻", count: ProgrammeLimits.textLimit)
            $0.event.seatsThreshold = ProgrammeLimits.seatsThreshold.upperBound
            $0.event.venue.latitude = -90
            $0.event.venue.longitude = 180
            $0.event.externalID = String(repeating: "x", count: ProgrammeLimits.idLimit)
            $0.speakers[0].name = String(repeating: "a", count: PersonName.limit)
            $0.sessions[0].startsAt = $0.event.startsAt
            $0.sessions[0].endsAt = $0.event.endsAt
            $0.sessions[0].abstract = ""
            $0.sessions[0].capacity = 0
        }
        #expect(atTheLimits == nil, "a grapheme of several code points counts once")
    }

    @Test func everyTextHasALimit() {
        let line = String(repeating: "x", count: ProgrammeLimits.lineLimit + 1)
        let text = String(repeating: "x", count: ProgrammeLimits.textLimit + 1)
        let cases: [(String, (inout ConferenceProgramme) -> Void)] = [
            ("event.name", { $0.event.name = line }),
            ("event.summary", { $0.event.summary = text }),
            ("event.venue.name", { $0.event.venue.name = line }),
            ("event.venue.address", { $0.event.venue.address = line }),
            (
                "event.additionalInfoFields.0.key",
                {
                    $0.event.additionalInfoFields[0].key = String(
                        repeating: "k", count: ProgrammeLimits.additionalInfoKeyLimit + 1)
                }
            ),
            ("event.additionalInfoFields.0.label", { $0.event.additionalInfoFields[0].label = line }),
            ("speakers.0.name", { $0.speakers[0].name = String(repeating: "a", count: PersonName.limit + 1) }),
            ("speakers.0.title", { $0.speakers[0].title = String(repeating: "t", count: ProfileUpdate.lineLimit + 1) }),
            (
                "speakers.0.company",
                {
                    $0.speakers[0].company = String(repeating: "c", count: ProfileUpdate.lineLimit + 1)
                }
            ),
            ("speakers.0.bio", { $0.speakers[0].bio = String(repeating: "b", count: ProfileUpdate.aboutMeLimit + 1) }),
            ("sessions.0.title", { $0.sessions[0].title = line }),
            ("sessions.0.abstract", { $0.sessions[0].abstract = text }),
            ("sessions.0.track", { $0.sessions[0].track = line }),
            ("sessions.0.room", { $0.sessions[0].room = line }),
            (
                "event.externalID",
                {
                    $0.event.externalID = String(repeating: "i", count: ProgrammeLimits.idLimit + 1)
                }
            ),
            (
                "speakers.0.externalID",
                {
                    $0.speakers[0].externalID = String(repeating: "i", count: ProgrammeLimits.idLimit + 1)
                }
            ),
            (
                "sessions.0.externalID",
                {
                    $0.sessions[0].externalID = String(repeating: "i", count: ProgrammeLimits.idLimit + 1)
                }
            ),
        ]
        for (field, change) in cases { #expect(Self.refusal(change) == field) }
        var programme = Self.programme()
        programme.event.name = line
        #expect(programme.validationError()?.message == "The text must be at most 200 characters.")
    }

    @Test func namesAndTitlesAreNotOnlyWhiteSpace() {
        #expect(Self.refusal { $0.event.name = " \t\n " } == "event.name")
        #expect(Self.refusal { $0.event.name = "" } == "event.name")
        #expect(Self.refusal { $0.sessions[0].title = "\u{3000}" } == "sessions.0.title")
        #expect(Self.refusal { $0.speakers[0].name = "  " } == "speakers.0.name")
        #expect(Self.refusal { $0.event.additionalInfoFields[0].label = " " } == "event.additionalInfoFields.0.label")
        #expect(Self.refusal { $0.event.summary = "  " } == nil, "a summary may be empty")
        #expect(Self.refusal { $0.event.name = "Rules\u{0}Days" } == "event.name")
    }

    @Test func theEventEndsNoEarlierThanItStarts() {
        #expect(Self.refusal { $0.event.endsAt = $0.event.startsAt.addingTimeInterval(-1) } == "event.endsAt")
    }

    /// A session may run past midnight of the last day when the event's end says so; the importers make the event
    /// end with its last session.
    @Test func everySessionIsInsideTheEvent() {
        let year1999 = Date(timeIntervalSince1970: 930_000_000)
        #expect(
            Self.refusal {
                $0.sessions[0].startsAt = year1999
                $0.sessions[0].endsAt = year1999.addingTimeInterval(3600)
            } == "sessions.0.startsAt")
        #expect(
            Self.refusal { $0.sessions[0].endsAt = $0.event.endsAt.addingTimeInterval(1) } == "sessions.0.endsAt")
        #expect(
            Self.refusal { $0.sessions[0].startsAt = $0.event.startsAt.addingTimeInterval(-60) }
                == "sessions.0.startsAt")
    }

    @Test func everySpeakerOfASessionIsAmongTheSpeakers() {
        var programme = Self.programme()
        programme.sessions[0].speakerIDs = ["test:sp1", "test:unknown"]
        #expect(programme.validationError()?.field == "sessions.0.speakerIDs.1")
        #expect(programme.validationError()?.message == "“test:unknown” is not one of the programme's speakers.")
        #expect(Self.refusal { $0.speakers = [] } == "sessions.0.speakerIDs.0")
        #expect(Self.refusal { $0.speakers[0].externalID = "" } == "speakers.0.externalID")
    }

    @Test func numbersAreInTheirRanges() {
        #expect(Self.refusal { $0.event.seatsThreshold = -100 } == "event.seatsThreshold")
        #expect(Self.refusal { $0.event.seatsThreshold = 10_001 } == "event.seatsThreshold")
        #expect(Self.refusal { $0.event.venue.latitude = 999 } == "event.venue.latitude")
        #expect(Self.refusal { $0.event.venue.latitude = -90.5 } == "event.venue.latitude")
        #expect(Self.refusal { $0.event.venue.longitude = -999 } == "event.venue.longitude")
        #expect(Self.refusal { $0.event.venue.longitude = 180.5 } == "event.venue.longitude")
        #expect(Self.refusal { $0.sessions[0].capacity = -1 } == "sessions.0.capacity")
    }

    @Test func additionalInfoKeysArePresentAndEachUsedOnce() {
        #expect(
            Self.refusal {
                $0.event.additionalInfoFields = [
                    AdditionalInfoField(key: "", label: "One"), AdditionalInfoField(key: "", label: "Two"),
                ]
            } == "event.additionalInfoFields.0.key")
        #expect(
            Self.refusal {
                $0.event.additionalInfoFields.append(AdditionalInfoField(key: "diet", label: "Diet again"))
            } == "event.additionalInfoFields.1.key")
        #expect(
            Self.refusal {
                $0.event.additionalInfoFields = (0...ProgrammeLimits.additionalInfoFieldLimit).map {
                    AdditionalInfoField(key: "k\($0)", label: "Q\($0)")
                }
            } == "event.additionalInfoFields")
    }

    @Test func addressesAreWebAddressesWithAHost() {
        for address in [
            "javascript:alert(1)", "file:///etc/passwd", "/images/lee.png", "https://", "http:///path",
            "ftp://example.org/x", "https://" + String(repeating: "a", count: ProgrammeLimits.urlLimit),
        ] {
            #expect(Self.refusal { $0.event.coverImageURL = address } == "event.coverImageURL", "\(address)")
            #expect(Self.refusal { $0.speakers[0].photoURL = address } == "speakers.0.photoURL", "\(address)")
        }
        #expect(Self.refusal { $0.event.coverImageURL = "HTTPS://Example.org/c.png?x=1#y" } == nil)
        #expect(
            Self.refusal { $0.speakers[0].socialLinks[0].url = "javascript:alert(1)" } == "speakers.0.socialLinks.0.url"
        )
        #expect(ProgrammeLimits.isWebAddress("http://localhost:8080/a.png"))
    }

    @Test func theSeedProgrammePasses() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources/AttendeeServer/Seed/demo-conference.json").standardizedFileURL
        let programme = try AttendeeCoding.decoder().decode(ConferenceProgramme.self, from: Data(contentsOf: seed))
        #expect(programme.validationError() == nil)
    }

    // MARK: - Decoding

    /// The OpenAPI document requires only some fields; the others take the initializer's defaults.
    @Test func decodingTakesTheDocumentedDefaults() throws {
        let body = """
            {"event": {"externalID": "e", "name": "E", "startsAt": "2030-01-01T09:00:00Z",
                       "endsAt": "2030-01-01T18:00:00Z", "timeZone": "UTC", "venue": {"name": "Hall"}},
             "speakers": [{"externalID": "p", "name": "P"}],
             "sessions": [{"externalID": "s", "title": "S", "startsAt": "2030-01-01T10:00:00Z",
                           "endsAt": "2030-01-01T11:00:00Z", "track": null}]}
            """
        let programme = try AttendeeCoding.decoder().decode(ConferenceProgramme.self, from: Data(body.utf8))
        #expect(programme.event.summary == "")
        #expect(programme.event.seatsThreshold == 10)
        #expect(programme.event.additionalInfoFields == [])
        #expect(programme.event.coverImageURL == nil)
        #expect(programme.event.venue == Venue(name: "Hall"))
        #expect(programme.speakers == [ProgrammeSpeaker(externalID: "p", name: "P")])
        let session = try #require(programme.sessions.first)
        #expect(session.kind == .talk)
        #expect(session.abstract == "")
        #expect(session.speakerIDs == [])
        #expect(session.track == nil)
        #expect(programme.validationError() == nil)
        let again = try AttendeeCoding.decoder().decode(
            ConferenceProgramme.self, from: AttendeeCoding.encoder().encode(programme))
        #expect(again == programme)
    }

    @Test func aDefaultedFieldSentAsNullIsRefused() {
        let body = """
            {"externalID": "e", "name": "E", "startsAt": "2030-01-01T09:00:00Z", "endsAt": "2030-01-01T18:00:00Z",
             "timeZone": "UTC", "venue": {"name": "Hall"}, "summary": null}
            """
        #expect(throws: DecodingError.self) {
            try AttendeeCoding.decoder().decode(ProgrammeEvent.self, from: Data(body.utf8))
        }
    }

    @Test func aBadDateIsRefusedAtItsOwnField() throws {
        for (value, key) in [(#""yesterday""#, "startsAt"), ("12", "startsAt")] {
            let body = """
                {"event": {"externalID": "e", "name": "E", "\(key)": \(value), "endsAt": "2030-01-01T18:00:00Z",
                           "timeZone": "UTC", "venue": {"name": "Hall"}}, "speakers": [], "sessions": []}
                """
            do {
                _ = try AttendeeCoding.decoder().decode(ConferenceProgramme.self, from: Data(body.utf8))
                Issue.record("\(value) decoded")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.map(\.stringValue) == ["event", key])
            } catch let DecodingError.typeMismatch(_, context) {
                #expect(context.codingPath.map(\.stringValue) == ["event", key])
            }
        }
    }
}
