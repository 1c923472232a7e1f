import AttendeeModels
import Foundation
import HTTPTypes
import ImageCodec

/// Uploaded images made fit to share (``prepare(imageAt:)``: no metadata, upright thumbnails), by `ImageCodec`:
/// small JPEGs of gallery photos and attachments (JPEG, PNG, GIF's first frame, WebP, HEIC).
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

    /// What the server keeps of an uploaded image, and what it says of it.
    struct Prepared: Sendable {
        /// The bytes to keep in place of the upload (its metadata removed), or `nil` to keep the upload as it is.
        var replacement: Data?
        /// What is kept: a HEIC is kept as a JPEG.
        var type: MediaType
        /// The size the kept image is seen at, when its header gives it.
        var size: PixelSize?
        /// Its thumbnail, when it could be decoded.
        var thumbnail: Data?
    }

    /// Prepares the image file at `path` for everyone who may download it: without what may say where, when and
    /// with what it was taken (EXIF with its GPS position, XMP, IPTC, comments; ``ImageFile/removingMetadata(_:)``)
    /// and with a JPEG thumbnail, upright, at most ``MediaLimits/thumbnailSide`` on its longest side.
    ///
    /// A JPEG whose EXIF says it is seen turned keeps that alone, in a minimal EXIF: the file stays byte for byte
    /// the camera's image, and every browser and phone turns it. A HEIC's metadata is an item inside its boxes,
    /// which cannot be cut out in place: it is kept as an upright JPEG at quality 90 (and refused, throwing, when it
    /// cannot be decoded). An image of another format its decoder cannot read (truncated, corrupt) is kept, its
    /// metadata removed, without a thumbnail: clients show the image itself.
    ///
    /// NB: the file is mapped, not read: the decoders need the compressed bytes at hand, and mapping them keeps
    /// a 25 MB photo out of the heap. A JPEG's DCT scaling decodes at most twice the thumbnail's size before the
    /// box filter; the other formats decode whole, within ``MediaLimits/maxPixels`` (checked from the header).
    ///
    /// NB: decoding is CPU work of up to a second for a large PNG, and a 50-megapixel image decodes into some
    /// 200 MB. It runs on a queue of its own, one image at a time, so it neither holds a thread of Swift's
    /// cooperative pool (on a two-core machine, every request's) nor decodes several such images at once.
    static func prepare(imageAt path: String) async throws -> Prepared {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try prepareNow(imageAt: path) }) }
        }
    }

    private static let queue = DispatchQueue(label: "quartet.media.thumbnails", qos: .utility)

    private static func prepareNow(imageAt path: String) throws -> Prepared {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        let format = ImageFormat(sniffing: data)
        let replacement =
            format == .heic
            ? try ImageFile.uprightJPEG(data, quality: 90, pixelLimit: MediaLimits.maxPixels)
            : try ImageFile.removingMetadata(data)
        let kept = replacement ?? data
        let size = try? ImageFile.displayedDimensions(of: kept)
        let thumbnail = size.flatMap { size in
            try? ImageFile.resample(kept, to: fitting(size), quality: 80, pixelLimit: MediaLimits.maxPixels)
        }
        return Prepared(
            replacement: replacement, type: ImageFormat(sniffing: kept).map(MediaType.init) ?? .jpeg, size: size,
            thumbnail: thumbnail)
    }
}
