import Foundation
import SalesCore
import Testing

/// An attachment anyone on the account could have written, opened in the app's web view: a page runs no script of
/// its own, and reaches nothing on the device by a relative link.
@Suite struct DocumentScriptsTests {
    static func document(_ type: String) -> OpenedDocument {
        OpenedDocument(title: "Offer", data: Data("<script>alert(1)</script>".utf8), contentType: type)
    }

    @Test func pagesRunNoScripts() {
        for type in ["text/html", "TEXT/HTML; charset=utf-8", "application/xhtml+xml", "image/svg+xml", "text/xml"] {
            #expect(!Self.document(type).allowsScripts, "\(type)")
        }
    }

    @Test func otherDocumentsAreShownAsBefore() {
        for type in ["application/pdf", "image/jpeg", "text/plain", "text/csv"] {
            #expect(Self.document(type).allowsScripts, "\(type)")
        }
    }

    @Test func theBaseURLIsNoFolderOfTheDevice() {
        #expect(!OpenedDocument.baseURL.isFileURL)
        #expect(OpenedDocument.baseURL.absoluteString == "about:blank")
    }
}
