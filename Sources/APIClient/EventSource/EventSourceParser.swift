/// Turns the bytes of a `text/event-stream` into events, following the WHATWG HTML "event stream
/// interpretation" rules.
///
/// Bytes may arrive in any chunking: a line, a CRLF pair or a UTF-8 sequence may be split between calls.
/// Lines end with CRLF, LF or CR; a leading UTF-8 byte-order mark is skipped; lines starting with `:` are
/// comments; `retry:` sets ``reconnectionTime``; an `id:` containing NUL is ignored; an event is dispatched
/// at a blank line only, so an event cut off by the end of the stream is dropped.
///
/// ```swift
/// var parser = EventSourceParser()
/// let events = parser.feed(Array("data: hello\n\n".utf8))   // [ServerEvent(data: "hello")]
/// ```
public struct EventSourceParser: Sendable {
    /// The last event ID, which the client sends as `Last-Event-ID` when it reconnects.
    ///
    /// NB: per the spec it changes when an event is dispatched (at a blank line), not at the `id:` line, so
    /// an `id:` in an event cut off by a dropped connection is not remembered.
    public private(set) var lastEventID: String
    /// The reconnection delay the server asked for with `retry:`, in milliseconds.
    public private(set) var reconnectionTime: Int?

    private var line: [UInt8] = []
    private var afterCR = false
    private var atStart = true
    private var pendingBOM: [UInt8] = []
    private var data = ""
    private var hasData = false
    private var eventType = ""
    private var idBuffer = ""

    /// Creates a parser at the start of a stream, resuming after `lastEventID` if given.
    public init(lastEventID: String = "") {
        self.lastEventID = lastEventID
        self.idBuffer = lastEventID
    }

    /// Consumes bytes and returns the events they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ServerEvent] {
        var events: [ServerEvent] = []
        for byte in bytes {
            if atStart {
                pendingBOM.append(byte)
                if pendingBOM == Self.bom {
                    atStart = false
                    pendingBOM = []
                    continue
                }
                if Self.bom.starts(with: pendingBOM) { continue }
                atStart = false
                let replay = pendingBOM
                pendingBOM = []
                for early in replay { consume(early, into: &events) }
                continue
            }
            consume(byte, into: &events)
        }
        return events
    }

    /// Marks a new connection: line state, buffers and the unfinished event are dropped; ``lastEventID`` is kept.
    public mutating func reset() {
        // NB: the spec starts each stream with an empty ID buffer; like Chromium we start it at the last
        // event ID, so a bare blank line after a reconnect does not forget where the stream was.
        idBuffer = lastEventID
        line = []
        afterCR = false
        atStart = true
        pendingBOM = []
        data = ""
        hasData = false
        eventType = ""
    }

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func consume(_ byte: UInt8, into events: inout [ServerEvent]) {
        switch byte {
        case UInt8(ascii: "\n"):
            if afterCR {
                afterCR = false
                return
            }
            endLine(into: &events)
        case UInt8(ascii: "\r"):
            afterCR = true
            endLine(into: &events)
        default:
            afterCR = false
            line.append(byte)
        }
    }

    private mutating func endLine(into events: inout [ServerEvent]) {
        let text = String(decoding: line, as: UTF8.self)
        line.removeAll(keepingCapacity: true)
        if text.isEmpty {
            dispatch(into: &events)
            return
        }
        if text.hasPrefix(":") { return }
        let field: Substring
        var value: Substring
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
            value = ""
        }
        switch field {
        case "event":
            eventType = String(value)
        case "data":
            data += value
            data += "\n"
            hasData = true
        case "id":
            if !value.contains("\u{0}") { idBuffer = String(value) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0.isASCII && $0.isNumber }), let milliseconds = Int(value) {
                reconnectionTime = milliseconds
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerEvent]) {
        defer {
            data = ""
            hasData = false
            eventType = ""
        }
        lastEventID = idBuffer
        guard hasData else { return }
        if data.hasSuffix("\n") { data.removeLast() }
        events.append(
            ServerEvent(type: eventType.isEmpty ? "message" : eventType, data: data, lastEventID: lastEventID))
    }
}
