import Testing

@testable import APIClient

@Suite struct EventSourceParserTests {
    private func parse(_ text: String, chunk: Int = .max) -> [ServerEvent] {
        var parser = EventSourceParser()
        let bytes = Array(text.utf8)
        var events: [ServerEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + chunk)
            events += parser.feed(bytes[start..<end])
            start = end
        }
        return events
    }

    @Test func multiLineDataJoinsWithNewlines() {
        #expect(parse("data: one\ndata: two\n\n") == [ServerEvent(data: "one\ntwo")])
    }

    @Test func eventTypeAndIDAreRead() {
        let events = parse("id: 7\nevent: quake\ndata: {}\n\ndata: next\n\n")
        #expect(
            events == [
                ServerEvent(type: "quake", data: "{}", lastEventID: "7"),
                ServerEvent(type: "message", data: "next", lastEventID: "7"),
            ])
    }

    @Test(arguments: ["\r\n", "\n", "\r"])
    func everyLineEndingWorksEvenWhenSplitByteByByte(ending: String) {
        let text = ["id: 1", "data: a", "", "data: b", "", ""].joined(separator: ending)
        let expected = [ServerEvent(data: "a", lastEventID: "1"), ServerEvent(data: "b", lastEventID: "1")]
        #expect(parse(text) == expected)
        #expect(parse(text, chunk: 1) == expected)
    }

    @Test func crlfSplitAcrossChunksIsOneLineEnd() {
        var parser = EventSourceParser()
        #expect(parser.feed(Array("data: x\r".utf8)).isEmpty)
        // A lone LF after the CR must not count as a blank line.
        #expect(parser.feed(Array("\n".utf8)).isEmpty)
        #expect(parser.feed(Array("\r\n".utf8)) == [ServerEvent(data: "x")])
    }

    @Test func commentsAreIgnored() {
        #expect(parse(": heartbeat\n\n:another\ndata: x\n\n") == [ServerEvent(data: "x")])
    }

    @Test func leadingByteOrderMarkIsSkippedOnce() {
        #expect(parse("\u{FEFF}data: x\n\n") == [ServerEvent(data: "x")])
        // A second BOM is part of the field name, so the line is an unknown field and ignored.
        #expect(parse("\u{FEFF}\u{FEFF}data: x\n\n").isEmpty)
        #expect(parse("\u{FEFF}data: y\n\n", chunk: 1) == [ServerEvent(data: "y")])
    }

    @Test func onlyOneLeadingSpaceIsStripped() {
        #expect(parse("data:  two spaces\ndata:none\n\n") == [ServerEvent(data: " two spaces\nnone")])
    }

    @Test func fieldWithoutColonHasEmptyValue() {
        #expect(parse("data\ndata\n\n") == [ServerEvent(data: "\n")])
    }

    @Test func retrySetsReconnectionTimeOnlyForDigits() {
        var parser = EventSourceParser()
        _ = parser.feed(Array("retry: 2500\n\n".utf8))
        #expect(parser.reconnectionTime == 2500)
        _ = parser.feed(Array("retry: 1.5\nretry: soon\n\n".utf8))
        #expect(parser.reconnectionTime == 2500)
    }

    @Test func idWithNullIsIgnored() {
        #expect(parse("id: 3\n\nid: a\u{0}b\ndata: x\n\n") == [ServerEvent(data: "x", lastEventID: "3")])
    }

    @Test func unfinishedEventAtEndIsNotDispatched() {
        var parser = EventSourceParser()
        #expect(parser.feed(Array("id: 9\ndata: partial\n".utf8)).isEmpty)
        // The ID of an event that was never completed is not remembered.
        #expect(parser.lastEventID == "")
    }

    @Test func resetDropsHalfEventButKeepsLastEventID() {
        var parser = EventSourceParser()
        _ = parser.feed(Array("id: 4\ndata: done\n\nid: 5\ndata: half".utf8))
        parser.reset()
        #expect(parser.lastEventID == "4")
        #expect(parser.feed(Array("data: fresh\n\n".utf8)) == [ServerEvent(data: "fresh", lastEventID: "4")])
    }

    @Test func emptyIDClearsLastEventID() {
        #expect(parse("id: 1\ndata: a\n\nid\ndata: b\n\n").map(\.lastEventID) == ["1", ""])
    }

    @Test func unknownFieldsAndEmptyEventsAreIgnored() {
        #expect(parse("foo: bar\n\n\n\nevent: x\n\n").isEmpty)
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var parser = EventSourceParser()
        let events = parser.feed([UInt8]("data: ".utf8) + [0xFF, 0xFE] + [UInt8]("\n\n".utf8))
        #expect(events == [ServerEvent(data: "\u{FFFD}\u{FFFD}")])
    }
}
