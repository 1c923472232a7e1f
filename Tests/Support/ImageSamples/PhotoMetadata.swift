import Foundation
import ImageCodec

/// Photos as cameras and phones write them: EXIF with an orientation and a GPS position, XMP, comments; and the
/// same blocks in PNG and WebP. Every byte is written here.
extension ImageSamples {
    /// The text every location sample carries, to look for in what the server keeps.
    public static let secretPlace = "51 deg 28' 40.12\" N, QUARTET-SECRET-PLACE"

    /// A TIFF block (big-endian, or little-endian with `intel`) whose first IFD holds `orientation` (when given)
    /// and a pointer to a GPS IFD naming ``secretPlace``.
    public static func exifTIFF(orientation: Int?, intel: Bool = false) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] {
            intel ? [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] : [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        func u32(_ value: Int) -> [UInt8] {
            intel ? (u16(value & 0xFFFF) + u16(value >> 16)) : (u16(value >> 16) + u16(value & 0xFFFF))
        }
        let place = Array(secretPlace.utf8) + [0]
        var entries: [[UInt8]] = []
        if let orientation { entries.append(u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]) }
        let ifd0Size = 2 + (entries.count + 1) * 12 + 4
        let gpsOffset = 8 + ifd0Size
        entries.append(u16(0x8825) + u16(4) + u32(1) + u32(gpsOffset))
        let gpsSize = 2 + 12 + 4
        let gps = u16(1) + u16(0x0002) + u16(2) + u32(place.count) + u32(gpsOffset + gpsSize) + u32(0)
        return (intel ? [0x49, 0x49] : [0x4D, 0x4D]) + u16(42) + u32(8) + u16(entries.count) + entries.flatMap { $0 }
            + u32(0) + gps + place
    }

    /// An APP1 segment holding `tiff` as EXIF.
    public static func exifSegment(_ tiff: [UInt8]) -> [UInt8] {
        segment(0xE1, Array("Exif".utf8) + [0, 0] + tiff)
    }

    /// An APP1 XMP packet naming ``secretPlace``.
    public static func xmpSegment() -> [UInt8] {
        segment(
            0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + Array("<x:xmpmeta>\(secretPlace)</x:xmpmeta>".utf8)
        )
    }

    /// A comment naming ``secretPlace``.
    public static func commentSegment() -> [UInt8] { segment(0xFE, Array(secretPlace.utf8)) }

    /// A marker segment: `FF marker`, its length, `payload`.
    public static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// `jpeg` with `segments` right after its SOI marker, as cameras place EXIF.
    public static func jpeg(_ jpeg: Data, inserting segments: [[UInt8]]) -> Data {
        var data = Data(jpeg.prefix(2))
        for segment in segments { data.append(contentsOf: segment) }
        data.append(jpeg.dropFirst(2))
        return data
    }

    /// `png` with an `eXIf` chunk (``exifTIFF(orientation:intel:)``) and a `tEXt` one naming ``secretPlace``, after
    /// its header.
    public static func pngWithMetadata(_ png: Data) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(body.count) + typed + bigEndian(Int(crc32(typed)))
        }
        var data = Data(png.prefix(33))
        data.append(contentsOf: chunk("eXIf", exifTIFF(orientation: 1)))
        data.append(contentsOf: chunk("tEXt", Array("Location".utf8) + [0] + Array(secretPlace.utf8)))
        data.append(png.dropFirst(33))
        return data
    }

    /// `webp` (a simple lossy or lossless one) in the extended format with `EXIF` and `XMP ` chunks naming
    /// ``secretPlace``.
    public static func webpWithMetadata(_ webp: Data, width: Int, height: Int) -> Data {
        func littleEndian(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(value >> (8 * $0) & 0xFF) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            Array(type.utf8) + littleEndian(body.count, 4) + body + (body.count % 2 == 1 ? [0] : [])
        }
        let vp8x = chunk("VP8X", [0x08 | 0x04, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3))
        let image = Array(webp.dropFirst(12))
        let body =
            Array("WEBP".utf8) + vp8x + image + chunk("EXIF", exifTIFF(orientation: 1))
            + chunk("XMP ", Array("<x:xmpmeta>\(secretPlace)</x:xmpmeta>".utf8))
        return Data(Array("RIFF".utf8) + littleEndian(body.count, 4) + body)
    }
}
