import Foundation

/// How a photo's stored pixels are turned to be seen upright: the EXIF `Orientation` (TIFF tag 0x0112), 1 to 8.
///
/// A phone held upright stores its sensor's landscape pixels and says `right` (6): they are seen turned a quarter
/// clockwise, so a 1200×600 file is a 600×1200 portrait.
///
/// ```swift
/// let orientation = ImageFile.orientation(of: photo)        // .right
/// orientation.displayed(PixelSize(width: 1200, height: 600)) // 600×1200
/// ```
public enum ImageOrientation: Int, Sendable, Hashable, CaseIterable {
    /// As stored.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned half a turn.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal.
    case leftMirrored = 5
    /// Turned a quarter clockwise.
    case right = 6
    /// Mirrored along the top-right to bottom-left diagonal.
    case rightMirrored = 7
    /// Turned a quarter anticlockwise.
    case left = 8

    /// Whether width and height trade places.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The size seen for stored pixels of `size` (and the stored size for a size seen: the same swap).
    public func displayed(_ size: PixelSize) -> PixelSize {
        swapsSides ? PixelSize(width: size.height, height: size.width) : size
    }

    /// The pixels turned and mirrored as they are seen.
    public func upright(_ image: RGBImage) -> RGBImage {
        guard self != .up else { return image }
        let width = image.size.width
        let height = image.size.height
        let seen = displayed(image.size)
        var output = [UInt8](repeating: 0, count: image.pixels.count)
        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                var out = 0
                for y in 0..<seen.height {
                    for x in 0..<seen.width {
                        // The stored pixel seen at (x, y).
                        let (sourceX, sourceY): (Int, Int) =
                            switch self {
                            case .up: (x, y)
                            case .upMirrored: (width - 1 - x, y)
                            case .down: (width - 1 - x, height - 1 - y)
                            case .downMirrored: (x, height - 1 - y)
                            case .leftMirrored: (y, x)
                            case .right: (y, height - 1 - x)
                            case .rightMirrored: (width - 1 - y, height - 1 - x)
                            case .left: (width - 1 - y, x)
                            }
                        let index = (sourceY * width + sourceX) * 3
                        destination[out] = source[index]
                        destination[out + 1] = source[index + 1]
                        destination[out + 2] = source[index + 2]
                        out += 3
                    }
                }
            }
        }
        return RGBImage(size: seen, pixels: output)
    }
}

/// The metadata a photo carries besides its pixels (EXIF with its GPS position, XMP, IPTC, comments), read and
/// removed without touching the compressed image.
///
/// Plain byte walks over untrusted input: every length is checked against what is there. A file cut short inside a
/// metadata block ends before that block; one cut short inside image data keeps what there is of it, as decoders
/// read it. Bytes no reader reads (between a JPEG's segments, after its end, after a PNG's `IEND` or a WebP's RIFF
/// chunk) go.
enum ImageMetadata {
    // MARK: - JPEG

    /// The orientation in a JPEG's EXIF (its first `Exif` APP1 segment); `.up` without one, or for EXIF that is cut
    /// short, malformed or names no valid orientation.
    static func jpegOrientation(_ bytes: [UInt8]) -> ImageOrientation {
        guard let segments = try? jpegSegments(bytes).segments else { return .up }
        // NB: the segments of a file's first bytes are enough; one cut short there is not read.
        for segment in segments where segment.marker == 0xE1 {
            let payload = bytes[segment.payload]
            guard payload.starts(with: exifHeader) else { continue }
            return tiffOrientation(Array(payload.dropFirst(exifHeader.count))) ?? .up
        }
        return .up
    }

    /// The JPEG without its metadata: every APPn segment but JFIF (APP0), an ICC colour profile (APP2) and Adobe's
    /// colour transform (APP14), every comment, stray bytes between segments, and whatever follows the end of the
    /// image (a camera's trailer, a second picture with its own EXIF); the other segments and the compressed image
    /// byte for byte. An orientation other than `.up` is kept as a minimal EXIF segment holding that tag alone,
    /// first. `nil` when that is the file already. A file cut short inside a metadata segment ends before it.
    static func jpegWithoutMetadata(_ bytes: [UInt8]) throws -> Data? {
        let walk = try jpegSegments(bytes)
        let orientation = jpegOrientation(bytes)
        var output = Data(capacity: bytes.count)
        output.append(contentsOf: [0xFF, 0xD8])
        if orientation != .up { output.append(contentsOf: orientationSegment(orientation)) }
        for segment in walk.segments where keeps(segment, bytes) {
            output.append(contentsOf: bytes[segment.start..<segment.payload.upperBound])
        }
        if let scan = walk.scan {
            output.append(contentsOf: bytes[scan..<imageEnd(bytes, scan: scan)])
        } else if let cut = walk.cutShort, keeps(cut, bytes) {
            output.append(contentsOf: bytes[cut.start...])
        }
        return output.elementsEqual(bytes) ? nil : output
    }

    /// Where the image ends: after its EOI marker, following the scans from the first SOS on (in compressed data a
    /// 0xFF is followed by 0x00 or a restart marker; the segments between a progressive JPEG's scans are skipped by
    /// their length), or at the end of the bytes.
    static func imageEnd(_ bytes: [UInt8], scan: Int) -> Int {
        var index = scan
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else {
                index += 1
                continue
            }
            switch bytes[index + 1] {
            case 0xFF: index += 1
            case 0x00, 0x01, 0xD0...0xD7: index += 2
            case 0xD9: return index + 2
            default:
                guard index + 3 < bytes.count else { return bytes.count }
                let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                guard length >= 2 else { return bytes.count }
                index += 2 + length
            }
        }
        return bytes.count
    }

    /// One marker segment before the image data: where its marker starts, which it is, and its payload.
    struct Segment {
        var start: Int
        var marker: UInt8
        var payload: Range<Int>
    }

    /// The marker segments from after SOI up to the image data, and where that starts (its SOS or EOI marker);
    /// `scan` is `nil` when the bytes end first, and `cutShort` the segment they end inside, if any (its payload is
    /// what there is of it). Stray bytes between segments are skipped, as libjpeg skips them.
    static func jpegSegments(_ bytes: [UInt8]) throws -> (segments: [Segment], scan: Int?, cutShort: Segment?) {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw ImageCodecError.notJPEG }
        var segments: [Segment] = []
        var offset = 2
        while offset + 1 < bytes.count {
            guard bytes[offset] == 0xFF else {
                offset += 1
                continue
            }
            let marker = bytes[offset + 1]
            switch marker {
            case 0xFF:
                // A fill byte before a marker.
                offset += 1
                continue
            case 0x00, 0x01, 0xD0...0xD7:
                offset += 2
                continue
            case 0xDA, 0xD9:
                return (segments, offset, nil)
            default:
                break
            }
            guard offset + 3 < bytes.count else { return (segments, nil, nil) }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            let end = offset + 2 + max(2, length)
            let segment = Segment(start: offset, marker: marker, payload: (offset + 4)..<min(end, bytes.count))
            guard end <= bytes.count else { return (segments, nil, segment) }
            segments.append(segment)
            offset = end
        }
        return (segments, nil, nil)
    }

    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    private static let iccHeader: [UInt8] = Array("ICC_PROFILE".utf8) + [0]

    /// Whether a segment stays: anything that is not application data or a comment, JFIF, an ICC profile, Adobe's.
    private static func keeps(_ segment: Segment, _ bytes: [UInt8]) -> Bool {
        switch segment.marker {
        case 0xE0, 0xEE: true
        case 0xE2: bytes[segment.payload].starts(with: iccHeader)
        case 0xE1, 0xE3...0xED, 0xEF, 0xFE: false
        default: true
        }
    }

    /// `FF E1`, its length and an EXIF block whose first IFD holds the orientation alone (big-endian TIFF).
    static func orientationSegment(_ orientation: ImageOrientation) -> [UInt8] {
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, IFD0 at 8
            0x00, 0x01,  // one entry
            0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(orientation.rawValue), 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00,  // no next IFD
        ]
        let length = 2 + exifHeader.count + tiff.count
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifHeader + tiff
    }

    /// The `Orientation` entry of a TIFF block's first IFD; `nil` where it is absent, out of the block or invalid.
    static func tiffOrientation(_ tiff: [UInt8]) -> ImageOrientation? {
        guard tiff.count >= 8 else { return nil }
        let bigEndian: Bool
        switch (tiff[0], tiff[1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, count <= tiff.count, offset <= tiff.count - count else { return nil }
            let slice = tiff[offset..<(offset + count)]
            return (bigEndian ? Array(slice) : slice.reversed()).reduce(0) { $0 << 8 | Int($1) }
        }
        guard read(2, 2) == 42, let ifd = read(4, 4), let entries = read(ifd, 2) else { return nil }
        for entry in 0..<entries {
            let at = ifd + 2 + entry * 12
            guard let tag = read(at, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            // SHORT (3), one value, in the first two bytes of the value field.
            guard read(at + 2, 2) == 3, read(at + 4, 4) == 1, let value = read(at + 8, 2) else { return nil }
            return ImageOrientation(rawValue: value)
        }
        return nil
    }

    // MARK: - PNG

    /// The PNG without its EXIF (`eXIf`), text (`tEXt`, `zTXt`, `iTXt`) and time (`tIME`) chunks, and without
    /// anything after `IEND`; every other chunk byte for byte. `nil` when there is none. A file cut short inside
    /// one of those chunks ends before it; one cut inside another keeps what there is of it.
    static func pngWithoutMetadata(_ bytes: [UInt8]) throws -> Data? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.starts(with: signature) else { throw ImageCodecError.unsupportedFormat }
        let dropped: Set<String> = ["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]
        var output = Data(signature)
        var offset = signature.count
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else {
                output.append(contentsOf: bytes[offset...])
                break
            }
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let end = min(bytes.count, offset + 12 + length)
            if !dropped.contains(type) { output.append(contentsOf: bytes[offset..<end]) }
            offset = end
            if type == "IEND" { break }
        }
        return output.elementsEqual(bytes) ? nil : output
    }

    // MARK: - WebP

    /// The WebP without its `EXIF` and `XMP ` chunks (and their flags in `VP8X`) and without anything after its
    /// RIFF chunk; every other chunk byte for byte. `nil` when there is none. A file cut short inside one of those
    /// chunks ends before it; one cut inside another keeps what there is of it.
    static func webpWithoutMetadata(_ bytes: [UInt8]) throws -> Data? {
        guard bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8)
        else { throw ImageCodecError.unsupportedFormat }
        let riffEnd = min(bytes.count, 8 + (bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }))
        var body: [UInt8] = Array("WEBP".utf8)
        var offset = 12
        while offset < riffEnd {
            guard offset + 8 <= riffEnd else {
                body += bytes[offset..<riffEnd]
                break
            }
            let size = bytes[(offset + 4)..<(offset + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let end = min(riffEnd, offset + 8 + size + (size & 1))
            if type != "EXIF" && type != "XMP " {
                var chunk = Array(bytes[offset..<end])
                if type == "VP8X", chunk.count > 8 { chunk[8] &= ~UInt8(0x08 | 0x04) }
                body += chunk
            }
            offset = end
        }
        // NB: the RIFF size is what the file declares when nothing was removed (a file cut short keeps its own).
        let declared = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
        let size = body.count == riffEnd - 8 ? declared : body.count
        var output = Data("RIFF".utf8)
        output.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) })
        output.append(contentsOf: body)
        return output.elementsEqual(bytes) ? nil : output
    }
}
