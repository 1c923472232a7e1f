import CoreGraphics
import Foundation
import ImageIO
import SalesCore
import UniformTypeIdentifiers

extension ImageResampler {
    /// ImageIO: reads every format the system decodes (HEIC, JPEG, PNG…) and writes JPEG.
    ///
    /// The sizes it reports are the ones a person sees: a photo taken in portrait is stored landscape with an
    /// EXIF orientation, so ``ImageResampler/dimensions`` swaps its sides and ``ImageResampler/resample``
    /// bakes the orientation in. The JPEG it writes carries no metadata (no location, no camera details).
    static let imageIO = ImageResampler(
        dimensions: { data in try orientedDimensions(of: imageSource(data)) },
        resample: { data, size, quality in
            let source = try imageSource(data)
            let options: [CFString: Any] = [
                kCGImageSourceCreateThumbnailFromImageAlways: true,
                kCGImageSourceCreateThumbnailWithTransform: true,
                kCGImageSourceThumbnailMaxPixelSize: max(size.width, size.height),
            ]
            guard var image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else {
                throw ImageShrinkError(message: "The image could not be resized.")
            }
            // NB: the thumbnail keeps the original's aspect ratio, which may round the short side one pixel
            // away from the size asked for; the shrinker is promised exactly that size.
            if image.width != size.width || image.height != size.height { image = try redraw(image, to: size) }
            return try jpeg(image, quality: quality)
        })
}

private func imageSource(_ data: Data) throws -> CGImageSource {
    guard let source = CGImageSourceCreateWithData(data as CFData, nil), CGImageSourceGetCount(source) > 0 else {
        throw ImageShrinkError(message: "The file is not an image this device can read.")
    }
    return source
}

/// The pixel size of the first image, sides swapped for the EXIF orientations that turn it a quarter (5–8).
private func orientedDimensions(of source: CGImageSource) throws -> ImageDimensions {
    guard let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any],
        let width = (properties[kCGImagePropertyPixelWidth] as? NSNumber)?.intValue,
        let height = (properties[kCGImagePropertyPixelHeight] as? NSNumber)?.intValue
    else {
        throw ImageShrinkError(message: "The image does not say its size.")
    }
    let orientation = (properties[kCGImagePropertyOrientation] as? NSNumber)?.intValue ?? 1
    return (5...8).contains(orientation)
        ? ImageDimensions(width: height, height: width) : ImageDimensions(width: width, height: height)
}

private func redraw(_ image: CGImage, to size: ImageDimensions) throws -> CGImage {
    // NB: JPEG has no alpha, and a grey or CMYK source cannot back an RGB context: draw into RGB.
    let space = image.colorSpace.flatMap { $0.model == .rgb ? $0 : nil } ?? CGColorSpaceCreateDeviceRGB()
    guard
        let context = CGContext(
            data: nil, width: size.width, height: size.height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
            bitmapInfo: CGImageAlphaInfo.noneSkipLast.rawValue)
    else {
        throw ImageShrinkError(message: "The image could not be resized.")
    }
    context.interpolationQuality = .high
    context.draw(image, in: CGRect(x: 0, y: 0, width: size.width, height: size.height))
    guard let redrawn = context.makeImage() else { throw ImageShrinkError(message: "The image could not be resized.") }
    return redrawn
}

/// `image` as JPEG at `quality` (1…100, ImageIO wants 0…1).
private func jpeg(_ image: CGImage, quality: Int) throws -> Data {
    let output = NSMutableData()
    guard
        let destination = CGImageDestinationCreateWithData(
            output as CFMutableData, UTType.jpeg.identifier as CFString, 1, nil)
    else {
        throw ImageShrinkError(message: "This device cannot write JPEG.")
    }
    let properties: [CFString: Any] = [kCGImageDestinationLossyCompressionQuality: Double(quality) / 100]
    CGImageDestinationAddImage(destination, image, properties as CFDictionary)
    guard CGImageDestinationFinalize(destination) else {
        throw ImageShrinkError(message: "The image could not be compressed.")
    }
    return output as Data
}
