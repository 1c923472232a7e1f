import CMicroHTTPD
import Foundation

/// The fields that decide where a request ends and whom it is for (RFC 9112 §3.2, §6.1, §6.3), and the refusal
/// they call for before any handler runs.
///
/// Two readings of the same header lines: ``Fields`` keeps every value as text and applies the rule as written
/// (the reference); ``Scan`` is the engine's one pass over MHD's list, which allocates nothing and decides alone
/// only what nearly every request looks like — at most one `Content-Length` that is all digits and no
/// `Transfer-Encoding` — and hands anything else to ``Fields``. A test holds the two to the same answers.
enum RequestFraming {
    /// Every `Host` line counted, every `Content-Length` and `Transfer-Encoding` value kept as text.
    struct Fields {
        var hosts = 0
        var contentLengths: [String] = []
        var transferEncodings: [String] = []

        /// Reads MHD's list of the request's header lines.
        init(_ connection: OpaquePointer) {
            withUnsafeMutablePointer(to: &self) { fields in
                _ = MHD_get_connection_values(
                    connection, .HEADER_KIND,
                    { cls, _, name, value in
                        guard let cls, let name else { return .YES }
                        cls.assumingMemoryBound(to: Fields.self).pointee.add(name: name, value: value)
                        return .YES
                    }, fields)
            }
        }

        init() {}

        mutating func add(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>?) {
            if strcasecmp(name, "Host") == 0 {
                hosts += 1
            } else if strcasecmp(name, "Content-Length") == 0 {
                contentLengths.append(value.map { String(cString: $0) } ?? "")
            } else if strcasecmp(name, "Transfer-Encoding") == 0 {
                transferEncodings.append(value.map { String(cString: $0) } ?? "")
            }
        }

        /// The refusal, if any: no `Host` (HTTP/1.1) or more than one; `Content-Length` values that disagree or
        /// are not numbers, or one beside `Transfer-Encoding`; a transfer coding other than a final `chunked`
        /// (400), or one this server does not decode before it (501).
        func problem(http11: Bool) -> HTTPError? {
            if hosts > 1 { return RequestFraming.moreThanOneHost }
            if hosts == 0, http11 { return RequestFraming.noHost }
            let lengths = contentLengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if !lengths.isEmpty {
                guard lengths.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
                    Set(lengths.map { $0.drop { $0 == "0" } }).count == 1
                else {
                    return HTTPError(
                        .badRequest, detail: "The request's Content-Length headers disagree or are not numbers.",
                        headers: ["Connection": "close"])
                }
            }
            if !transferEncodings.isEmpty {
                let codings = transferEncodings.flatMap { $0.split(separator: ",") }
                    .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard lengths.isEmpty, codings.last == "chunked" else {
                    return HTTPError(
                        .badRequest,
                        detail: lengths.isEmpty
                            ? "A request's last transfer coding must be chunked."
                            : "A request may not have both Content-Length and Transfer-Encoding.",
                        headers: ["Connection": "close"])
                }
                if codings.count > 1 {
                    return HTTPError(
                        .notImplemented, detail: "The only transfer coding this server accepts is chunked.",
                        headers: ["Connection": "close"])
                }
            }
            return nil
        }
    }

    /// The engine's pass: counts and pointers into MHD's list (valid while the request lasts), no copies.
    struct Scan {
        var hosts = 0
        var contentLengths = 0
        var transferEncodings = 0
        /// The first `Content-Length` line's value, as `MHD_lookup_connection_value` would answer it.
        var firstContentLength: UnsafePointer<CChar>?
        /// Whether the first `Transfer-Encoding` line has a value (what `MHD_lookup_connection_value` tells).
        var hasTransferEncoding = false
        /// Whether a header line is one HTTP/1.1 forbids (see ``isWellFormed(name:nameLength:value:valueLength:)``
        /// and ``endsWhereExpected(valueEnd:nextName:)``).
        var hasMalformedLine = false
        /// Where the previous line's value ends as MHD measured it (its first NUL).
        private var previousValueEnd: UnsafePointer<CChar>?

        /// Reads MHD's list of the request's header lines.
        init(_ connection: OpaquePointer) {
            withUnsafeMutablePointer(to: &self) { scan in
                _ = MHD_get_connection_values_n(
                    connection, .HEADER_KIND,
                    { cls, _, name, nameLength, value, valueLength in
                        guard let cls, let name else { return .YES }
                        let scan = cls.assumingMemoryBound(to: Scan.self)
                        scan.pointee.add(name: name, value: value)
                        if !Scan.isWellFormed(
                            name: name, nameLength: nameLength, value: value, valueLength: valueLength)
                            || !Scan.endsWhereExpected(valueEnd: scan.pointee.previousValueEnd, nextName: name)
                        {
                            scan.pointee.hasMalformedLine = true
                        }
                        scan.pointee.previousValueEnd = value.map { $0 + valueLength }
                        return .YES
                    }, scan)
            }
            if !Scan.endsWhereExpected(valueEnd: previousValueEnd, nextName: nil) { hasMalformedLine = true }
        }

        /// Whether a value MHD measured ends where its line does, not at a NUL inside it (RFC 9110 §5.5 lets a
        /// recipient refuse a value with NUL, and a proxy in front may read the whole value where MHD reads a part).
        ///
        /// NB: libmicrohttpd 0.9.75 measures values with `strlen`, so `X-A: ab<NUL>cd` is the value `ab`; but it
        /// leaves the line in its read buffer, where it replaced CR and LF with NUL. A line's value therefore ends
        /// one or two NULs before the next line's name; more than two bytes between them means the value went on past
        /// a NUL. After the last line comes the empty line's NUL, so the byte after the value's end is NUL too. What
        /// this cannot see: a NUL right before a bare LF (`ab<NUL><LF>` reads as `ab<CR><LF>`) or at the end of the
        /// last line's value; the value is then the same either way. A name MHD copied elsewhere (a folded line,
        /// refused on its own) is not adjacent and not judged here.
        static func endsWhereExpected(valueEnd: UnsafePointer<CChar>?, nextName: UnsafePointer<CChar>?) -> Bool {
            guard let valueEnd else { return true }
            guard let nextName else { return valueEnd[1] == 0 }
            return valueEnd.distance(to: nextName) <= 2
        }

        /// Whether a header line as libmicrohttpd 0.9.75 kept it is one RFC 9112 lets a server take: a field name
        /// that is a token (no whitespace before the colon, RFC 9112 §5.1; none before the first field, §2.2), a
        /// value without CR (§2.2, RFC 9110 §5.5), and no obs-fold (§5.2).
        ///
        /// NB: MHD takes all of these without a word, and a proxy in front may read them otherwise: it keeps
        /// `Transfer-Encoding : chunked` as a field named `Transfer-Encoding ` (so the framing check never sees it)
        /// and appends a folded line to the field's *name* (`Transfer-Encoding:` + ` chunked` is a field named
        /// `Transfer-Encodingchunked`), so the body a proxy forwards as chunked would be read here as the next
        /// request. Each is a request smuggling lever; RFC 9112 says to answer 400. A folded line is told by where
        /// MHD keeps the name: a line it took as it came has its name, the NUL that replaced the colon, optional
        /// whitespace and its value, in that order in the read buffer; a folded one has its name copied elsewhere.
        /// (A NUL in a value is found by ``endsWhereExpected(valueEnd:nextName:)``: MHD cuts values there.)
        static func isWellFormed(
            name: UnsafePointer<CChar>, nameLength: Int, value: UnsafePointer<CChar>?, valueLength: Int
        ) -> Bool {
            guard nameLength > 0 else { return false }
            for index in 0..<nameLength where !isTokenByte(UInt8(bitPattern: name[index])) { return false }
            guard let value else { return true }
            if valueLength > 0, memchr(value, 0x0D, valueLength) != nil { return false }
            let gap = name.distance(to: value)
            guard gap > nameLength, name[nameLength] == 0 else { return false }
            for index in (nameLength + 1)..<gap where name[index] != 0x20 && name[index] != 0x09 { return false }
            return true
        }

        /// RFC 9110 `tchar`: a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
        static func isTokenByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                true
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
                UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "^"),
                UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                true
            default:
                false
            }
        }

        init() {}

        mutating func add(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>?) {
            // NB: the first byte tells the three names apart before any case-insensitive comparison.
            switch name.pointee | 0x20 {
            case 0x68:  // h
                if strcasecmp(name, "Host") == 0 { hosts += 1 }
            case 0x63:  // c
                if strcasecmp(name, "Content-Length") == 0 {
                    if contentLengths == 0 { firstContentLength = value }
                    contentLengths += 1
                }
            case 0x74:  // t
                if strcasecmp(name, "Transfer-Encoding") == 0 {
                    if transferEncodings == 0 { hasTransferEncoding = value != nil }
                    transferEncodings += 1
                }
            default:
                break
            }
        }

        /// Whether the lengths and codings need no more than this pass: no `Transfer-Encoding`, and at most one
        /// `Content-Length` whose value is one or more digits (which ``Fields`` would accept as it is).
        var isPlain: Bool {
            guard transferEncodings == 0, contentLengths <= 1 else { return false }
            guard contentLengths == 1 else { return true }
            guard var byte = firstContentLength, byte.pointee != 0 else { return false }
            while byte.pointee != 0 {
                guard (0x30...0x39).contains(byte.pointee) else { return false }
                byte += 1
            }
            return true
        }

        /// The same answer as ``Fields/problem(http11:)``, after a 400 for a malformed line (which only this pass,
        /// over MHD's own list, can see); `fields` reads them as text when this pass cannot decide alone.
        func problem(http11: Bool, fields: () -> Fields) -> HTTPError? {
            if hasMalformedLine { return RequestFraming.malformedLine }
            guard isPlain else { return fields().problem(http11: http11) }
            if hosts > 1 { return RequestFraming.moreThanOneHost }
            if hosts == 0, http11 { return RequestFraming.noHost }
            return nil
        }
    }

    static var moreThanOneHost: HTTPError {
        HTTPError(.badRequest, detail: "The request has more than one Host header.", headers: ["Connection": "close"])
    }

    static var malformedLine: HTTPError {
        HTTPError(
            .badRequest,
            detail: "A header line is malformed: a field name that is not a token, whitespace before a colon, "
                + "a folded line, or a CR or NUL in a value.",
            headers: ["Connection": "close"])
    }

    static var noHost: HTTPError {
        HTTPError(.badRequest, detail: "An HTTP/1.1 request needs a Host header.")
    }
}
