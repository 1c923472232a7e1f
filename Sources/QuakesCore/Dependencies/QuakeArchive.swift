import Foundation

/// A compact binary form of decoded quakes, for the device cache.
///
/// NB: keeping this instead of the feed body makes the cached copy ~3× smaller (USGS bodies carry many
/// fields the app never shows), lowers the ingest's peak memory (SQLite copies what it stores), and loads
/// faster than JSON. The first bytes name the version; a cache written by another version reads as empty,
/// which only costs one full download.
enum QuakeArchive {
    static let magic: [UInt8] = Array("QKA1".utf8)

    static func encode(_ quakes: [Quake]) -> Data {
        var writer = Writer()
        writer.bytes.reserveCapacity(quakes.count * 260 + 8)
        writer.bytes += magic
        writer.integer(Int64(quakes.count))
        for quake in quakes {
            writer.string(quake.id)
            writer.double(quake.magnitude)
            writer.string(quake.place)
            writer.string(quake.title)
            writer.double(quake.time.timeIntervalSince1970)
            writer.double(quake.updated?.timeIntervalSince1970)
            writer.string(quake.eventPage)
            writer.string(quake.detailFeed)
            writer.integer(quake.felt.map(Int64.init))
            writer.double(quake.cdi)
            writer.double(quake.mmi)
            writer.string(quake.alert)
            writer.bytes.append(quake.tsunami ? 1 : 0)
            writer.string(quake.status)
            writer.string(quake.type)
            writer.string(quake.magType)
            writer.double(quake.coordinate.longitude)
            writer.double(quake.coordinate.latitude)
            writer.double(quake.coordinate.depth)
            writer.integer(quake.tz.map(Int64.init))
            writer.string(quake.net)
            writer.string(quake.code)
            writer.integer(quake.sig.map(Int64.init))
        }
        return Data(writer.bytes)
    }

    /// The quakes, or `nil` for bytes of another version or cut short.
    static func decode(_ data: Data) -> [Quake]? {
        data.withUnsafeBytes { raw -> [Quake]? in
            var reader = Reader(bytes: raw)
            guard raw.count >= magic.count, magic.indices.allSatisfy({ raw[$0] == magic[$0] }) else { return nil }
            reader.index = magic.count
            guard let count = reader.integer(), count >= 0, count <= raw.count else { return nil }
            var quakes: [Quake] = []
            quakes.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let id = reader.text(), let magnitude = reader.optionalNumber(),
                    let place = reader.optionalText(), let title = reader.text(), let time = reader.number(),
                    let updated = reader.optionalNumber(), let eventPage = reader.optionalText(),
                    let detailFeed = reader.optionalText(), let felt = reader.optionalInteger(),
                    let cdi = reader.optionalNumber(), let mmi = reader.optionalNumber(),
                    let alert = reader.optionalText(), let tsunami = reader.byte(), let status = reader.optionalText(),
                    let type = reader.text(), let magType = reader.optionalText(), let longitude = reader.number(),
                    let latitude = reader.number(), let depth = reader.optionalNumber(),
                    let tz = reader.optionalInteger(), let net = reader.optionalText(),
                    let code = reader.optionalText(),
                    let sig = reader.optionalInteger()
                else { return nil }
                quakes.append(
                    Quake(
                        id: id, magnitude: magnitude, place: place, title: title,
                        time: Date(timeIntervalSince1970: time),
                        updated: updated.map(Date.init(timeIntervalSince1970:)), eventPage: eventPage,
                        detailFeed: detailFeed, felt: felt.map(Int.init), cdi: cdi, mmi: mmi, alert: alert,
                        tsunami: tsunami != 0, status: status, type: type, magType: magType,
                        coordinate: QuakeCoordinate(longitude: longitude, latitude: latitude, depth: depth),
                        tz: tz.map(Int.init), net: net, code: code, sig: sig.map(Int.init)))
            }
            return reader.index == raw.count ? quakes : nil
        }
    }

    /// Appends values: optionals as a presence byte then the value; strings length-prefixed.
    private struct Writer {
        var bytes: [UInt8] = []

        mutating func integer(_ value: Int64?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        mutating func integer(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        mutating func double(_ value: Double?) {
            integer(value.map { Int64(bitPattern: $0.bitPattern) })
        }

        mutating func double(_ value: Double) {
            integer(Int64(bitPattern: value.bitPattern))
        }

        mutating func string(_ value: String?) {
            guard let value else { return bytes.append(0) }
            bytes.append(1)
            string(value)
        }

        mutating func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                integer(Int64(utf8.count))
                bytes += utf8
            }
        }
    }

    /// Reads what ``Writer`` wrote; every read is bounds-checked and `nil` past the end.
    ///
    /// Optional values come back doubly optional: the outer `nil` means "cut short", the inner one "absent".
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        mutating func byte() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func integer() -> Int64? {
            guard index + 8 <= bytes.count else { return nil }
            defer { index += 8 }
            return Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: Int64.self))
        }

        mutating func number() -> Double? {
            integer().map { Double(bitPattern: UInt64(bitPattern: $0)) }
        }

        mutating func text() -> String? {
            guard let count = integer(), count >= 0, count <= bytes.count - index else { return nil }
            defer { index += Int(count) }
            return String(
                decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<(index + Int(count))]), as: UTF8.self)
        }

        mutating func optionalInteger() -> Int64?? { optional { $0.integer() } }
        mutating func optionalNumber() -> Double?? { optional { $0.number() } }
        mutating func optionalText() -> String?? { optional { $0.text() } }

        private mutating func optional<T>(_ read: (inout Reader) -> T?) -> T?? {
            switch byte() {
            case 0: return .some(nil)
            case 1: return read(&self).map { .some($0) }
            default: return nil
            }
        }
    }
}
