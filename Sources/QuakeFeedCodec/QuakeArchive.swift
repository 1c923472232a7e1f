import Foundation
import QuakesModels

/// A compact binary form of decoded quakes, for the device cache.
///
/// NB: keeping this instead of the feed body makes the cached copy ~7× smaller (USGS bodies carry many
/// fields the app never shows), lowers the ingest's peak memory (SQLite copies what it stores, twice, and
/// caches its pages), and loads faster than JSON. The first bytes name the version; a cache written by
/// an unknown version reads as empty, which only costs one full download.
///
/// Version 3 is version 2 with, after the magic, how many features of the body could not be read (a varint),
/// so the list still says so after a relaunch or a `304`. A version 2 archive still reads, with none skipped.
///
/// Version 2 keeps it small without losing a bit: counts and integers are LEB128 varints, and each text
/// is stored as the length it shares with the same field of the previous quake plus the rest (networks
/// and statuses repeat from quake to quake). Links are stored as their ``QuakeLink`` parts. A title that
/// is a head followed by ` - ` and the place (every USGS title) keeps only its head. Numbers are stored
/// as their exact bit patterns.
public enum QuakeArchive {
    /// The first bytes of an archive of this version.
    public static let magic: [UInt8] = Array("QKA3".utf8)

    /// The first bytes of a version 2 archive (no count of skipped features), which still reads.
    public static let version2Magic: [UInt8] = Array("QKA2".utf8)

    /// What an archive holds: the quakes, and how many features of their body could not be read.
    public struct Contents: Sendable, Equatable {
        /// The quakes, in the order they were encoded.
        public var quakes: [Quake]
        /// Features of the body that could not be read (`0` in a version 2 archive).
        public var skipped: Int

        /// Contents of `quakes`, `skipped` features left out.
        public init(quakes: [Quake], skipped: Int = 0) {
            self.quakes = quakes
            self.skipped = skipped
        }
    }

    /// The texts of a quake, each compared with the same text of the previous quake.
    private enum Field: Int, CaseIterable {
        case id, place, title, eventPage, detailFeed, alert, status, type, magType, net, code
    }

    /// Between a title's head and its place.
    private static let placeSeparator: [UInt8] = Array(" - ".utf8)

    /// The archive's size in bytes, counted without writing it.
    public static func encodedCount(_ quakes: [Quake], skipped: Int = 0) -> Int {
        var counter = Writer(pieceSize: nil)
        counter.write(quakes, skipped: skipped) { _ in }
        return counter.count
    }

    /// Hands the archive of `quakes` to `emit` in order, in pieces of about `pieceSize` bytes.
    ///
    /// NB: a store streams the pieces into its blob (``LocalStore/storeCache(count:for:validators:write:)``), so
    /// the archive never exists whole: not as one buffer, nor as SQLite's copies of a bound value. Only the
    /// one piece is reused, a block small enough that glibc gives it back when it is freed.
    public static func encode(
        _ quakes: [Quake], skipped: Int = 0, pieceSize: Int = 32 * 1024,
        into emit: (UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        var writer = Writer(pieceSize: pieceSize)
        try writer.write(quakes, skipped: skipped, emit)
    }

    /// The archive of `quakes`, in a buffer of exactly its size.
    public static func encode(_ quakes: [Quake], skipped: Int = 0) -> Data {
        let count = encodedCount(quakes, skipped: skipped)
        var data = Data(capacity: count)
        encode(quakes, skipped: skipped) { data.append(contentsOf: $0) }
        assert(data.count == count, "the two passes disagree")
        return data
    }

    /// The quakes, or `nil` for bytes of an unknown version, cut short or corrupt.
    public static func decode(_ data: Data) -> [Quake]? {
        decodeContents(data)?.quakes
    }

    /// The quakes and the count of features skipped, or `nil` for bytes of an unknown version, cut short or corrupt.
    public static func decodeContents(_ data: Data) -> Contents? {
        data.withUnsafeBytes { raw -> Contents? in
            func starts(with prefix: [UInt8]) -> Bool {
                raw.count >= prefix.count && prefix.indices.allSatisfy { raw[$0] == prefix[$0] }
            }
            var reader = Reader(bytes: raw)
            reader.index = magic.count
            var skipped = 0
            if starts(with: magic) {
                guard let count = reader.unsigned(), let count = Int(exactly: count) else { return nil }
                skipped = count
            } else if !starts(with: version2Magic) {
                return nil
            }
            // NB: every quake takes more than one byte, so a larger count is corrupt (and not reserved).
            guard let count = reader.unsigned(), count <= UInt64(raw.count) else { return nil }
            var quakes: [Quake] = []
            quakes.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let id = reader.text(.id), let magnitude = reader.optionalNumber(),
                    let place = reader.optionalText(.place), let title = reader.title(place: place),
                    let time = reader.number(), let updated = reader.optionalNumber(),
                    let eventPage = reader.optionalLink(.eventPage),
                    let detailFeed = reader.optionalLink(.detailFeed), let felt = reader.optionalInteger(),
                    let cdi = reader.optionalNumber(), let mmi = reader.optionalNumber(),
                    let alert = reader.optionalText(.alert), let tsunami = reader.byte(), tsunami <= 1,
                    let status = reader.optionalText(.status), let type = reader.text(.type),
                    let magType = reader.optionalText(.magType), let longitude = reader.number(),
                    let latitude = reader.number(), let depth = reader.optionalNumber(),
                    let tz = reader.optionalInteger(), let net = reader.optionalText(.net),
                    let code = reader.optionalText(.code), let sig = reader.optionalInteger(),
                    let felt = Self.int(felt), let tz = Self.int(tz), let sig = Self.int(sig)
                else { return nil }
                quakes.append(
                    Quake(
                        id: id, magnitude: magnitude, place: place, title: title,
                        time: Date(timeIntervalSince1970: time),
                        updated: updated.map(Date.init(timeIntervalSince1970:)), eventPage: eventPage,
                        detailFeed: detailFeed, felt: felt, cdi: cdi, mmi: mmi, alert: alert,
                        tsunami: tsunami != 0, status: status, type: type, magType: magType,
                        coordinate: QuakeCoordinate(longitude: longitude, latitude: latitude, depth: depth),
                        tz: tz, net: net, code: code, sig: sig))
            }
            return reader.index == raw.count ? Contents(quakes: quakes, skipped: skipped) : nil
        }
    }

    /// An optional integer as `Int`: `.some(nil)` when absent, `nil` when it does not fit.
    private static func int(_ value: Int64?) -> Int?? {
        guard let value else { return .some(nil) }
        guard let int = Int(exactly: value) else { return nil }
        return .some(int)
    }

    /// Appends values: optionals as a presence byte then the value.
    private struct Writer {
        /// Bytes not yet handed on (always empty when only counting).
        private var pending: [UInt8] = []
        /// Whether bytes are kept, or only counted.
        private let keeps: Bool
        /// How many bytes are kept before they are handed on (after the quake that fills them).
        private let pieceSize: Int
        /// Bytes written so far, handed on or not.
        private(set) var count = 0
        /// The UTF-8 of each field's last text.
        private var previous = [[UInt8]](repeating: [], count: Field.allCases.count)

        /// A writer that keeps pieces of about `pieceSize` bytes, or only counts (`nil`).
        init(pieceSize: Int?) {
            self.pieceSize = pieceSize ?? .max
            keeps = pieceSize != nil
            // NB: room for a large quake beyond a full piece, so the buffer rarely grows while writing.
            if let pieceSize { pending.reserveCapacity(pieceSize + 4096) }
        }

        mutating func write(
            _ quakes: [Quake], skipped: Int, _ emit: (UnsafeRawBufferPointer) throws -> Void
        ) rethrows {
            append(magic)
            unsigned(UInt64(max(skipped, 0)))
            unsigned(UInt64(quakes.count))
            for quake in quakes {
                write(quake)
                if pending.count >= pieceSize { try handOn(emit) }
            }
            if !pending.isEmpty { try handOn(emit) }
        }

        private mutating func handOn(_ emit: (UnsafeRawBufferPointer) throws -> Void) rethrows {
            try pending.withUnsafeBytes(emit)
            pending.removeAll(keepingCapacity: true)
        }

        private mutating func write(_ quake: Quake) {
            text(quake.id, .id)
            double(quake.magnitude)
            text(quake.place, .place)
            title(quake.title, place: quake.place)
            double(quake.time.timeIntervalSince1970)
            double(quake.updated?.timeIntervalSince1970)
            link(quake.storedEventPage, .eventPage)
            link(quake.storedDetailFeed, .detailFeed)
            integer(quake.felt.map(Int64.init))
            double(quake.cdi)
            double(quake.mmi)
            text(quake.alert, .alert)
            append(quake.tsunami ? 1 : 0)
            text(quake.status, .status)
            text(quake.type, .type)
            text(quake.magType, .magType)
            double(quake.coordinate.longitude)
            double(quake.coordinate.latitude)
            double(quake.coordinate.depth)
            integer(quake.tz.map(Int64.init))
            text(quake.net, .net)
            text(quake.code, .code)
            integer(quake.sig.map(Int64.init))
        }

        mutating func append(_ byte: UInt8) {
            if keeps { pending.append(byte) }
            count += 1
        }

        mutating func append(_ bytes: some Collection<UInt8>) {
            if keeps { pending.append(contentsOf: bytes) }
            count += bytes.count
        }

        /// LEB128: seven bits a byte, low bits first, the high bit set on all but the last byte.
        mutating func unsigned(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            append(UInt8(value))
        }

        /// Zigzag-encoded so small negative numbers stay short.
        mutating func integer(_ value: Int64?) {
            guard let value else { return append(0) }
            append(1)
            unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }

        mutating func double(_ value: Double?) {
            guard let value else { return append(0) }
            append(1)
            double(value)
        }

        mutating func double(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { append($0) }
        }

        mutating func text(_ value: String?, _ field: Field) {
            guard let value else { return append(0) }
            append(1)
            text(value, field)
        }

        mutating func text(_ value: String, _ field: Field) {
            var value = value
            value.withUTF8 { text(utf8: $0, field) }
        }

        /// The length shared with the field's previous text, then the rest.
        mutating func text(utf8: UnsafeBufferPointer<UInt8>, _ field: Field) {
            let last = previous[field.rawValue]
            var shared = 0
            while shared < last.count, shared < utf8.count, last[shared] == utf8[shared] { shared += 1 }
            unsigned(UInt64(shared))
            unsigned(UInt64(utf8.count - shared))
            append(utf8[shared...])
            previous[field.rawValue].replaceSubrange(shared..., with: utf8[shared...])
        }

        /// A link as its parts (``QuakeLink``): prefix index, suffix flag, then the middle as a text.
        mutating func link(_ link: QuakeLink?, _ field: Field) {
            guard let link else { return append(0) }
            append(1)
            append(link.prefix)
            append(link.hasSuffix ? 1 : 0)
            text(link.middle, field)
        }

        /// `1` and the head when the title ends in ` - ` and the place (compared byte for byte), else `0`
        /// and the whole title.
        mutating func title(_ title: String, place: String?) {
            var title = title
            var place = place
            let headCount: Int? = title.withUTF8 { title in
                guard place != nil else { return nil }
                return place?.withUTF8 { place -> Int? in
                    let tail = placeSeparator.count + place.count
                    guard title.count >= tail else { return nil }
                    let head = title.count - tail
                    guard placeSeparator.indices.allSatisfy({ title[head + $0] == placeSeparator[$0] }),
                        place.indices.allSatisfy({ title[head + placeSeparator.count + $0] == place[$0] })
                    else { return nil }
                    return head
                }
            }
            append(headCount == nil ? 0 : 1)
            title.withUTF8 { text(utf8: UnsafeBufferPointer(rebasing: $0[..<(headCount ?? $0.count)]), .title) }
        }
    }

    /// Reads what ``Writer`` wrote; every read is bounds-checked and `nil` past the end or on a bad value.
    ///
    /// Optional values come back doubly optional: the outer `nil` means "cut short", the inner one "absent".
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        private var previous = [[UInt8]](repeating: [], count: Field.allCases.count)

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func byte() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func unsigned() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while let byte = byte() {
                // NB: the tenth byte may carry only the top bit; more would overflow.
                guard shift < 63 || (shift == 63 && byte <= 1) else { return nil }
                value |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        mutating func number() -> Double? {
            guard index + 8 <= bytes.count else { return nil }
            defer { index += 8 }
            return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
        }

        mutating func text(_ field: Field) -> String? {
            guard let shared = unsigned(), let rest = unsigned(), shared <= previous[field.rawValue].count,
                rest <= bytes.count - index
            else { return nil }
            let end = index + Int(rest)
            previous[field.rawValue].removeSubrange(Int(shared)...)
            previous[field.rawValue] += bytes[index..<end]
            index = end
            return String(decoding: previous[field.rawValue], as: UTF8.self)
        }

        mutating func title(place: String?) -> String? {
            guard let form = byte(), form <= 1, let head = text(.title) else { return nil }
            guard form == 1 else { return head }
            guard let place else { return nil }
            return head + " - " + place
        }

        mutating func optionalInteger() -> Int64?? {
            optional { reader in
                reader.unsigned().map { Int64(bitPattern: $0 >> 1) ^ -Int64(bitPattern: $0 & 1) }
            }
        }

        mutating func optionalNumber() -> Double?? { optional { $0.number() } }

        /// A link's text; `nil` for an unknown prefix or a bad suffix flag.
        mutating func optionalLink(_ field: Field) -> String?? {
            optional { reader in
                guard let prefix = reader.byte(), let suffix = reader.byte(), suffix <= 1,
                    let middle = reader.text(field)
                else { return nil }
                return QuakeLink.text(prefix: prefix, hasSuffix: suffix == 1, middle: middle)
            }
        }
        mutating func optionalText(_ field: Field) -> String?? { optional { $0.text(field) } }

        private mutating func optional<T>(_ read: (inout Reader) -> T?) -> T?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return read(&self).map { .some($0) }
            default: return nil
            }
        }
    }
}
