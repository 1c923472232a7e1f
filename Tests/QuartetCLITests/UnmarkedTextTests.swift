import Localization
import Testing

/// The check every app's strings test relies on: it must catch a sentence no table handed out.
@Suite struct UnmarkedTextTests {
    let check = UnmarkedText(data: ["M 7.3 - Big", "/tmp/quakes.svg"])

    @Test func anUnmarkedEnglishSentenceIsCaught() {
        let offences = check.offences(in: "⟦Deleted big (M 7.3 - Big).⟧\nsaved M 7.3 - Big\n")
        #expect(offences == [UnmarkedText.Offence(line: "saved M 7.3 - Big", words: ["saved"])])
    }

    @Test func marksNestAndDataIsTakenOutWhole() {
        #expect(check.offences(in: "⟦3 of 3 earthquakes · ⟦Updated 12:04⟧⟧").isEmpty)
        #expect(check.offences(in: "M 7.3 - Big  ⟦Wrote⟧ /tmp/quakes.svg, 12 (3.25°)").isEmpty)
        // Data is a whole phrase: a word that only contains it, or a part of it, is not data.
        #expect(check.offences(in: "M 7.3 - Bigger").map(\.words) == [["M", "Bigger"]])
        #expect(check.offences(in: "Big").map(\.words) == [["Big"]])
    }

    /// A signed link's signature is random base64url: a piece of the test's data inside it ("M" between two
    /// dashes) must not cut it in two and leave half of it to be read as a word.
    @Test func aWebAddressIsDataWhateverDataIsInsideIt() {
        let check = UnmarkedText(data: ["M", "Bo"])
        #expect(check.offences(in: "⟦Link:⟧ https://q.test/s/e1?exp=1&sig=Qx-M-zzpq_Bo-wave").isEmpty)
        #expect(check.offences(in: "⟦Link:⟧ https://q.test/s/e1 wave").map(\.words) == [["wave"]])
    }

    @Test func aMarkWithoutItsPartnerShows() {
        #expect(check.offences(in: "⟦Loading earthquakes").map(\.words) == [["Loading", "earthquakes"]])
        #expect(check.offences(in: "done⟧").map(\.words) == [["done"]])
    }

    @Test func datesAndNumbersAreData() {
        #expect(check.offences(in: "Wed 10 Mar 2027  9:41 AM  42").isEmpty)
        #expect(check.offences(in: "Dec 2, 2026 at 5:41:52 AM").isEmpty)
        #expect(check.offences(in: "Wed 10 Mar 2027 starts 9:41").map(\.words) == [["starts"]])
    }

    @Test func aJSONAnswerGivesItsDataButNotTheCoresWords() {
        let answer = #"[{"id": "p1", "likes": "⟦1 like⟧", "byline": "Ana · ⟦2 min ago⟧", "count": 3}]"#
        #expect(Set(UnmarkedText.data(inJSON: answer)) == ["p1", "Ana · ", "3"])
    }

    @Test func theTranscriptNamesTheCommand() {
        var transcript = Transcript()
        transcript.record(["quakes", "map"], "⟦Wrote 2 earthquakes⟧", "")
        transcript.record(["quakes", "delete", "x"], "", "quartet: no such quake\n")
        #expect(transcript.printedCommands == 2)
        #expect(check.offences(in: transcript) == ["quakes delete x: quartet no such quake ← quartet: no such quake"])
    }

    /// The marks themselves: a table hands out marked strings only while a test turns marking on.
    @Test func marksAreOnlyOnInsideTheTaskLocal() {
        let table = StringTable(bundle: .main)
        #expect(table.text("no.such.key") == "no.such.key")
        StringTable.$marking.withValue(true) {
            #expect(table.text("no.such.key") == "⟦no.such.key⟧")
            // Only the table's own words: an argument keeps its marks, or shows unmarked when it has none.
            #expect(table.format("%@ and %@", "a", table.text("b")) == "a⟦ and ⟧⟦b⟧")
            #expect(table.format("Deleted %1$@ (%2$@).", "mid", "M 5") == "⟦Deleted ⟧mid⟦ (⟧M 5⟦).⟧")
        }
    }
}
