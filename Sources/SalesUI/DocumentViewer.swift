import SalesCore
import SwiftUI

/// What the web view shows: downloaded bytes, or a page by its address.
enum DocumentContent {
    case document(OpenedDocument)
    case page(URL)
}

#if canImport(UIKit) && canImport(WebKit)
    import UIKit
    import WebKit

    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif

    /// The modal web view that shows a downloaded attachment, a content document or a Google Doc.
    struct DocumentViewer: UIViewRepresentable {
        let content: DocumentContent

        func makeUIView(context: Context) -> WKWebView {
            // NB: set before the view exists: WebKit copies its configuration, and later changes do nothing.
            let configuration = WKWebViewConfiguration()
            if case .document(let document) = content {
                configuration.defaultWebpagePreferences.allowsContentJavaScript = document.allowsScripts
            }
            return WKWebView(frame: .zero, configuration: configuration)
        }

        func updateUIView(_ view: WKWebView, context: Context) {
            switch content {
            case .document(let document):
                view.load(
                    document.data, mimeType: document.contentType, characterEncodingName: "utf-8",
                    baseURL: OpenedDocument.baseURL)
            case .page(let url):
                view.load(URLRequest(url: url))
            }
        }
    }
#else
    /// On the Mac, where the iPad's web view is not used, the page opens in the browser.
    struct DocumentViewer: View {
        let content: DocumentContent

        var body: some View {
            switch content {
            case .document(let document): Text(document.title)
            case .page(let url): Link(url.absoluteString, destination: url)
            }
        }
    }
#endif

struct DocumentViewer_Previews: PreviewProvider {
    static var previews: some View {
        DocumentViewer(
            content: .document(OpenedDocument(title: "Note", data: Data("Hello".utf8), contentType: "text/plain")))
    }
}
