import AttendeeModels
import Foundation
import Testing

@testable import AttendeeServer

/// What bytes are, by their magic numbers, and the names files are given.
@Suite struct MediaSnifferTests {
    @Test func imagesAreKnownWithTheirHeaderSizes() throws {
        let jpeg = try #require(MediaSniffer.sniff(try MediaFixtures.jpeg(width: 123, height: 45)))
        #expect(jpeg == .init(type: .jpeg, width: 123, height: 45))
        #expect(MediaSniffer.sniff(MediaFixtures.jpegHeader(width: 20_000, height: 19_999))?.width == 20_000)
        #expect(
            MediaSniffer.sniff(MediaFixtures.pngHeader(width: 7, height: 9)) == .init(type: .png, width: 7, height: 9))

        let gif = Data("GIF89a".utf8) + Data([0x40, 0x01, 0xF0, 0x00, 0, 0, 0])
        #expect(MediaSniffer.sniff(gif) == .init(type: .gif, width: 320, height: 240))

        var vp8x = Data("RIFF".utf8) + Data([0, 0, 0, 0]) + Data("WEBPVP8X".utf8) + Data([10, 0, 0, 0, 0, 0, 0, 0])
        vp8x += Data([0x1F, 0x4E, 0x00, 0x0F, 0x27, 0x00])  // 19,999 + 1 by 9,999 + 1
        #expect(MediaSniffer.sniff(vp8x) == .init(type: .webp, width: 20_000, height: 10_000))

        var heic = Data([0, 0, 0, 24]) + Data("ftypheic".utf8) + Data(count: 12)
        heic += Data([0, 0, 0, 20]) + Data("ispe".utf8) + Data([0, 0, 0, 0, 0, 0, 0x0F, 0xC0, 0, 0, 0x0B, 0xD0])
        #expect(MediaSniffer.sniff(heic) == .init(type: .heic, width: 4032, height: 3024))
    }

    /// Found by `scripts/fuzz` (media-sniffer): HEIF sizes are 32 bits each, and their product overflowed `Int`
    /// (a trap, which took the server down) when two `ispe` boxes were compared and in the pixel limit.
    @Test func headerSizesOfFourBillionSquaredNeitherTrapNorPassTheLimit() throws {
        let ispe = Data([0, 0, 0, 20]) + Data("ispe".utf8) + Data([0, 0, 0, 0]) + Data(repeating: 0xFF, count: 8)
        let heic = Data([0, 0, 0, 24]) + Data("ftypheic".utf8) + Data(count: 12) + ispe + ispe
        let sniffed = try #require(MediaSniffer.sniff(heic))
        #expect(sniffed == .init(type: .heic, width: 0xFFFF_FFFF, height: 0xFFFF_FFFF))
        #expect(!sniffed.fitsPixelLimit)
        #expect(MediaSniffer.Sniffed(type: .png, width: 10_000, height: 5_000).fitsPixelLimit)
        #expect(!MediaSniffer.Sniffed(type: .png, width: 10_000, height: 5_001).fitsPixelLimit)
        #expect(!MediaSniffer.Sniffed(type: .png, width: Int.max, height: 2).fitsPixelLimit)
        #expect(!MediaSniffer.Sniffed(type: .png).fitsPixelLimit)
    }

    @Test func documentsAreKnownByTheirBytes() {
        #expect(MediaSniffer.sniff(MediaFixtures.pdf)?.type == .pdf)
        #expect(MediaSniffer.sniff(MediaFixtures.text)?.type == .plainText)
        #expect(MediaSniffer.sniff(Data("Olá, mundo — café ✓\n".utf8))?.type == .plainText)
        let docx = MediaFixtures.zip([("[Content_Types].xml", Data("<Types/>".utf8)), ("word/document.xml", Data())])
        #expect(MediaSniffer.sniff(docx) == .init(type: .officeDocument, officeExtension: "docx"))
        let xlsx = MediaFixtures.zip([("[Content_Types].xml", Data()), ("xl/workbook.xml", Data())])
        #expect(MediaSniffer.sniff(xlsx)?.officeExtension == "xlsx")
        let ods = MediaFixtures.zip([("mimetype", Data("application/vnd.oasis.opendocument.spreadsheet".utf8))])
        #expect(MediaSniffer.sniff(ods) == .init(type: .openDocument, officeExtension: "ods"))
    }

    @Test(arguments: [
        Data(), Data([0x00, 0x61, 0x62]), Data("MZ\u{90}\u{0}".utf8), Data([0x7F, 0x45, 0x4C, 0x46]),
        Data([0xC3, 0x28, 0x41]), Data("text with a bell \u{7}".utf8),
    ])
    func anythingElseIsRefused(bytes: Data) {
        #expect(MediaSniffer.sniff(bytes) == nil)
    }

    @Test func aPlainZipIsNotAnOfficeFile() {
        #expect(MediaSniffer.sniff(MediaFixtures.zip([("payload.exe", Data("MZ".utf8))])) == nil)
    }

    @Test(arguments: [
        ("../../etc/passwd", MediaType.plainText, "passwd.txt"),
        ("/var/www/index.html", .plainText, "index.html.txt"),
        ("C:\\Users\\me\\Report.PDF", .pdf, "Report.pdf"),
        (".htaccess", .plainText, "htaccess.txt"),
        ("photo.JPEG", .jpeg, "photo.jpeg"),
        ("photo.png", .jpeg, "photo.png.jpg"),
        ("a\u{0}b\u{1F}c.pdf", .pdf, "abc.pdf"),
        ("\"quoted\"|name?.pdf", .pdf, "quotedname.pdf"),
        ("", .gif, "photo.gif"),
        ("..", .pdf, "document.pdf"),
        (". . 9..notes", .plainText, "9..notes.txt"),
        ("evil\u{600}/passwd", .plainText, "passwd.txt"),
        (" .\t. .txt", .plainText, "document.txt"),
    ])
    func namesAreTheLastComponentCleanedWithAFittingExtension(name: String, type: MediaType, expected: String) {
        #expect(MediaFileName.sanitized(name, type: type) == expected)
    }

    @Test func longNamesAreCutKeepingTheExtension() {
        let name = MediaFileName.sanitized(String(repeating: "x", count: 10_000) + ".pdf", type: .pdf)
        #expect(name.count == MediaFileName.maxLength)
        #expect(name.hasSuffix("x.pdf"))
        #expect(MediaFileName.sanitized("deck.key", type: .officeDocument, officeExtension: "pptx") == "deck.key.pptx")
    }

    @Test func contentDispositionHasAnASCIINameAndTheExactOne() {
        #expect(
            MediaFileName.contentDisposition("Menü; 100%.pdf", inline: false)
                == "attachment; filename=\"Men__ 100_.pdf\"; filename*=UTF-8''Men%C3%BC%3B%20100%25.pdf")
        #expect(
            MediaFileName.contentDisposition("a.jpg", inline: true)
                == "inline; filename=\"a.jpg\"; filename*=UTF-8''a.jpg")
    }

    @Test func contentTypesNameTheOfficeKind() {
        #expect(
            MediaFileName.contentType(.officeDocument, fileName: "a.xlsx")
                == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
        #expect(
            MediaFileName.contentType(.openDocument, fileName: "a.odp")
                == "application/vnd.oasis.opendocument.presentation")
        #expect(MediaFileName.contentType(.png, fileName: "a.png") == "image/png")
    }
}
