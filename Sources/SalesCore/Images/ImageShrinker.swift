import Foundation
import PublicInit

/// Width and height in pixels.
@PublicInit
public struct ImageDimensions: Sendable, Hashable, Codable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
}

/// The platform's image codec as the shrinker needs it: ImageIO on Apple platforms, libjpeg-turbo on Linux.
@PublicInit
public struct ImageResampler: Sendable {
    /// The dimensions of an encoded image, or an error when it cannot be read.
    public var dimensions: @Sendable (Data) throws -> ImageDimensions
    /// The image re-encoded as JPEG at exactly these dimensions and this quality (1…100).
    public var resample: @Sendable (Data, ImageDimensions, _ quality: Int) throws -> Data
}

extension ImageResampler {
    /// For a device without a codec: images under the limit pass unchanged, larger ones are refused with a
    /// sentence that names the limit.
    public static let unavailable = ImageResampler(
        dimensions: { _ in ImageDimensions(width: 1, height: 1) },
        resample: { _, _, _ in
            throw ImageShrinkError(
                message: SalesText.imageCannotShrink(megabytes: SalesforceClient.maximumAttachmentBytes / 1_048_576))
        })
}

/// An image made to fit under the attachment limit.
public struct ShrunkImage: Sendable, Hashable {
    /// The JPEG (or the original, when it fitted).
    public var data: Data
    /// Its dimensions.
    public var dimensions: ImageDimensions
    /// The JPEG quality of the last encode; `nil` when the original already fitted.
    public var quality: Int?
    /// How many encodes it took (0 when the original fitted).
    public var attempts: Int
}

/// Why an image could not be made to fit.
public struct ImageShrinkError: Error, Sendable, Hashable, LocalizedError {
    /// What went wrong, in a sentence.
    public var message: String

    /// Creates an error with its sentence.
    public init(message: String) { self.message = message }

    /// The same sentence.
    public var errorDescription: String? { message }
}

/// Resizes and recompresses an image until it is under the attachment limit (25 MB), keeping its aspect ratio.
///
/// The first try keeps the full resolution at quality 85 (re-encoding alone usually suffices for a phone
/// photo); each further try scales the area by what the last size overshot, with a 10 % margin, and lowers
/// the quality by 5 down to 60.
public struct ImageShrinker: Sendable {
    /// The size an image must be under, in bytes.
    public var limit: Int
    /// The codec that decodes and re-encodes.
    public var resampler: ImageResampler
    /// The most encodes before giving up.
    public var maximumAttempts: Int

    /// Creates a shrinker.
    public init(
        resampler: ImageResampler, limit: Int = SalesforceClient.maximumAttachmentBytes, maximumAttempts: Int = 8
    ) {
        self.resampler = resampler
        self.limit = limit
        self.maximumAttempts = maximumAttempts
    }

    /// The image itself when it fits, else a smaller JPEG of the same aspect ratio that does.
    public func shrink(_ image: Data) throws -> ShrunkImage {
        let original = try resampler.dimensions(image)
        if image.count <= limit { return ShrunkImage(data: image, dimensions: original, quality: nil, attempts: 0) }
        guard original.width > 0, original.height > 0 else {
            throw ImageShrinkError(message: SalesText.imageHasNoPixels)
        }
        var scale = 1.0
        var quality = 85
        var attempts = 0
        var lastSize = image.count
        while attempts < maximumAttempts {
            attempts += 1
            let target = Self.scaled(original, by: scale)
            let encoded = try resampler.resample(image, target, quality)
            if encoded.count <= limit {
                return ShrunkImage(data: encoded, dimensions: target, quality: quality, attempts: attempts)
            }
            lastSize = encoded.count
            // Encoded size is roughly proportional to the pixel count: scale the area by the overshoot.
            let areaRatio = Double(limit) * 0.9 / Double(lastSize)
            scale *= min(0.9, areaRatio.squareRoot())
            quality = max(60, quality - 5)
        }
        throw ImageShrinkError(
            message: SalesText.imageStillTooLarge(bytes: lastSize, tries: attempts))
    }

    /// Dimensions scaled by `scale`, each at least 1, so the aspect ratio holds to within a pixel.
    public static func scaled(_ size: ImageDimensions, by scale: Double) -> ImageDimensions {
        ImageDimensions(
            width: max(1, Int((Double(size.width) * scale).rounded())),
            height: max(1, Int((Double(size.height) * scale).rounded())))
    }
}
