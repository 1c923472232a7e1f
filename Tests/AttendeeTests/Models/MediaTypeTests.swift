import AttendeeModels
import HTTPTypes
import Testing

/// A stored picture's type is its image format's: the same wire name, `Content-Type` and extension.
struct MediaTypeTests {
    @Test(arguments: ImageFormat.allCases)
    func aPictureIsTypedAsItsImageFormat(_ image: ImageFormat) {
        let type = MediaType(image)
        #expect(type.rawValue == image.rawValue)
        #expect(type.image == image)
        #expect(type.isImage)
        #expect(type.contentType == image.mimeType)
        #expect(type.fileExtension == image.fileExtension)
    }

    @Test func documentsAreNoPictures() {
        let documents = MediaType.allCases.filter { !$0.isImage }
        #expect(documents == [.pdf, .plainText, .officeDocument, .openDocument])
        #expect(documents.allSatisfy { $0.image == nil && !$0.contentType.hasPrefix("image/") })
        #expect(MediaType.plainText.contentType == "text/plain; charset=utf-8")
    }
}
