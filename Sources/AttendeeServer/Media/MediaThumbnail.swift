import AttendeeModels
import Foundation
import ImageCodec

/// Small JPEGs of gallery photos, made on the server with libjpeg-turbo (`ImageCodec`).
///
/// NB: only JPEG is decoded on Linux (`ImageCodec` has no PNG, GIF, WebP or HEIC decoder); other images are
/// stored without a thumbnail (`hasThumbnail` is false and the thumbnail route answers 404), and clients show
/// the image itself.
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

    /// A thumbnail of the JPEG file at `path`, at most ``MediaLimits/thumbnailSide`` on its longest side.
    ///
    /// NB: the file is mapped, not read: the decoder needs the compressed bytes at hand, and mapping them keeps
    /// a 25 MB photo out of the heap. DCT scaling decodes at most twice the thumbnail's size before the box filter.
    static func make(jpegAt path: String) throws -> Data {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        let size = try TurboJPEG.dimensions(of: data)
        return try TurboJPEG.resample(data, to: fitting(size), quality: 80)
    }
}
