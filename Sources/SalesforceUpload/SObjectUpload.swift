import DynamicJSON
import Foundation
import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An sObject write body taken as it arrives: the binary field's base64 string is decoded straight into a
/// staged file, and the rest of the JSON is kept, with `null` in the binary string's place.
///
/// NB: an attachment is ~35 MB of base64 inside one JSON string. Gathering it, then parsing and decoding it,
/// took longer than the upload itself; here each piece is decoded and written while the next one is on
/// the wire, and what remains when the last byte arrives is a few hundred bytes of JSON.
///
/// Only a string value of a top-level member named like the binary field is streamed (a name written with
/// escapes is not recognized and its value simply stays in the JSON, where ``member(_:)`` decodes it).
/// The scanner tracks just enough of JSON — strings, escapes, nesting, keys — to find that value; whether
/// the whole is valid JSON is left to the parse of the kept text.
package final class SObjectUpload: BodyReceiver, @unchecked Sendable {
    // NB: `@unchecked Sendable`: the engine feeds it from one thread and then hands it to the handler.

    /// One member of the body, in order.
    package struct Member {
        package var name: String
        package var value: JSONValue
        /// The binary field's bytes, when its value was streamed (`value` is then `null`).
        package var body: StagedBody?
    }

    private let binaryField: [UInt8]?
    private let folder: BodyFolder
    /// The body without the streamed values.
    private var json = Data()
    /// Streamed bodies by the index of their member.
    private var bodies: [Int: StagedBody] = [:]
    /// Staging failed (the disk); reported by ``members()``.
    private var stagingError: (any Error)?
    /// A streamed string held an escape JSON does not have.
    private var malformed = false
    /// The body is read and thrown away (see ``discarding(folder:)``).
    private var discards = false

    // Scanner state.
    private var depth = 0
    private var inString = false
    private var stringIsKey = false
    private var escaped = false
    private var expectingKey = false
    private var key: [UInt8] = []
    private var member = -1
    /// The streamed string being decoded, while inside it.
    private var streaming: StagedBody?
    private var inStreamedString = false
    private var streamEscape = StreamEscape.none

    private enum StreamEscape {
        case none
        /// After a backslash.
        case started
        /// Inside `\uXXXX`: the digits read so far and their value.
        case unicode(digits: Int, value: UInt32)
    }

    /// A receiver that streams the value of `binaryField` (matched without regard to case) into `folder`.
    package init(binaryField: String?, folder: BodyFolder) {
        self.binaryField = binaryField.map { Array($0.lowercased().utf8) }
        self.folder = folder
    }

    /// A receiver that keeps nothing of the body, neither in memory nor on disk, for a request that will be refused
    /// before its body is read (one without a token): ``members()`` throws ``MalformedBody``.
    package static func discarding(folder: BodyFolder) -> SObjectUpload {
        let upload = SObjectUpload(binaryField: nil, folder: folder)
        upload.discards = true
        return upload
    }

    package func receive(_ piece: UnsafeRawBufferPointer) {
        if discards { return }
        guard let base = piece.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var index = 0
        let count = piece.count
        while index < count {
            if inStreamedString {
                index = streamString(base, from: index, count: count)
            } else if inString {
                index = keepString(base, from: index, count: count)
            } else {
                structure(base[index])
                index += 1
            }
        }
    }

    package func finish() {
        // An unterminated string leaves the kept JSON unterminated too, so the parse reports it.
        if inStreamedString { streaming = nil }
    }

    /// The members in order; ``MalformedBody`` when the body is not a JSON object, a ``BodyFolder/Failure`` when
    /// staging failed.
    package func members() throws -> [Member] {
        if let stagingError { throw stagingError }
        if malformed || discards { throw MalformedBody() }
        return try SObjectBody.parse(json).enumerated().map { index, member in
            Member(name: member.name, value: member.value, body: bodies[index])
        }
    }

    // MARK: - Scanning

    /// A byte outside any string.
    private func structure(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""):
            stringIsKey = depth == 1 && expectingKey
            if stringIsKey {
                member += 1
                key.removeAll(keepingCapacity: true)
            } else if depth == 1, let binaryField, key.count == binaryField.count,
                zip(key, binaryField).allSatisfy({ Self.lowercased($0) == $1 })
            {
                startStreaming()
                return
            }
            inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            depth += 1
            expectingKey = depth == 1 && byte == UInt8(ascii: "{")
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
        case UInt8(ascii: ":") where depth == 1:
            expectingKey = false
        case UInt8(ascii: ",") where depth == 1:
            expectingKey = true
        default:
            break
        }
        json.append(byte)
    }

    /// Copies string bytes up to and including the closing quote; returns where it stopped.
    private func keepString(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while index < count {
            let byte = base[index]
            index += 1
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                break
            }
        }
        let run = UnsafeBufferPointer(start: base + start, count: index - start)
        json.append(run)
        if stringIsKey { key.append(contentsOf: inString ? run[...] : run.dropLast()) }
        return index
    }

    private func startStreaming() {
        json.append(contentsOf: "null".utf8)
        inStreamedString = true
        streamEscape = .none
        do {
            streaming = try folder.stage()
        } catch {
            stagingError = error
            streaming = nil
        }
    }

    /// Decodes streamed string bytes up to the closing quote; returns where it stopped.
    private func streamString(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        // The fast case: no escape pending and a run without backslashes up to the quote or the piece's end.
        if case .none = streamEscape {
            let quote = memchr(base + index, Int32(UInt8(ascii: "\"")), count - index)
            let end = quote.map { base.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? count
            if memchr(base + index, Int32(UInt8(ascii: "\\")), end - index) == nil {
                streaming?.appendBase64(UnsafeRawBufferPointer(start: base + index, count: end - index))
                guard end < count else { return count }
                endStreaming()
                return end + 1
            }
        }
        // With escapes: unescape byte by byte (JSON encoders that write `\/` for every slash).
        var plain: [UInt8] = []
        plain.reserveCapacity(min(count - index, 4096))
        defer {
            plain.withUnsafeBytes { streaming?.appendBase64($0) }
        }
        while index < count {
            let byte = base[index]
            index += 1
            switch streamEscape {
            case .none:
                if byte == UInt8(ascii: "\\") {
                    streamEscape = .started
                } else if byte == UInt8(ascii: "\"") {
                    plain.withUnsafeBytes { streaming?.appendBase64($0) }
                    plain.removeAll()
                    endStreaming()
                    return index
                } else {
                    plain.append(byte)
                }
            case .started:
                streamEscape = .none
                switch byte {
                case UInt8(ascii: "u"): streamEscape = .unicode(digits: 0, value: 0)
                // `\/` is a slash; the other escapes stand for characters that base64 skips.
                case UInt8(ascii: "/"): plain.append(byte)
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                default: malformed = true
                }
            case .unicode(let digits, let value):
                guard let digit = Self.hexValue(byte) else {
                    malformed = true
                    streamEscape = .none
                    continue
                }
                let next = value << 4 | UInt32(digit)
                if digits < 3 {
                    streamEscape = .unicode(digits: digits + 1, value: next)
                } else {
                    // An escaped character outside ASCII is not in the alphabet: skipped, like a line break.
                    if next < 0x80 { plain.append(UInt8(next)) }
                    streamEscape = .none
                }
            }
        }
        return index
    }

    private func endStreaming() {
        inStreamedString = false
        if let streaming {
            streaming.finish()
            bodies[member] = streaming
        }
        streaming = nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension SObjectUpload.Member {
    /// The binary field's bytes, staged in `folder`: streamed as the upload arrived, or decoded now from a string
    /// the upload kept (a member name written with escapes). `nil` when the value is not base64 text; a
    /// ``BodyFolder/Failure`` when writing the file failed.
    package func stagedBody(in folder: BodyFolder) throws -> StagedBody? {
        if let body {
            switch body.failure {
            case nil: return body
            case .notBase64?: return nil
            case .file(let failure)?: throw failure
            }
        }
        guard case .string(let text) = value else { return nil }
        return try folder.stage(base64: text)
    }
}
