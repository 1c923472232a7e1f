import CPNG
import Foundation

/// PNG through libpng's simplified API (`png_image_*`), which reports errors instead of jumping out of Swift.
enum PNGDecoder {
    static func dimensions(of data: Data) throws -> PixelSize {
        try withImage(data) { image in PixelSize(width: Int(image.width), height: Int(image.height)) }
    }

    /// Every pixel as RGB; libpng composites transparency on white (`background`) while it reads.
    static func decode(_ data: Data, pixelLimit: Int) throws -> RGBImage {
        try withImage(data) { image in
            let size = PixelSize(width: Int(image.width), height: Int(image.height))
            // NB: the header is read; nothing of the declared size is allocated before this check.
            try ImageFile.check(size, limit: pixelLimit)
            image.format = quartet_png_format_rgb()
            var white = png_color(red: 255, green: 255, blue: 255)
            let count = size.width * size.height * 3
            var succeeded: Int32 = 0
            let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                succeeded = png_image_finish_read(&image, &white, buffer.baseAddress, Int32(size.width * 3), nil)
                initialized = count
            }
            guard succeeded != 0, quartet_png_image_failed(&image) == 0 else {
                throw ImageCodecError("The PNG could not be decoded: \(message(image)).")
            }
            return RGBImage(size: size, pixels: pixels)
        }
    }

    /// Reads the header of `data` into a `png_image`, hands it to `body`, and frees it after.
    private static func withImage<T>(_ data: Data, _ body: (inout png_image) throws -> T) throws -> T {
        try data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = quartet_png_image_version()
            defer { png_image_free(&image) }
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                throw ImageCodecError("The PNG header could not be read: \(message(image)).")
            }
            return try body(&image)
        }
    }

    private static func message(_ image: png_image) -> String {
        var text = image.message
        return withUnsafeBytes(of: &text) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }
}
