import AttendeeModels
import Foundation
import HTTPTypes
import ImageCodec

/// Tells what an upload is from its first bytes (magic numbers), and an image's pixel size as it is seen (its
/// header's, turned by a JPEG's EXIF orientation or a HEIC's `irot`), without decoding it.
///
/// ```swift
/// let sniffed = MediaSniffer.sniff(head)          // head: the first bytes of the upload
/// sniffed?.type                                   // .png
/// sniffed?.size                                   // (width: 640, height: 480)
/// ```
///
/// NB: the name and the `Content-Type` an upload came with are never consulted: a page named `cat.jpg` that
/// holds HTML is refused, and a PNG named `report.pdf` is a PNG.
enum MediaSniffer {
    /// What the bytes are, and for an image its dimensions when the header gives them.
    struct Sniffed: Equatable {
        var type: MediaType
        var width: Int?
        var height: Int?
        /// For zip-based office files: the extension that names the kind (`docx`, `xlsx`, `ods`, …).
        var officeExtension: String?

        /// Whether an image's size, as its header gives it, is within ``MediaLimits/maxPixels``.
        var fitsPixelLimit: Bool {
            // NB: a header may claim 2³² - 1 by 2³² - 1, whose product does not fit `Int`.
            guard let width, let height else { return false }
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            return !overflow && pixels <= MediaLimits.maxPixels
        }
    }

    /// How many leading bytes an upload keeps for sniffing (JPEG headers may sit after large EXIF blocks).
    static let headSize = 512 << 10

    /// Sniffs `head` (the first ``headSize`` bytes, or the whole file when shorter); `nil` when the bytes are none
    /// of the accepted types.
    static func sniff(_ head: Data) -> Sniffed? {
        let bytes = [UInt8](head)
        if let image = ImageFormat(sniffing: bytes) {
            let (width, height) = dimensions(image, bytes)
            return Sniffed(type: MediaType(image), width: width, height: height)
        }
        if ascii(bytes, 0, 5) == "%PDF-" { return Sniffed(type: .pdf) }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return office(bytes) }
        if isText(bytes) { return Sniffed(type: .plainText) }
        return nil
    }

    // MARK: - Images

    /// An image's width and height as it is seen; `nil` where its header does not give them (or is cut short).
    private static func dimensions(_ image: ImageFormat, _ bytes: [UInt8]) -> (Int?, Int?) {
        let size: (Int, Int)?
        switch image {
        case .jpeg:
            size = jpegSize(bytes).map { ImageFile.orientation(of: Data(bytes)).swapsSides ? ($0.1, $0.0) : $0 }
        case .png:
            guard bytes.count >= 24, ascii(bytes, 12, 4) == "IHDR" else { return (nil, nil) }
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        case .gif:
            guard bytes.count >= 10 else { return (nil, nil) }
            return (littleEndian(bytes, 6, 2), littleEndian(bytes, 8, 2))
        case .webp: size = webpSize(bytes)
        case .heic: size = heifSize(bytes).map { heifTurnsAQuarter(bytes) ? ($0.1, $0.0) : $0 }
        }
        return (size?.0, size?.1)
    }

    /// Walks the JPEG markers to the first start-of-frame, which holds the size.
    private static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            guard let length = bigEndian(bytes, offset + 2, 2), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isFrame {
                guard let height = bigEndian(bytes, offset + 5, 2), let width = bigEndian(bytes, offset + 7, 2)
                else { return nil }
                return (width, height)
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            offset += 2 + length
        }
        return nil
    }

    private static func webpSize(_ bytes: [UInt8]) -> (Int, Int)? {
        switch ascii(bytes, 12, 4) {
        case "VP8 ":
            guard bytes.count >= 30, bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A,
                let width = littleEndian(bytes, 26, 2), let height = littleEndian(bytes, 28, 2)
            else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        case "VP8L":
            guard bytes.count >= 25, bytes[20] == 0x2F else { return nil }
            let b1 = Int(bytes[22])
            let b2 = Int(bytes[23])
            let b3 = Int(bytes[24])
            let width = 1 + (Int(bytes[21]) | (b1 & 0x3F) << 8)
            let height = 1 + (b1 >> 6 | b2 << 2 | (b3 & 0x0F) << 10)
            return (width, height)
        case "VP8X":
            guard let width = littleEndian(bytes, 24, 3), let height = littleEndian(bytes, 27, 3) else { return nil }
            return (width + 1, height + 1)
        default:
            return nil
        }
    }

    /// The largest `ispe` (image spatial extent) property in the head: the primary image's size.
    private static func heifSize(_ bytes: [UInt8]) -> (Int, Int)? {
        var best: (Int, Int)?
        let tag: [UInt8] = Array("ispe".utf8)
        var index = 4
        while index + 16 <= bytes.count {
            if bytes[index] == tag[0], bytes[index + 1] == tag[1], bytes[index + 2] == tag[2],
                bytes[index + 3] == tag[3],
                let width = bigEndian(bytes, index + 8, 4), let height = bigEndian(bytes, index + 12, 4)
            {
                // NB: each side has 32 bits, so the areas are compared as 64-bit unsigned numbers.
                if best.map({ UInt64($0.0) * UInt64($0.1) < UInt64(width) * UInt64(height) }) ?? true {
                    best = (width, height)
                }
                index += 16
            } else {
                index += 1
            }
        }
        return best
    }

    /// Whether the head has an `irot` (image rotation) property of a quarter or three quarters of a turn, which
    /// libheif applies when it decodes.
    private static func heifTurnsAQuarter(_ bytes: [UInt8]) -> Bool {
        let tag: [UInt8] = Array("irot".utf8)
        var index = 4
        while index + 5 <= bytes.count {
            if bytes[index..<(index + 4)].elementsEqual(tag) {
                return bytes[index + 4] & 0x03 == 1 || bytes[index + 4] & 0x03 == 3
            }
            index += 1
        }
        return false
    }

    // MARK: - Documents

    /// A zip is accepted only as an Office Open XML or OpenDocument file.
    private static func office(_ bytes: [UInt8]) -> Sniffed? {
        // OpenDocument: the first entry is an uncompressed `mimetype` naming the kind.
        if ascii(bytes, 30, 8) == "mimetype", let kind = ascii(bytes, 38, 46),
            kind.hasPrefix("application/vnd.oasis.opendocument.")
        {
            let ext: String =
                if kind.hasPrefix("application/vnd.oasis.opendocument.spreadsheet") {
                    "ods"
                } else if kind.hasPrefix("application/vnd.oasis.opendocument.presentation") {
                    "odp"
                } else {
                    "odt"
                }
            return Sniffed(type: .openDocument, officeExtension: ext)
        }
        // Office Open XML: the local file headers in the head name `[Content_Types].xml` and a part folder.
        guard contains(bytes, "[Content_Types].xml") else { return nil }
        if contains(bytes, "word/") { return Sniffed(type: .officeDocument, officeExtension: "docx") }
        if contains(bytes, "xl/") { return Sniffed(type: .officeDocument, officeExtension: "xlsx") }
        if contains(bytes, "ppt/") { return Sniffed(type: .officeDocument, officeExtension: "pptx") }
        return nil
    }

    /// UTF-8 text with no NUL and no control characters but tab, line feed, form feed and carriage return.
    ///
    /// NB: the head may end inside a multi-byte character; up to three trailing bytes are forgiven.
    private static func isText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return false }
        for byte in bytes where byte < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains(byte) || byte == 0x7F {
            return false
        }
        for cut in 0...min(3, bytes.count - 1) {
            if String(validating: bytes.dropLast(cut), as: UTF8.self) != nil { return true }
            if bytes.count < headSize { return false }
        }
        return false
    }

    // MARK: - Reading

    private static func ascii(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> String? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, offset + count <= bytes.count else { return nil }
        return bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard needle.count <= bytes.count, let first = needle.first else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}
