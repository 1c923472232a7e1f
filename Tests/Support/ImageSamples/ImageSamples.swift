import CGIF
import CHeif
import CPNG
import CWebP
import Foundation
import ImageCodec

/// Real small images in every gallery format, encoded here by the same C libraries the decoders use (nothing is
/// copied into the repository), and a few broken ones.
///
/// ```swift
/// let png = try ImageSamples.png(ImageSamples.gradient(width: 64, height: 48))
/// ```
public enum ImageSamples {
    /// RGBA pixels (straight alpha), row after row.
    public struct Pixels: Sendable {
        public var width: Int
        public var height: Int
        public var rgba: [UInt8]

        public init(width: Int, height: Int, rgba: [UInt8]) {
            self.width = width
            self.height = height
            self.rgba = rgba
        }
    }

    /// A noisy RGB photo stand-in (xorshift64* from `seed`): noise defeats JPEG compression, so quality 100 makes
    /// a big file.
    public static func noisy(_ size: PixelSize, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: size.width * size.height * 3)
        var state = seed
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt64.self)
            for index in 0..<words.count {
                state ^= state >> 12
                state ^= state << 25
                state ^= state >> 27
                words[index] = state &* 0x2545_F491_4F6C_DD1D
            }
        }
        return RGBImage(size: size, pixels: pixels)
    }

    /// An opaque colour gradient: red grows to the right, green downwards, blue is 128.
    public static func gradient(width: Int, height: Int) -> Pixels {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                rgba[index] = UInt8(x * 255 / max(1, width - 1))
                rgba[index + 1] = UInt8(y * 255 / max(1, height - 1))
                rgba[index + 2] = 128
            }
        }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    /// Every pixel black and fully transparent: drawn on white, it must come out white.
    public static func transparent(width: Int, height: Int) -> Pixels {
        Pixels(width: width, height: height, rgba: [UInt8](repeating: 0, count: width * height * 4))
    }

    /// One flat opaque colour.
    public static func solid(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> Pixels {
        var rgba: [UInt8] = []
        rgba.reserveCapacity(width * height * 4)
        for _ in 0..<(width * height) { rgba += [red, green, blue, 255] }
        return Pixels(width: width, height: height, rgba: rgba)
    }

    // MARK: - Encoders

    /// A PNG with an alpha channel (libpng's simplified writer).
    public static func png(_ pixels: Pixels) throws -> Data {
        var image = png_image()
        image.version = quartet_png_image_version()
        image.width = png_uint_32(pixels.width)
        image.height = png_uint_32(pixels.height)
        image.format = quartet_png_format_rgba()
        defer { png_image_free(&image) }
        var size = 0
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels.rgba, 0, nil) != 0, size > 0 else {
            throw ImageCodecError("libpng could not size the sample.")
        }
        var data = Data(count: size)
        let written = data.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels.rgba, 0, nil)
        }
        guard written != 0 else { throw ImageCodecError("libpng could not write the sample.") }
        return data.prefix(size)
    }

    /// A GIF whose palette holds each frame's colours (at most 255 of them; index 255 is transparent where a
    /// pixel's alpha is below 128); several frames make an animation.
    public static func gif(_ frames: [Pixels]) throws -> Data {
        let output = UnsafeMutablePointer<Data>.allocate(capacity: 1)
        output.initialize(to: Data())
        defer { output.deinitialize(count: 1).deallocate() }
        var error: Int32 = 0
        let write: OutputFunc = { gif, bytes, count in
            guard let gif, let bytes, let user = gif.pointee.UserData else { return 0 }
            user.assumingMemoryBound(to: Data.self).pointee.append(bytes, count: Int(count))
            return count
        }
        guard let gif = EGifOpen(output, write, &error), let first = frames.first else {
            throw ImageCodecError("giflib could not start.")
        }
        EGifSetGifVersion(gif, true)
        guard EGifPutScreenDesc(gif, Int32(first.width), Int32(first.height), 8, 0, nil) == GIF_OK else {
            throw ImageCodecError("giflib could not write the screen.")
        }
        for frame in frames {
            var palette: [GifColorType] = []
            var known: [UInt32: GifPixelType] = [:]
            var indices = [GifPixelType](repeating: 255, count: frame.width * frame.height)
            for pixel in 0..<(frame.width * frame.height) where frame.rgba[pixel * 4 + 3] >= 128 {
                let (red, green, blue) = (frame.rgba[pixel * 4], frame.rgba[pixel * 4 + 1], frame.rgba[pixel * 4 + 2])
                let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
                if let index = known[key] {
                    indices[pixel] = index
                } else if palette.count < 255 {
                    palette.append(GifColorType(Red: red, Green: green, Blue: blue))
                    known[key] = GifPixelType(palette.count - 1)
                    indices[pixel] = GifPixelType(palette.count - 1)
                } else {
                    // NB: past 255 colours the rest share the first (the samples test sizes, not fidelity).
                    indices[pixel] = 0
                }
            }
            while palette.count < 256 { palette.append(GifColorType(Red: 0, Green: 0, Blue: 0)) }
            let map = GifMakeMapObject(256, palette)
            defer { GifFreeMapObject(map) }
            var control: [GifByteType] = [0x01, 10, 0, 255]
            guard EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, &control) == GIF_OK,
                EGifPutImageDesc(gif, 0, 0, Int32(frame.width), Int32(frame.height), false, map) == GIF_OK
            else { throw ImageCodecError("giflib could not write a frame.") }
            for row in 0..<frame.height {
                var line = Array(indices[(row * frame.width)..<((row + 1) * frame.width)])
                guard EGifPutLine(gif, &line, Int32(frame.width)) == GIF_OK else {
                    throw ImageCodecError("giflib could not write a line.")
                }
            }
        }
        guard EGifCloseFile(gif, &error) == GIF_OK else { throw ImageCodecError("giflib could not finish.") }
        return output.pointee
    }

    /// A still WebP: lossless (exact pixels, alpha kept) or lossy at quality 80.
    public static func webp(_ pixels: Pixels, lossless: Bool = true) throws -> Data {
        var output: UnsafeMutablePointer<UInt8>?
        let size =
            lossless
            ? WebPEncodeLosslessRGBA(
                pixels.rgba, Int32(pixels.width), Int32(pixels.height), Int32(pixels.width * 4), &output)
            : WebPEncodeRGBA(
                pixels.rgba, Int32(pixels.width), Int32(pixels.height), Int32(pixels.width * 4), 80, &output)
        defer { WebPFree(output) }
        guard size > 0, let output else { throw ImageCodecError("libwebp could not encode the sample.") }
        return Data(bytes: output, count: size)
    }

    /// An animated WebP of `frames` (all the same size), 100 ms each, lossless.
    public static func animatedWebP(_ frames: [Pixels]) throws -> Data {
        guard let first = frames.first else { throw ImageCodecError("An animation needs frames.") }
        var options = WebPAnimEncoderOptions()
        var config = WebPConfig()
        guard quartet_webp_anim_encoder_options(&options) != 0, quartet_webp_config(&config) != 0,
            let encoder = quartet_webp_anim_encoder(Int32(first.width), Int32(first.height), &options)
        else { throw ImageCodecError("libwebp could not start.") }
        defer { WebPAnimEncoderDelete(encoder) }
        config.lossless = 1
        for (index, frame) in frames.enumerated() {
            var picture = WebPPicture()
            guard quartet_webp_picture(&picture) != 0 else { throw ImageCodecError("libwebp could not start.") }
            picture.use_argb = 1
            picture.width = Int32(frame.width)
            picture.height = Int32(frame.height)
            defer { WebPPictureFree(&picture) }
            guard WebPPictureImportRGBA(&picture, frame.rgba, Int32(frame.width * 4)) != 0,
                WebPAnimEncoderAdd(encoder, &picture, Int32(index * 100), &config) != 0
            else { throw ImageCodecError("libwebp could not add a frame.") }
        }
        var data = WebPData()
        guard WebPAnimEncoderAdd(encoder, nil, Int32(frames.count * 100), nil) != 0,
            WebPAnimEncoderAssemble(encoder, &data) != 0, let bytes = data.bytes
        else { throw ImageCodecError("libwebp could not assemble the animation.") }
        defer { WebPFree(UnsafeMutableRawPointer(mutating: bytes)) }
        return Data(bytes: bytes, count: data.size)
    }

    /// A HEIC (HEVC through libheif's x265 encoder), with an alpha plane when any pixel is not opaque.
    public static func heic(_ pixels: Pixels) throws -> Data {
        guard let context = heif_context_alloc() else { throw ImageCodecError("libheif could not start.") }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer?
        guard heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok,
            let encoder
        else { throw ImageCodecError("libheif has no HEVC encoder.") }
        defer { heif_encoder_release(encoder) }
        let alpha = stride(from: 3, to: pixels.rgba.count, by: 4).contains { pixels.rgba[$0] != 255 }
        var image: OpaquePointer?
        guard
            heif_image_create(
                Int32(pixels.width), Int32(pixels.height), heif_colorspace_RGB,
                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, &image
            ).code == heif_error_Ok, let image
        else { throw ImageCodecError("libheif could not make an image.") }
        defer { heif_image_release(image) }
        let channels = alpha ? 4 : 3
        guard
            heif_image_add_plane(image, heif_channel_interleaved, Int32(pixels.width), Int32(pixels.height), 8).code
                == heif_error_Ok
        else { throw ImageCodecError("libheif could not add a plane.") }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane(image, heif_channel_interleaved, &stride) else {
            throw ImageCodecError("libheif gave no plane.")
        }
        for y in 0..<pixels.height {
            for x in 0..<pixels.width {
                for channel in 0..<channels {
                    plane[y * Int(stride) + x * channels + channel] = pixels.rgba[(y * pixels.width + x) * 4 + channel]
                }
            }
        }
        heif_encoder_set_lossy_quality(encoder, 90)
        guard heif_context_encode_image(context, image, encoder, nil, nil).code == heif_error_Ok else {
            throw ImageCodecError("libheif could not encode the sample.")
        }
        let output = UnsafeMutablePointer<Data>.allocate(capacity: 1)
        output.initialize(to: Data())
        defer { output.deinitialize(count: 1).deallocate() }
        var writer = heif_writer(
            writer_api_version: 1,
            write: { _, bytes, count, user in
                if let bytes, let user {
                    user.assumingMemoryBound(to: Data.self).pointee.append(Data(bytes: bytes, count: count))
                }
                return heif_error(code: heif_error_Ok, subcode: heif_suberror_Unspecified, message: nil)
            })
        guard heif_context_write(context, &writer, output).code == heif_error_Ok else {
            throw ImageCodecError("libheif could not write the sample.")
        }
        return output.pointee
    }

    // MARK: - Broken files

    /// A PNG whose header (with correct CRCs) declares `width × height`, followed by a few bytes of pixel data
    /// that could never fill it.
    public static func pngHeader(width: Int, height: Int) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            return bigEndian(body.count) + typed + bigEndian(Int(crc32(typed)))
        }
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        data.append(contentsOf: chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]))
        // NB: libpng reads the chunks up to the first IDAT before it answers the header.
        data.append(contentsOf: chunk("IDAT", [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]))
        data.append(contentsOf: chunk("IEND", []))
        return data
    }

    /// The first `fraction` of `data`: a file cut off in transit.
    public static func truncated(_ data: Data, keeping fraction: Double = 0.5) -> Data {
        data.prefix(max(1, Int(Double(data.count) * fraction)))
    }

    /// `data` with its bytes past the first `keeping` overwritten by a fixed noise pattern.
    public static func corrupted(_ data: Data, keeping header: Int) -> Data {
        var bytes = [UInt8](data)
        var state: UInt32 = 0x1234_5678
        for index in min(header, bytes.count)..<bytes.count {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        return Data(bytes)
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
    }

    /// CRC-32 (ISO 3309, as PNG chunks use it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
