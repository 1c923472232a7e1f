import Foundation

/// An image format told apart by its first bytes (its magic number), and the type it travels under.
///
/// The one reading of "what image is this" for the whole project: the image codec decodes by it, the Attendee
/// server accepts uploads by it, and Sales names a picked photo's `ContentType` by it. A file's name or the
/// `Content-Type` it came with is never consulted.
///
/// ```swift
/// ImageFormat(sniffing: data)?.mimeType      // "image/heic"
/// ```
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp, heic

    /// The `ftyp` brands of HEIF images (HEVC-coded stills and sequences, and the generic image brands).
    public static let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]

    /// How many leading bytes ``init(sniffing:)`` reads.
    public static let magicLength = 12

    /// The format `data` is in, by its magic numbers; `nil` for anything else.
    public init?(sniffing data: some Collection<UInt8>) {
        let head = [UInt8](data.prefix(Self.magicLength))
        func ascii(_ offset: Int, _ count: Int) -> String? {
            guard head.count >= offset + count else { return nil }
            return String(decoding: head[offset..<(offset + count)], as: UTF8.self)
        }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if ascii(0, 6) == "GIF87a" || ascii(0, 6) == "GIF89a" {
            self = .gif
        } else if ascii(0, 4) == "RIFF", ascii(8, 4) == "WEBP" {
            self = .webp
        } else if ascii(4, 4) == "ftyp", let brand = ascii(8, 4), Self.heifBrands.contains(brand) {
            self = .heic
        } else {
            return nil
        }
    }

    /// The MIME type the image is sent and stored under (`image/jpeg`).
    public var mimeType: String { "image/\(rawValue)" }

    /// The file-name extension it is named with (`jpg`, `png`, …).
    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }
}
