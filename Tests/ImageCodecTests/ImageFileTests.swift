import Foundation
import HTTPTypes
import ImageCodec
import ImageSamples
import Testing

/// Every gallery format decodes, scales and becomes a JPEG thumbnail; broken and oversized files are refused
/// with an error, never a crash.
@Suite struct ImageFileTests {
    typealias Encoder = @Sendable (ImageSamples.Pixels) throws -> Data

    static let encoders: [(ImageFormat, Encoder)] = [
        (.jpeg, { pixels in try TurboJPEG.encode(rgb(pixels), quality: 95) }),
        (.png, ImageSamples.png),
        (.gif, { try ImageSamples.gif([$0]) }),
        (.webp, { try ImageSamples.webp($0) }),
        (.heic, ImageSamples.heic),
    ]

    /// The pixels without their alpha channel.
    static func rgb(_ pixels: ImageSamples.Pixels) -> RGBImage {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(pixels.width * pixels.height * 3)
        for index in stride(from: 0, to: pixels.rgba.count, by: 4) { rgb += pixels.rgba[index..<(index + 3)] }
        return RGBImage(size: PixelSize(width: pixels.width, height: pixels.height), pixels: rgb)
    }

    static func sample(_ format: ImageFormat, _ pixels: ImageSamples.Pixels) throws -> Data {
        try #require(encoders.first { $0.0 == format }).1(pixels)
    }

    @Test(arguments: ImageFormat.allCases)
    func readsTheSizeAndDecodesTheColours(format: ImageFormat) throws {
        let data = try Self.sample(format, ImageSamples.solid(width: 40, height: 30, red: 200, green: 40, blue: 60))
        #expect(ImageFormat(sniffing: data) == format)
        #expect(try ImageFile.dimensions(of: data) == PixelSize(width: 40, height: 30))
        let decoded = try ImageFile.decode(data)
        #expect(decoded.size == PixelSize(width: 40, height: 30))
        #expect(decoded.pixels.count == 40 * 30 * 3)
        // Lossy formats (JPEG, HEIC) come back close; the others exactly.
        let middle = (15 * 40 + 20) * 3
        let tolerance = format == .jpeg || format == .heic ? 12 : 0
        for (channel, wanted) in [200, 40, 60].enumerated() {
            #expect(abs(Int(decoded.pixels[middle + channel]) - wanted) <= tolerance, "\(format) channel \(channel)")
        }
    }

    @Test(arguments: ImageFormat.allCases)
    func aThumbnailIsAJPEGOfTheAskedSize(format: ImageFormat) throws {
        let data = try Self.sample(format, ImageSamples.gradient(width: 120, height: 80))
        let thumbnail = try ImageFile.resample(data, to: PixelSize(width: 60, height: 40), quality: 80)
        #expect(ImageFormat(sniffing: thumbnail) == .jpeg)
        #expect(try TurboJPEG.dimensions(of: thumbnail) == PixelSize(width: 60, height: 40))
    }

    @Test(arguments: [ImageFormat.png, .gif, .webp, .heic])
    func transparencyIsCompositedOnWhite(format: ImageFormat) throws {
        let data = try Self.sample(format, ImageSamples.transparent(width: 32, height: 32))
        let thumbnail = try ImageFile.resample(data, to: PixelSize(width: 16, height: 16), quality: 90)
        let pixels = try TurboJPEG.decode(thumbnail).pixels
        #expect(pixels.allSatisfy { $0 >= 245 }, "\(format): darkest \(pixels.min() ?? 0)")
    }

    @Test func aHalfTransparentPixelIsBlendedOnWhite() throws {
        // Black at half opacity: a neutral grey, between the sRGB midpoint (127) and the linear-light one (188,
        // libpng's choice); never black, never white.
        let half = ImageSamples.Pixels(width: 1, height: 1, rgba: [0, 0, 0, 128])
        for data in [try ImageSamples.png(half), try ImageSamples.webp(half)] {
            let pixels = try ImageFile.decode(data).pixels
            #expect(pixels.count == 3 && Set(pixels).count == 1)
            #expect((127...188).contains(pixels[0]), "\(pixels)")
        }
    }

    @Test func anAnimationGivesItsFirstFrame() throws {
        let red = ImageSamples.solid(width: 8, height: 8, red: 255, green: 0, blue: 0)
        let blue = ImageSamples.solid(width: 8, height: 8, red: 0, green: 0, blue: 255)
        for data in [try ImageSamples.gif([red, blue]), try ImageSamples.animatedWebP([red, blue])] {
            let decoded = try ImageFile.decode(data)
            #expect(decoded.size == PixelSize(width: 8, height: 8))
            #expect(Array(decoded.pixels.prefix(3)) == [255, 0, 0])
        }
    }

    @Test(arguments: ImageFormat.allCases)
    func aTruncatedOrCorruptFileIsAnErrorNotACrash(format: ImageFormat) throws {
        let data = try Self.sample(format, ImageSamples.gradient(width: 64, height: 64))
        for broken in [
            ImageSamples.truncated(data, keeping: 0.5), ImageSamples.truncated(data, keeping: 0.05),
            ImageSamples.corrupted(data, keeping: 16),
        ] {
            #expect(throws: ImageCodecError.self, "\(format), \(broken.count) bytes") {
                try ImageFile.resample(broken, to: PixelSize(width: 32, height: 32), quality: 80)
            }
        }
    }

    @Test func aHugeDeclaredPNGIsRefusedFromItsHeader() throws {
        // 60 000 × 60 000 (3.6 gigapixels) declared in a 66-byte file with next to no pixel data: had the decoder
        // allocated and read, the error would be about missing data, not the pixel count.
        let bomb = ImageSamples.pngHeader(width: 60_000, height: 60_000)
        #expect(try ImageFile.dimensions(of: bomb) == PixelSize(width: 60_000, height: 60_000))
        #expect(throws: ImageCodecError.tooManyPixels(PixelSize(width: 60_000, height: 60_000), limit: 50_000_000)) {
            try ImageFile.decode(bomb)
        }
    }

    @Test(arguments: ImageFormat.allCases)
    func thePixelLimitHoldsForEveryFormat(format: ImageFormat) throws {
        let data = try Self.sample(format, ImageSamples.gradient(width: 40, height: 30))
        #expect(throws: ImageCodecError.tooManyPixels(PixelSize(width: 40, height: 30), limit: 1_000)) {
            try ImageFile.decode(data, pixelLimit: 1_000)
        }
        #expect(try ImageFile.decode(data, pixelLimit: 1_200).size == PixelSize(width: 40, height: 30))
    }

    @Test func otherFilesAreNotImages() {
        for data in [Data(), Data("%PDF-1.7".utf8), Data([0, 0, 0, 0x18]) + Data("ftypmp42".utf8)] {
            #expect(ImageFormat(sniffing: data) == nil)
            #expect(throws: ImageCodecError.unsupportedFormat) { try ImageFile.decode(data) }
        }
    }
}
