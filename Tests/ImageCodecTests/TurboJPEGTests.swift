import Foundation
import ImageCodec
import ImageSamples
import Testing

@Suite struct TurboJPEGTests {
    @Test func encodesAndReadsBackDimensions() throws {
        let jpeg = try TurboJPEG.encode(ImageSamples.noisy(PixelSize(width: 64, height: 48)), quality: 90)
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(try TurboJPEG.dimensions(of: jpeg) == PixelSize(width: 64, height: 48))
        let decoded = try TurboJPEG.decode(jpeg)
        #expect(decoded.size == PixelSize(width: 64, height: 48))
        #expect(decoded.pixels.count == 64 * 48 * 3)
    }

    @Test func resamplesToExactlyTheRequestedSize() throws {
        let jpeg = try TurboJPEG.encode(ImageSamples.noisy(PixelSize(width: 300, height: 200)), quality: 90)
        for size in [
            PixelSize(width: 150, height: 100), PixelSize(width: 233, height: 155), PixelSize(width: 1, height: 1),
        ] {
            let smaller = try TurboJPEG.resample(jpeg, to: size, quality: 80)
            #expect(try TurboJPEG.dimensions(of: smaller) == size)
        }
    }

    @Test func boxResizeAveragesTheCoveredPixels() {
        let image = RGBImage(
            size: PixelSize(width: 2, height: 2), pixels: [0, 0, 0, 100, 100, 100, 200, 200, 200, 100, 100, 100])
        #expect(TurboJPEG.boxResize(image, to: PixelSize(width: 1, height: 1)).pixels == [100, 100, 100])
    }

    @Test(arguments: [
        Data(), Data([0xFF, 0xD8]), Data("%PDF-1.4".utf8), Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46, 0x49, 0x46, 0]),
    ])
    func refusesWhatIsNotAReadableJPEG(data: Data) {
        #expect(throws: ImageCodecError.self) { try TurboJPEG.dimensions(of: data) }
        #expect(throws: ImageCodecError.self) {
            try TurboJPEG.resample(data, to: PixelSize(width: 1, height: 1), quality: 80)
        }
    }

    @Test func aTruncatedJPEGDoesNotCrash() throws {
        let jpeg = try TurboJPEG.encode(ImageSamples.noisy(PixelSize(width: 64, height: 64)), quality: 90)
        // libjpeg-turbo pads a truncated scan with grey and warns; either a picture or a typed error is fine.
        _ = try? TurboJPEG.decode(jpeg.prefix(jpeg.count / 2))
    }

    /// A generated photo over 25 MB comes out of one DCT-scaled re-encode under 25 MB, decodable, same shape.
    @Test func aPhotoOver25MBIsRecompressedUnder25MB() throws {
        let original = PixelSize(width: 4600, height: 3450)
        let big = try TurboJPEG.encode(ImageSamples.noisy(original), quality: 100)
        let limit = 25 * 1024 * 1024
        #expect(big.count > limit)
        let scale = (Double(limit) * 0.8 / Double(big.count)).squareRoot()
        let target = PixelSize(
            width: Int((Double(original.width) * scale).rounded()),
            height: Int((Double(original.height) * scale).rounded()))
        let small = try TurboJPEG.resample(big, to: target, quality: 85)
        #expect(small.count < limit)
        let decoded = try TurboJPEG.decode(small)
        #expect(decoded.size == target)
        let expectedHeight = Double(decoded.size.width) * Double(original.height) / Double(original.width)
        #expect(abs(Double(decoded.size.height) - expectedHeight) <= 1)
    }
}
