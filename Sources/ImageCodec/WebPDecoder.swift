import CWebP
import Foundation

/// WebP through libwebp: stills with `WebPDecodeRGBAInto`, animations' first frame with the demuxing decoder.
enum WebPDecoder {
    static func dimensions(of data: Data) throws -> PixelSize {
        let features = try features(of: data)
        return PixelSize(width: Int(features.width), height: Int(features.height))
    }

    static func decode(_ data: Data, pixelLimit: Int) throws -> RGBImage {
        let features = try features(of: data)
        let size = PixelSize(width: Int(features.width), height: Int(features.height))
        try ImageFile.check(size, limit: pixelLimit)
        return try data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            if features.has_animation != 0 { return try firstFrame(bytes, limit: pixelLimit) }
            let count = size.width * size.height * 4
            let rgba = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
            defer { rgba.deallocate() }
            guard
                WebPDecodeRGBAInto(bytes.baseAddress, bytes.count, rgba.baseAddress, count, Int32(size.width * 4))
                    != nil
            else { throw ImageCodecError("The WebP image could not be decoded.") }
            return ImageFile.overWhite(UnsafeBufferPointer(rgba), size: size)
        }
    }

    /// The animation's first frame on its canvas (the decoder owns the canvas it hands back).
    private static func firstFrame(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) throws -> RGBImage {
        var options = WebPAnimDecoderOptions()
        guard quartet_webp_anim_decoder_options(&options) != 0 else {
            throw ImageCodecError("libwebp could not start.")
        }
        options.color_mode = MODE_RGBA
        options.use_threads = 0
        var webp = WebPData(bytes: bytes.baseAddress, size: bytes.count)
        guard let decoder = quartet_webp_anim_decoder(&webp, &options) else {
            throw ImageCodecError("The animated WebP image could not be read.")
        }
        defer { WebPAnimDecoderDelete(decoder) }
        var info = WebPAnimInfo()
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
            throw ImageCodecError("The animated WebP image could not be read.")
        }
        let size = PixelSize(width: Int(info.canvas_width), height: Int(info.canvas_height))
        try ImageFile.check(size, limit: limit)
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            throw ImageCodecError("The animated WebP image's first frame could not be decoded.")
        }
        return ImageFile.overWhite(
            UnsafeBufferPointer(start: canvas, count: size.width * size.height * 4), size: size)
    }

    private static func features(of data: Data) throws -> WebPBitstreamFeatures {
        var features = WebPBitstreamFeatures()
        let read = data.withUnsafeBytes { raw in
            quartet_webp_features(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, &features)
        }
        guard read != 0, features.width > 0, features.height > 0 else {
            throw ImageCodecError("The WebP header could not be read.")
        }
        return features
    }
}
