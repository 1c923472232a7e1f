import Foundation
import HTTPTypes
import Testing

/// The one reading of "what image is this" (`HTTPTypes`): by the first bytes only, every HEIF brand, nothing
/// read past the end of a short file, and the type each format travels under.
struct ImageFormatTests {
    static func heif(brand: String) -> Data {
        Data([0, 0, 0, 24]) + Data("ftyp".utf8) + Data(brand.utf8) + Data(count: 12)
    }

    @Test(arguments: ["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"])
    func everyHEIFBrandIsHEIC(brand: String) {
        #expect(ImageFormat(sniffing: Self.heif(brand: brand)) == .heic)
    }

    @Test(arguments: ["avif", "mp42", "isom", "qt  "])
    func otherISOMediaBrandsAreNoImageWeRead(brand: String) {
        #expect(ImageFormat(sniffing: Self.heif(brand: brand)) == nil)
    }

    @Test func magicNumbersCutShortAreNothing() {
        #expect(ImageFormat(sniffing: Data([0xFF, 0xD8])) == nil)
        #expect(ImageFormat(sniffing: Data([0x89, 0x50, 0x4E, 0x47])) == nil)
        #expect(ImageFormat(sniffing: Data("GIF8".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data("RIFF\0\0\0\0WEB".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data([0, 0, 0, 24]) + Data("ftypheи".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data()) == nil)
    }

    @Test func theFirstBytesDecideNotWhatFollows() {
        #expect(ImageFormat(sniffing: Data("%PDF-1.7 ÿØÿ".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data([0xFF, 0xD8, 0xFF]) + Data("%PDF-".utf8)) == .jpeg)
        #expect(ImageFormat(sniffing: [UInt8]("GIF89a".utf8)) == .gif)
    }

    @Test func eachFormatHasItsTypeAndExtension() {
        #expect(
            ImageFormat.allCases.map(\.mimeType) == [
                "image/jpeg", "image/png", "image/gif", "image/webp", "image/heic",
            ])
        #expect(ImageFormat.allCases.map(\.fileExtension) == ["jpg", "png", "gif", "webp", "heic"])
    }
}
