import AttendeeModels
import Foundation
import ImageCodec

/// Small JPEGs of gallery photos (JPEG, PNG, GIF's first frame, WebP, HEIC), made on the server by `ImageCodec`.
///
/// NB: an image its decoder cannot read (truncated, corrupt) is still stored, without a thumbnail: `hasThumbnail`
/// is false, the thumbnail route answers 404 and clients show the image itself.
enum MediaThumbnail {
    /// The size that fits `size` inside a square of `side` pixels, keeping its proportions (never larger).
    static func fitting(_ size: PixelSize, side: Int = MediaLimits.thumbnailSide) -> PixelSize {
        let longest = max(size.width, size.height)
        guard longest > side else { return size }
        let scale = Double(side) / Double(longest)
        return PixelSize(
            width: max(1, Int((Double(size.width) * scale).rounded())),
            height: max(1, Int((Double(size.height) * scale).rounded())))
    }

    /// A JPEG thumbnail of the image file at `path`, at most ``MediaLimits/thumbnailSide`` on its longest side.
    ///
    /// NB: the file is mapped, not read: the decoders need the compressed bytes at hand, and mapping them keeps
    /// a 25 MB photo out of the heap. A JPEG's DCT scaling decodes at most twice the thumbnail's size before the
    /// box filter; the other formats decode whole, within ``MediaLimits/maxPixels`` (checked from the header).
    ///
    /// NB: decoding is CPU work of up to a second for a large PNG, and a 50-megapixel image decodes into some
    /// 200 MB. It runs on a queue of its own, one image at a time, so it neither holds a thread of Swift's
    /// cooperative pool (on a two-core machine, every request's) nor decodes several such images at once.
    static func make(imageAt path: String) async throws -> Data {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try makeNow(imageAt: path) }) }
        }
    }

    private static let queue = DispatchQueue(label: "quartet.media.thumbnails", qos: .utility)

    private static func makeNow(imageAt path: String) throws -> Data {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        let size = try ImageFile.dimensions(of: data)
        return try ImageFile.resample(data, to: fitting(size), quality: 80, pixelLimit: MediaLimits.maxPixels)
    }
}
