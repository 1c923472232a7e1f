import CTurboJPEG
import Foundation
import PublicInit

/// Pixel dimensions of an image.
@PublicInit
public struct PixelSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// `W×H`.
    public var description: String { "\(width)×\(height)" }
}

/// Why an image could not be read or written.
public struct ImageCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in a sentence.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }

    /// Input that is not a JPEG, where only a JPEG will do.
    public static let notJPEG = ImageCodecError("The image is not a JPEG.")

    /// Input in none of the formats ``ImageFile`` reads.
    public static let unsupportedFormat = ImageCodecError(
        "The image is not a JPEG, PNG, GIF, WebP or HEIC file.")

    /// An image whose header declares more than `limit` pixels; refused before anything is decoded.
    public static func tooManyPixels(_ size: PixelSize, limit: Int) -> ImageCodecError {
        ImageCodecError("The image is \(size) pixels; at most \(limit / 1_000_000) million pixels are decoded.")
    }
}

/// 8-bit RGB pixels, row after row.
@PublicInit
public struct RGBImage: Sendable, Hashable {
    /// The dimensions.
    public var size: PixelSize
    /// `width × height × 3` bytes.
    public var pixels: [UInt8]
}

/// JPEG decode, DCT-domain scaling and encode through libjpeg-turbo's TurboJPEG API.
///
/// ```swift
/// let size = try TurboJPEG.dimensions(of: photo)
/// let smaller = try TurboJPEG.resample(photo, to: PixelSize(width: size.width / 2, height: size.height / 2), quality: 85)
/// ```
public enum TurboJPEG {
    /// The dimensions in a JPEG's header (nothing is decoded).
    public static func dimensions(of jpeg: Data) throws -> PixelSize {
        try withDecompressor { handle in try header(handle, jpeg).size }
    }

    /// Decodes a JPEG to RGB at the smallest libjpeg-turbo scaling factor that still covers `atLeast`.
    public static func decode(_ jpeg: Data, atLeast minimum: PixelSize? = nil) throws -> RGBImage {
        try decode(jpeg, atLeast: minimum, refusingTruncation: false)
    }

    /// The decode behind ``decode(_:atLeast:)``; `refusingTruncation` turns a file cut short (which
    /// libjpeg-turbo pads with grey and only warns about) into an error.
    static func decode(_ jpeg: Data, atLeast minimum: PixelSize?, refusingTruncation: Bool) throws -> RGBImage {
        try withDecompressor { handle in
            let info = try header(handle, jpeg)
            let target = minimum.map { scaledSize(info.size, covering: $0) } ?? info.size
            var status: Int32 = 0
            let count = target.width * target.height * 3
            // NB: uninitialized on purpose: the decoder writes every byte (on failure the pixels are not used).
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
                status = jpeg.withUnsafeBytes { source -> Int32 in
                    tjDecompress2(
                        handle, source.bindMemory(to: UInt8.self).baseAddress, UInt(jpeg.count),
                        destination.baseAddress, Int32(target.width), 0, Int32(target.height),
                        Int32(TJPF_RGB.rawValue), Int32(TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE))
                }
                initialized = count
            }
            if status != 0, tjGetErrorCode(handle) == Int32(TJERR_FATAL.rawValue) {
                throw ImageCodecError("The JPEG could not be decoded: \(errorText(handle)).")
            }
            // NB: libjpeg's JWRN_JPEG_EOF; other warnings (stray bytes between markers, common in camera files)
            // still leave a usable picture.
            if status != 0, refusingTruncation, errorText(handle).hasPrefix("Premature end of JPEG file") {
                throw ImageCodecError("The JPEG could not be decoded: the file is cut short.")
            }
            return RGBImage(size: target, pixels: pixels)
        }
    }

    /// Encodes RGB pixels as a baseline JPEG (4:2:0 chroma) at `quality` 1…100.
    public static func encode(_ image: RGBImage, quality: Int) throws -> Data {
        guard image.size.width > 0, image.size.height > 0,
            image.pixels.count == image.size.width * image.size.height * 3
        else { throw ImageCodecError("The image has no pixels or the wrong number of them.") }
        guard let handle = tjInitCompress() else { throw ImageCodecError("libjpeg-turbo could not start.") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var length: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(image.size.width), 0, Int32(image.size.height),
                Int32(TJPF_RGB.rawValue), &output, &length, Int32(TJSAMP_420.rawValue),
                Int32(min(100, max(1, quality))), Int32(TJFLAG_FASTDCT))
        }
        defer { tjFree(output) }
        guard status == 0, let output else {
            throw ImageCodecError("The JPEG could not be encoded: \(errorText(handle)).")
        }
        return Data(bytes: output, count: Int(length))
    }

    /// Re-encodes a JPEG at exactly `size` and `quality`: DCT scaling gets close, a box filter does the rest.
    ///
    /// NB: a planar-YUV round trip (`tjDecompressToYUV2` → `tjCompressFromYUV`) would skip colour conversion
    /// but keep the source's chroma subsampling (a 4:4:4 original stays big); RGB in, 4:2:0 out is used instead.
    public static func resample(_ jpeg: Data, to size: PixelSize, quality: Int) throws -> Data {
        guard size.width > 0, size.height > 0 else { throw ImageCodecError("The target size must be positive.") }
        let decoded = try decode(jpeg, atLeast: size)
        let resized = decoded.size == size ? decoded : boxResize(decoded, to: size)
        return try encode(resized, quality: quality)
    }

    /// Area-averaging downscale (or nearest-pixel upscale) to exactly `size`.
    public static func boxResize(_ image: RGBImage, to size: PixelSize) -> RGBImage {
        let sourceWidth = image.size.width
        let sourceHeight = image.size.height
        var output = [UInt8](repeating: 0, count: size.width * size.height * 3)
        // NB: column spans are computed once; each output pixel averages the source rectangle it covers.
        let columns = (0..<size.width).map { x -> (Int, Int) in
            let start = x * sourceWidth / size.width
            return (start, max(start + 1, (x + 1) * sourceWidth / size.width))
        }
        image.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { destination in
                for y in 0..<size.height {
                    let top = y * sourceHeight / size.height
                    let bottom = max(top + 1, (y + 1) * sourceHeight / size.height)
                    for x in 0..<size.width {
                        let (left, right) = columns[x]
                        var red = 0
                        var green = 0
                        var blue = 0
                        for row in top..<bottom {
                            var index = (row * sourceWidth + left) * 3
                            for _ in left..<right {
                                red &+= Int(source[index])
                                green &+= Int(source[index + 1])
                                blue &+= Int(source[index + 2])
                                index += 3
                            }
                        }
                        let count = (bottom - top) * (right - left)
                        let out = (y * size.width + x) * 3
                        destination[out] = UInt8(red / count)
                        destination[out + 1] = UInt8(green / count)
                        destination[out + 2] = UInt8(blue / count)
                    }
                }
            }
        }
        return RGBImage(size: size, pixels: output)
    }

    // MARK: - Internals

    private static func withDecompressor<T>(_ body: (tjhandle) throws -> T) throws -> T {
        guard let handle = tjInitDecompress() else { throw ImageCodecError("libjpeg-turbo could not start.") }
        defer { tjDestroy(handle) }
        return try body(handle)
    }

    private static func header(_ handle: tjhandle, _ jpeg: Data) throws -> (size: PixelSize, subsampling: Int32) {
        guard jpeg.count > 3, jpeg.starts(with: [0xFF, 0xD8, 0xFF]) else { throw ImageCodecError.notJPEG }
        var width: Int32 = 0
        var height: Int32 = 0
        var subsampling: Int32 = 0
        var colorspace: Int32 = 0
        let status = jpeg.withUnsafeBytes { bytes in
            tjDecompressHeader3(
                handle, bytes.bindMemory(to: UInt8.self).baseAddress, UInt(jpeg.count), &width, &height, &subsampling,
                &colorspace)
        }
        guard status == 0, width > 0, height > 0 else {
            throw ImageCodecError("The JPEG header could not be read: \(errorText(handle)).")
        }
        return (PixelSize(width: Int(width), height: Int(height)), subsampling)
    }

    /// The smallest size libjpeg-turbo can decode to directly that is at least `minimum` in both directions.
    static func scaledSize(_ size: PixelSize, covering minimum: PixelSize) -> PixelSize {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return size }
        var best = size
        for index in 0..<Int(count) {
            let factor = factors[index]
            // TJSCALED(dimension, factor): round up.
            let width = (size.width * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            let height = (size.height * Int(factor.num) + Int(factor.denom) - 1) / Int(factor.denom)
            guard width >= minimum.width, height >= minimum.height, width <= size.width else { continue }
            if width * height < best.width * best.height { best = PixelSize(width: width, height: height) }
        }
        return best
    }

    private static func errorText(_ handle: tjhandle) -> String {
        guard let text = tjGetErrorStr2(handle) else { return "unknown error" }
        return String(cString: text)
    }
}
