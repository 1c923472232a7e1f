import CHeif
import Foundation

/// HEIC (HEVC-coded HEIF) through libheif (libde265 decodes the HEVC); the primary image, rotations and
/// mirrors of the file applied.
enum HEIFDecoder {
    static func dimensions(of data: Data) throws -> PixelSize {
        try withPrimaryImage(data) { handle in
            PixelSize(
                width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
        }
    }

    static func decode(_ data: Data, pixelLimit: Int) throws -> RGBImage {
        try withPrimaryImage(data) { handle in
            let declared = PixelSize(
                width: Int(heif_image_handle_get_width(handle)), height: Int(heif_image_handle_get_height(handle)))
            // NB: the boxes are parsed; no pixel is decoded before this check.
            try ImageFile.check(declared, limit: pixelLimit)
            let alpha = heif_image_handle_has_alpha_channel(handle) != 0
            var image: OpaquePointer?
            let decoded = heif_decode_image(
                handle, &image, heif_colorspace_RGB, alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
                nil)
            guard decoded.code == heif_error_Ok, let image else {
                throw ImageCodecError("The HEIC image could not be decoded: \(text(decoded)).")
            }
            defer { heif_image_release(image) }
            let size = PixelSize(
                width: Int(heif_image_get_width(image, heif_channel_interleaved)),
                height: Int(heif_image_get_height(image, heif_channel_interleaved)))
            var stride: Int32 = 0
            guard size.width > 0, size.height > 0, size.width * size.height <= pixelLimit,
                let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride)
            else { throw ImageCodecError("The HEIC image could not be decoded: it has no pixels.") }
            let channels = alpha ? 4 : 3
            var packed = [UInt8](repeating: 0, count: size.width * size.height * channels)
            for row in 0..<size.height {
                packed.withUnsafeMutableBufferPointer { output in
                    (output.baseAddress! + row * size.width * channels).update(
                        from: plane + row * Int(stride), count: size.width * channels)
                }
            }
            guard alpha else { return RGBImage(size: size, pixels: packed) }
            return packed.withUnsafeBufferPointer { ImageFile.overWhite($0, size: size) }
        }
    }

    private static func withPrimaryImage<T>(_ data: Data, _ body: (OpaquePointer) throws -> T) throws -> T {
        // NB: libheif reads the bytes in place; the context is freed before they are let go.
        try data.withUnsafeBytes { bytes in
            guard let context = heif_context_alloc() else { throw ImageCodecError("libheif could not start.") }
            defer { heif_context_free(context) }
            let read = heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil)
            guard read.code == heif_error_Ok else {
                throw ImageCodecError("The HEIC header could not be read: \(text(read)).")
            }
            var handle: OpaquePointer?
            let primary = heif_context_get_primary_image_handle(context, &handle)
            guard primary.code == heif_error_Ok, let handle else {
                throw ImageCodecError("The HEIC file has no primary image: \(text(primary)).")
            }
            defer { heif_image_handle_release(handle) }
            return try body(handle)
        }
    }

    private static func text(_ error: heif_error) -> String {
        error.message.map { String(cString: $0) } ?? "unknown error"
    }
}
