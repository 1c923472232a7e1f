import Foundation
import SalesCore
import Testing

/// The `ContentType` a picked file goes up with: an image's and a PDF's from their bytes, anything else's from
/// its name, never an image's from its name.
struct PickedFileTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
    static let heicSequence = Data([0, 0, 0, 24]) + Data("ftyphevc".utf8) + Data(count: 8)

    @Test func theBytesOfAnImageOrAPDFWinOverTheName() {
        #expect(PickedFile(name: "diagram.bin", data: Self.png).contentType == "image/png")
        #expect(PickedFile(name: "scan.jpg", data: Data("%PDF-1.4".utf8)).contentType == "application/pdf")
        #expect(PickedFile(name: "burst", data: Self.heicSequence).contentType == "image/heic")
    }

    @Test func otherFilesAreTypedByTheirExtension() {
        #expect(PickedFile(name: "notes.TXT", data: Data("hi".utf8)).contentType == "text/plain")
        #expect(PickedFile(name: "figures.csv", data: Data("a,b".utf8)).contentType == "text/csv")
        #expect(
            PickedFile(name: "plan.docx", data: Data([0x50, 0x4B, 3, 4])).contentType
                == "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        #expect(PickedFile(name: "README", data: Data("hi".utf8)).contentType == "application/octet-stream")
    }

    @Test func anImageNameOverBytesThatAreNoImageIsNotBelieved() {
        let fake = PickedFile(name: "photo.jpg", data: Data("<html>".utf8))
        #expect(fake.contentType == "application/octet-stream")
        #expect(!fake.isImage)
    }

    @Test func aLibraryPhotoIsNamedAfterItsBytes() {
        #expect(PickedFile(photo: Self.png).name == "Photo.png")
        let heic = PickedFile(photo: Self.heicSequence)
        #expect((heic.name, heic.contentType) == ("Photo.heic", "image/heic"))
        let unknown = PickedFile(photo: Data([1, 2, 3]))
        #expect((unknown.name, unknown.contentType) == ("Photo.jpg", "application/octet-stream"))
    }

    @Test func aShrunkImageIsAJPEGInNameAndType() {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
        let png = PickedFile(name: "floor plan.png", data: Self.png).reencoded(as: jpeg)
        #expect((png.name, png.contentType, png.data) == ("floor plan.jpg", "image/jpeg", jpeg))
        #expect(PickedFile(name: "IMG_1.JPEG", data: jpeg).reencoded(as: jpeg).name == "IMG_1.JPEG")
        #expect(PickedFile(name: "burst", data: Self.heicSequence).reencoded(as: jpeg).name == "burst.jpg")
    }

    /// A dot in a name is no extension unless an image's follows it: what the person typed stays whole.
    @Test func aShrunkImageKeepsEveryWordOfItsNameAroundADot() {
        #expect(PickedFile.jpegName("St. Mary's lobby") == "St. Mary's lobby.jpg")
        #expect(PickedFile.jpegName("Report v1.2") == "Report v1.2.jpg")
        #expect(PickedFile.jpegName("Dr. Ng's X-ray.PNG") == "Dr. Ng's X-ray.jpg")
        #expect(PickedFile.jpegName("Wing A/B.heic") == "Wing A/B.jpg")
        #expect(PickedFile.jpegName("“Lobby” — Größe.webp") == "“Lobby” — Größe.jpg")
        #expect(PickedFile.jpegName("scan.jpeg") == "scan.jpeg")
        #expect(PickedFile.jpegName(".png") == ".png.jpg")
    }
}
