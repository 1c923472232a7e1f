import CGIF
import Foundation

/// GIF through giflib: the logical screen's size from the header, and the first frame drawn on it.
///
/// NB: the frame is read line by line (`DGifGetLine`) rather than with `DGifSlurp`, which would decode every
/// frame of an animation into memory; only the canvas (whose size was checked) and one line are allocated.
enum GIFDecoder {
    static func dimensions(of data: Data) throws -> PixelSize {
        try withGIF(data) { gif in PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight)) }
    }

    static func decode(_ data: Data, pixelLimit: Int) throws -> RGBImage {
        try withGIF(data) { gif in
            let size = PixelSize(width: Int(gif.pointee.SWidth), height: Int(gif.pointee.SHeight))
            try ImageFile.check(size, limit: pixelLimit)
            var transparent: Int?
            while true {
                var record = UNDEFINED_RECORD_TYPE
                guard DGifGetRecordType(gif, &record) == GIF_OK else { throw failure(gif, "its records") }
                switch record {
                case EXTENSION_RECORD_TYPE:
                    transparent = try readExtension(gif) ?? transparent
                case IMAGE_DESC_RECORD_TYPE:
                    return try readFrame(gif, canvas: size, transparent: transparent)
                case TERMINATE_RECORD_TYPE:
                    throw ImageCodecError("The GIF has no image in it.")
                default:
                    throw ImageCodecError("The GIF could not be decoded: an unknown record.")
                }
            }
        }
    }

    /// Skips an extension; answers the transparent colour index when it is a graphic control extension that
    /// names one.
    private static func readExtension(_ gif: UnsafeMutablePointer<GifFileType>) throws -> Int? {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else { throw failure(gif, "an extension") }
        var transparent: Int?
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 0x01 != 0 {
            transparent = Int(block[4])
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else { throw failure(gif, "an extension") }
        }
        return transparent
    }

    /// The first frame on a white canvas (pixels it leaves out, and transparent ones, stay white).
    private static func readFrame(
        _ gif: UnsafeMutablePointer<GifFileType>, canvas size: PixelSize, transparent: Int?
    ) throws -> RGBImage {
        guard DGifGetImageDesc(gif) == GIF_OK else { throw failure(gif, "the frame's header") }
        let frame = gif.pointee.Image
        guard let map = frame.ColorMap ?? gif.pointee.SColorMap, let colors = map.pointee.Colors else {
            throw ImageCodecError("The GIF could not be decoded: it has no colour table.")
        }
        let colorCount = Int(map.pointee.ColorCount)
        let width = Int(frame.Width)
        let height = Int(frame.Height)
        var pixels = [UInt8](repeating: 255, count: size.width * size.height * 3)
        guard width > 0, height > 0 else { return RGBImage(size: size, pixels: pixels) }
        var line = [GifPixelType](repeating: 0, count: width)
        // Interlaced frames store rows in four passes: every 8th from 0, every 8th from 4, every 4th from 2,
        // every 2nd from 1.
        let rows: [Int] =
            frame.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step))
            }
            : Array(0..<height)
        for row in rows {
            guard DGifGetLine(gif, &line, Int32(width)) == GIF_OK else { throw failure(gif, "the frame") }
            let y = Int(frame.Top) + row
            guard y < size.height else { continue }
            for x in 0..<width {
                let column = Int(frame.Left) + x
                let index = Int(line[x])
                guard column < size.width, index != transparent, index < colorCount else { continue }
                let color = colors[index]
                let out = (y * size.width + column) * 3
                pixels[out] = color.Red
                pixels[out + 1] = color.Green
                pixels[out + 2] = color.Blue
            }
        }
        return RGBImage(size: size, pixels: pixels)
    }

    /// Where giflib reads from: the bytes of the file and how far it has read.
    private struct Source {
        var bytes: UnsafeRawBufferPointer
        var offset = 0
    }

    private static func withGIF<T>(_ data: Data, _ body: (UnsafeMutablePointer<GifFileType>) throws -> T) throws -> T {
        try data.withUnsafeBytes { bytes in
            let source = UnsafeMutablePointer<Source>.allocate(capacity: 1)
            source.initialize(to: Source(bytes: bytes))
            defer { source.deallocate() }
            var error: Int32 = 0
            let read: InputFunc = { gif, destination, wanted in
                guard let gif, let destination, let user = gif.pointee.UserData else { return 0 }
                let source = user.assumingMemoryBound(to: Source.self)
                let count = max(0, min(Int(wanted), source.pointee.bytes.count - source.pointee.offset))
                if count > 0 {
                    UnsafeMutableRawPointer(destination).copyMemory(
                        from: source.pointee.bytes.baseAddress! + source.pointee.offset, byteCount: count)
                }
                source.pointee.offset += count
                return Int32(count)
            }
            guard let gif = DGifOpen(source, read, &error) else {
                throw ImageCodecError("The GIF header could not be read: \(text(error)).")
            }
            defer { DGifCloseFile(gif, &error) }
            return try body(gif)
        }
    }

    private static func failure(_ gif: UnsafeMutablePointer<GifFileType>, _ part: String) -> ImageCodecError {
        ImageCodecError("The GIF could not be decoded (\(part)): \(text(gif.pointee.Error)).")
    }

    private static func text(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "unknown error"
    }
}
