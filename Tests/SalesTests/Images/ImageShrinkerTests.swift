import Foundation
import Locking
import SalesCore
import Testing

/// A codec whose output size follows pixels × bytes-per-pixel(quality), recording every request.
final class FakeCodec: Sendable {
    private let log = Locked<[(ImageDimensions, Int)]>([])
    let original: ImageDimensions

    init(_ original: ImageDimensions) { self.original = original }

    var requests: [(ImageDimensions, Int)] { log.withLock { $0 } }

    var resampler: ImageResampler {
        ImageResampler(
            dimensions: { data in
                guard data.first == 0xFF else { throw ImageShrinkError(message: "not an image") }
                return self.original
            },
            resample: { _, size, quality in
                self.log.withLock { $0.append((size, quality)) }
                let bytesPerPixel = 0.3 + Double(quality) / 40
                return Data([0xFF]) + Data(count: Int(Double(size.width * size.height) * bytesPerPixel))
            })
    }
}

@Suite struct ImageShrinkerTests {
    @Test func anImageUnderTheLimitIsLeftAlone() throws {
        let codec = FakeCodec(ImageDimensions(width: 10, height: 10))
        let image = Data([0xFF]) + Data(count: 100)
        let result = try ImageShrinker(resampler: codec.resampler, limit: 1000).shrink(image)
        #expect(result.data == image)
        #expect(result.attempts == 0)
        #expect(codec.requests.isEmpty)
    }

    @Test func aBigImageShrinksUnderTheLimitKeepingItsAspectRatio() throws {
        let original = ImageDimensions(width: 6000, height: 4000)
        let codec = FakeCodec(original)
        let limit = 25 * 1024 * 1024
        let result = try ImageShrinker(resampler: codec.resampler, limit: limit).shrink(
            Data([0xFF]) + Data(count: 30_000_000))
        #expect(result.data.count < limit)
        #expect(result.attempts == codec.requests.count)
        #expect(result.attempts > 1)
        for (size, _) in codec.requests {
            let expected = Double(size.width) * Double(original.height) / Double(original.width)
            #expect(abs(Double(size.height) - expected) <= 1)
        }
        // The first try keeps every pixel; qualities only go down.
        #expect(codec.requests.first?.0 == original)
        #expect(codec.requests.map(\.1) == codec.requests.map(\.1).sorted(by: >))
        #expect(codec.requests.allSatisfy { $0.1 >= 60 })
    }

    @Test func givesUpWithAMessageInsteadOfLoopingForever() {
        let codec = FakeCodec(ImageDimensions(width: 100, height: 100))
        let stubborn = ImageResampler(
            dimensions: codec.resampler.dimensions, resample: { _, _, _ in Data(count: 2000) })
        #expect(throws: ImageShrinkError.self) {
            _ = try ImageShrinker(resampler: stubborn, limit: 1000, maximumAttempts: 3).shrink(
                Data([0xFF]) + Data(count: 5000))
        }
    }

    @Test func unreadableImagesAreRefused() {
        let codec = FakeCodec(ImageDimensions(width: 1, height: 1))
        #expect(throws: ImageShrinkError.self) {
            _ = try ImageShrinker(resampler: codec.resampler, limit: 10).shrink(Data("%PDF".utf8))
        }
    }

    @Test func tinyScalesStillKeepOnePixel() {
        #expect(
            ImageShrinker.scaled(ImageDimensions(width: 4000, height: 3), by: 0.1)
                == ImageDimensions(width: 400, height: 1))
    }
}
