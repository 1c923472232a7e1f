import Foundation
import HTTPTypes
import ImageCodec
import ImageSamples
import Testing

/// A photo's orientation is read and applied; its location and other metadata are removed without touching its
/// compressed pixels; malformed or cut EXIF never traps.
@Suite struct ImageMetadataTests {
    /// A `width × height` JPEG whose left half is red and right half blue.
    static func halves(width: Int = 1200, height: Int = 600) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                if x < width / 2 { pixels[index] = 230 } else { pixels[index + 2] = 230 }
            }
        }
        return try TurboJPEG.encode(
            RGBImage(size: PixelSize(width: width, height: height), pixels: pixels), quality: 90)
    }

    static func contains(_ data: Data, _ text: String) -> Bool {
        data.range(of: Data(text.utf8)) != nil
    }

    /// The bytes from the first start-of-scan on: the compressed image.
    static func imageData(_ jpeg: Data) throws -> Data {
        let start = try #require(jpeg.range(of: Data([0xFF, 0xDA])))
        return jpeg[start.lowerBound...]
    }

    @Test(arguments: [false, true])
    func readsEveryOrientationInEitherByteOrder(intel: Bool) throws {
        let jpeg = try Self.halves(width: 40, height: 20)
        for orientation in ImageOrientation.allCases {
            let tagged = ImageSamples.jpeg(
                jpeg,
                inserting: [
                    ImageSamples.exifSegment(ImageSamples.exifTIFF(orientation: orientation.rawValue, intel: intel))
                ])
            #expect(ImageFile.orientation(of: tagged) == orientation)
            #expect(
                try ImageFile.displayedDimensions(of: tagged)
                    == (orientation.swapsSides ? PixelSize(width: 20, height: 40) : PixelSize(width: 40, height: 20)))
        }
        for invalid in [0, 9, 0xFFFF] {
            let tagged = ImageSamples.jpeg(
                jpeg, inserting: [ImageSamples.exifSegment(ImageSamples.exifTIFF(orientation: invalid, intel: intel))])
            #expect(ImageFile.orientation(of: tagged) == .up)
        }
        #expect(ImageFile.orientation(of: jpeg) == .up)
    }

    /// A 3×2 image whose pixels are numbered; each orientation seen as EXIF's diagrams draw it.
    @Test func turnsAndMirrorsThePixelsAsTheyAreSeen() {
        // 1 2 3
        // 4 5 6
        let image = RGBImage(size: PixelSize(width: 3, height: 2), pixels: (1...6).flatMap { [UInt8($0), 0, 0] })
        func seen(_ orientation: ImageOrientation) -> [[UInt8]] {
            let upright = orientation.upright(image)
            return (0..<upright.size.height).map { y in
                (0..<upright.size.width).map { x in upright.pixels[(y * upright.size.width + x) * 3] }
            }
        }
        #expect(seen(.up) == [[1, 2, 3], [4, 5, 6]])
        #expect(seen(.upMirrored) == [[3, 2, 1], [6, 5, 4]])
        #expect(seen(.down) == [[6, 5, 4], [3, 2, 1]])
        #expect(seen(.downMirrored) == [[4, 5, 6], [1, 2, 3]])
        #expect(seen(.leftMirrored) == [[1, 4], [2, 5], [3, 6]])
        #expect(seen(.right) == [[4, 1], [5, 2], [6, 3]])
        #expect(seen(.rightMirrored) == [[6, 3], [5, 2], [4, 1]])
        #expect(seen(.left) == [[3, 6], [2, 5], [1, 4]])
    }

    /// A phone's portrait: 1200×600 stored, turned a quarter clockwise. Its thumbnail is upright: the stored left
    /// (red) half on top.
    @Test func aThumbnailIsUpright() throws {
        let photo = ImageSamples.jpeg(
            try Self.halves(), inserting: [ImageSamples.exifSegment(ImageSamples.exifTIFF(orientation: 6))])
        let thumbnail = try ImageFile.resample(photo, to: PixelSize(width: 160, height: 320), quality: 90)
        let decoded = try ImageFile.decode(thumbnail)
        #expect(decoded.size == PixelSize(width: 160, height: 320))
        #expect(ImageFile.orientation(of: thumbnail) == .up)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(decoded.pixels[((y * 160 + x) * 3)...].prefix(3)) }
        #expect(pixel(80, 40)[0] > 180 && pixel(80, 40)[2] < 60, "top is red: \(pixel(80, 40))")
        #expect(pixel(80, 280)[2] > 180 && pixel(80, 280)[0] < 60, "bottom is blue: \(pixel(80, 280))")
    }

    @Test func aJPEGLosesItsLocationAndKeepsItsOrientationAloneAndItsImageByteForByte() throws {
        let plain = try Self.halves(width: 64, height: 32)
        let trailer = Data("QUARTET-SECRET-PLACE in a trailer".utf8)
        let photo =
            ImageSamples.jpeg(
                plain,
                inserting: [
                    ImageSamples.exifSegment(ImageSamples.exifTIFF(orientation: 6)), ImageSamples.xmpSegment(),
                    ImageSamples.commentSegment(),
                    ImageSamples.segment(0xED, Array("Photoshop 3.0 QUARTET-SECRET-PLACE".utf8)),
                ]) + trailer
        #expect(Self.contains(photo, "QUARTET-SECRET-PLACE"))
        let kept = try #require(try ImageFile.removingMetadata(photo))
        #expect(!Self.contains(kept, "QUARTET-SECRET-PLACE"))
        #expect(!Self.contains(kept, "http://ns.adobe.com"))
        #expect(ImageFile.orientation(of: kept) == .right)
        #expect(try ImageFile.displayedDimensions(of: kept) == PixelSize(width: 32, height: 64))
        #expect(try Self.imageData(kept) == Self.imageData(plain))
        #expect(try ImageFile.decode(kept).size == PixelSize(width: 64, height: 32))
        // Kept once, kept as it is.
        #expect(try ImageFile.removingMetadata(kept) == nil)

        // Upright already: no EXIF at all.
        let upright = ImageSamples.jpeg(
            plain, inserting: [ImageSamples.exifSegment(ImageSamples.exifTIFF(orientation: 1))])
        let cleaned = try #require(try ImageFile.removingMetadata(upright))
        #expect(cleaned == plain)
        #expect(try ImageFile.removingMetadata(plain) == nil)
    }

    @Test func aProgressiveJPEGKeepsEveryScan() throws {
        // NB: libjpeg-turbo writes baseline here; a progressive file's extra tables between scans are segments
        // with lengths, which the end-of-image walk skips whole. A table holding FF D9 must not end the image.
        let plain = try Self.halves(width: 32, height: 16)
        let scan = try Self.imageData(plain)
        let withTable =
            Data(plain.prefix(plain.count - scan.count)) + scan.dropLast(2)
            + Data(ImageSamples.segment(0xC4, [0x10, 0xFF, 0xD9, 0x00])) + Data([0xFF, 0xD9])
        let tagged = ImageSamples.jpeg(withTable, inserting: [ImageSamples.commentSegment()])
        let kept = try #require(try ImageFile.removingMetadata(tagged))
        #expect(kept == withTable)
    }

    @Test func pngAndWebPLoseTheirMetadataChunks() throws {
        let pixels = ImageSamples.gradient(width: 24, height: 16)
        let png = try ImageSamples.png(pixels)
        let taggedPNG = ImageSamples.pngWithMetadata(png)
        #expect(try ImageFile.decode(taggedPNG).size == PixelSize(width: 24, height: 16))
        let keptPNG = try #require(try ImageFile.removingMetadata(taggedPNG))
        #expect(keptPNG == png)

        for lossless in [false, true] {
            let webp = try ImageSamples.webp(pixels, lossless: lossless)
            let taggedWebP = ImageSamples.webpWithMetadata(webp, width: 24, height: 16)
            #expect(Self.contains(taggedWebP, "QUARTET-SECRET-PLACE"))
            #expect(try ImageFile.decode(taggedWebP).size == PixelSize(width: 24, height: 16))
            let keptWebP = try #require(try ImageFile.removingMetadata(taggedWebP))
            #expect(!Self.contains(keptWebP, "QUARTET-SECRET-PLACE"))
            #expect(try ImageFile.decode(keptWebP).size == PixelSize(width: 24, height: 16))
            #expect(try ImageFile.removingMetadata(keptWebP) == nil)
            #expect(try ImageFile.removingMetadata(webp) == nil)
        }
        #expect(try ImageFile.removingMetadata(try ImageSamples.gif([pixels])) == nil)
    }

    /// EXIF cut at every length, lengths and offsets that point anywhere, and files cut anywhere: orientation is
    /// `.up` where it cannot be read, nothing traps, and nothing past a break is kept.
    @Test func malformedAndTruncatedMetadataNeverTraps() throws {
        let plain = try Self.halves(width: 16, height: 8)
        let tiff = ImageSamples.exifTIFF(orientation: 6)
        for cut in 0..<tiff.count {
            let photo = ImageSamples.jpeg(plain, inserting: [ImageSamples.exifSegment(Array(tiff.prefix(cut)))])
            let orientation = ImageFile.orientation(of: photo)
            #expect(orientation == .up || orientation == .right)
            let kept = try #require(try ImageFile.removingMetadata(photo))
            #expect(!Self.contains(kept, "QUARTET-SECRET-PLACE"))
        }
        // Offsets and counts pointing anywhere.
        var hostile = tiff
        for (index, value) in [(4, 0xFF), (5, 0xFF), (8, 0xFF), (9, 0xFF), (7, 0x02)] {
            hostile[index] = UInt8(value)
            let photo = ImageSamples.jpeg(plain, inserting: [ImageSamples.exifSegment(hostile)])
            _ = ImageFile.orientation(of: photo)
            _ = try ImageFile.removingMetadata(photo)
        }
        // A segment length past the end, or under 2.
        for length: [UInt8] in [[0xFF, 0xFF], [0x00, 0x01], [0x00, 0x00]] {
            let photo = Data([0xFF, 0xD8, 0xFF, 0xE1] + length) + Data(tiff)
            #expect(ImageFile.orientation(of: photo) == .up)
            let kept = try #require(try ImageFile.removingMetadata(photo))
            #expect(!Self.contains(kept, "QUARTET-SECRET-PLACE"))
        }
        // Whole files cut anywhere.
        let photo = ImageSamples.jpeg(plain, inserting: [ImageSamples.exifSegment(tiff), ImageSamples.xmpSegment()])
        let png = ImageSamples.pngWithMetadata(try ImageSamples.png(ImageSamples.gradient(width: 8, height: 8)))
        let webp = ImageSamples.webpWithMetadata(
            try ImageSamples.webp(ImageSamples.gradient(width: 8, height: 8)), width: 8, height: 8)
        for file in [photo, png, webp] {
            for cut in stride(from: 4, to: file.count, by: 3) {
                let part = file.prefix(cut)
                _ = ImageFile.orientation(of: part)
                if let kept = try? ImageFile.removingMetadata(part) {
                    #expect(!Self.contains(kept, "QUARTET-SECRET-PLACE"), "cut at \(cut)")
                }
            }
        }
    }
}
