import Foundation
import HTTPTypes

/// Any image the gallery accepts (JPEG, PNG, GIF, WebP, HEIC), decoded to RGB, scaled and written as a JPEG.
///
/// Every decode reads the header first and refuses an image of more than `pixelLimit` pixels before a pixel is
/// allocated: a small file that declares a huge canvas (a decompression bomb) costs nothing. Transparent pixels
/// are composited on white; a GIF or animated WebP gives its first frame.
///
/// ```swift
/// let size = try ImageFile.dimensions(of: upload)                        // header only
/// let thumbnail = try ImageFile.resample(upload, to: PixelSize(width: 320, height: 240), quality: 80)
/// ```
public enum ImageFile {
    /// The largest image decoded unless told otherwise: 50 million pixels (a 200 MB RGBA canvas at most).
    public static let defaultPixelLimit = 50_000_000

    /// The pixel size in the image's header (nothing is decoded).
    public static func dimensions(of data: Data) throws -> PixelSize {
        switch try format(of: data) {
        case .jpeg: try TurboJPEG.dimensions(of: data)
        case .png: try PNGDecoder.dimensions(of: data)
        case .gif: try GIFDecoder.dimensions(of: data)
        case .webp: try WebPDecoder.dimensions(of: data)
        case .heic: try HEIFDecoder.dimensions(of: data)
        }
    }

    /// Decodes the image to RGB, transparent pixels on white; JPEGs decode at the smallest DCT scale that
    /// still covers `atLeast`.
    ///
    /// Throws ``ImageCodecError`` for a format it does not read, a corrupt or truncated file, or an image of
    /// more than `pixelLimit` pixels (checked from the header, before decoding).
    public static func decode(_ data: Data, atLeast minimum: PixelSize? = nil, pixelLimit: Int = defaultPixelLimit)
        throws -> RGBImage
    {
        let format = try format(of: data)
        try check(try dimensions(of: data), limit: pixelLimit)
        return switch format {
        case .jpeg: try TurboJPEG.decode(data, atLeast: minimum, refusingTruncation: true)
        case .png: try PNGDecoder.decode(data, pixelLimit: pixelLimit)
        case .gif: try GIFDecoder.decode(data, pixelLimit: pixelLimit)
        case .webp: try WebPDecoder.decode(data, pixelLimit: pixelLimit)
        case .heic: try HEIFDecoder.decode(data, pixelLimit: pixelLimit)
        }
    }

    /// The image upright at exactly `size` (as it is seen: see ``orientation(of:)``), encoded as a baseline JPEG at
    /// `quality` (a thumbnail, whatever it came as).
    public static func resample(
        _ data: Data, to size: PixelSize, quality: Int, pixelLimit: Int = defaultPixelLimit
    ) throws -> Data {
        guard size.width > 0, size.height > 0 else { throw ImageCodecError("The target size must be positive.") }
        let turn = orientation(of: data)
        let stored = turn.displayed(size)
        let decoded = try decode(data, atLeast: stored, pixelLimit: pixelLimit)
        let resized = decoded.size == stored ? decoded : TurboJPEG.boxResize(decoded, to: stored)
        return try TurboJPEG.encode(turn.upright(resized), quality: quality)
    }

    /// The whole image upright, as a baseline JPEG at `quality`, with no metadata (for a format whose metadata
    /// cannot be removed in place).
    public static func uprightJPEG(_ data: Data, quality: Int, pixelLimit: Int = defaultPixelLimit) throws -> Data {
        let decoded = try decode(data, pixelLimit: pixelLimit)
        return try TurboJPEG.encode(orientation(of: data).upright(decoded), quality: quality)
    }

    // MARK: - Orientation and metadata

    /// How the image's pixels are turned to be seen: a JPEG's EXIF `Orientation` (`.up` without one, or for EXIF
    /// that is malformed). Other formats answer `.up`: libheif turns a HEIC's pixels itself (its `irot` and `imir`),
    /// and readers do not agree on the EXIF of a PNG or WebP.
    public static func orientation(of data: Data) -> ImageOrientation {
        guard ImageFormat(sniffing: data) == .jpeg else { return .up }
        // NB: the EXIF comes first; the segments before the image data, not the image data, are read.
        return ImageMetadata.jpegOrientation([UInt8](data.prefix(1 << 20)))
    }

    /// The size the image is seen at: its header's, turned by ``orientation(of:)``.
    public static func displayedDimensions(of data: Data) throws -> PixelSize {
        orientation(of: data).displayed(try dimensions(of: data))
    }

    /// The image without what may say where, when and with what it was taken: a JPEG's EXIF, XMP, IPTC and
    /// comments (an orientation other than `.up` stays, alone in a minimal EXIF), a PNG's `eXIf`, text and time
    /// chunks, a WebP's `EXIF` and `XMP ` chunks; the compressed pixels byte for byte. `nil` when there is nothing
    /// to remove, and for a GIF (which carries none).
    ///
    /// Throws ``ImageCodecError`` for a HEIC (its EXIF is an item inside its boxes: use ``uprightJPEG(_:quality:pixelLimit:)``)
    /// and for a file whose structure cannot be followed to its image data.
    public static func removingMetadata(_ data: Data) throws -> Data? {
        switch try format(of: data) {
        case .jpeg: try ImageMetadata.jpegWithoutMetadata([UInt8](data))
        case .png: try ImageMetadata.pngWithoutMetadata([UInt8](data))
        case .webp: try ImageMetadata.webpWithoutMetadata([UInt8](data))
        case .gif: nil
        case .heic: throw ImageCodecError("A HEIC's metadata cannot be removed in place.")
        }
    }

    // MARK: - Internals

    private static func format(of data: Data) throws -> ImageFormat {
        guard let format = ImageFormat(sniffing: data) else { throw ImageCodecError.unsupportedFormat }
        return format
    }

    /// Refuses a size past `limit` (or one whose product overflows).
    static func check(_ size: PixelSize, limit: Int) throws {
        guard size.width > 0, size.height > 0 else { throw ImageCodecError("The image's header declares no pixels.") }
        let (count, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        guard !overflow, count <= limit else {
            throw ImageCodecError.tooManyPixels(size, limit: limit)
        }
    }

    /// RGBA pixels (straight alpha) as RGB over white.
    static func overWhite(_ rgba: UnsafeBufferPointer<UInt8>, size: PixelSize) -> RGBImage {
        let count = size.width * size.height
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 3) { output, initialized in
            for index in 0..<count {
                let alpha = Int(rgba[index * 4 + 3])
                for channel in 0..<3 {
                    let value = Int(rgba[index * 4 + channel])
                    // value·α + 255·(1−α), rounded.
                    output[index * 3 + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                }
            }
            initialized = count * 3
        }
        return RGBImage(size: size, pixels: pixels)
    }
}
