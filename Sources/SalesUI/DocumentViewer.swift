#if canImport(SwiftUI) && canImport(WebKit) && canImport(UIKit)
    import SalesCore
    import SwiftUI
    import WebKit

    /// The modal web view that shows a downloaded attachment or content document.
    struct DocumentViewer: UIViewRepresentable {
        let document: OpenedDocument

        func makeUIView(context: Context) -> WKWebView { WKWebView() }

        func updateUIView(_ view: WKWebView, context: Context) {
            view.load(
                document.data, mimeType: document.contentType, characterEncodingName: "utf-8",
                baseURL: URL(fileURLWithPath: NSTemporaryDirectory()))
        }
    }

    #Preview {
        DocumentViewer(
            document: OpenedDocument(title: "Note", data: Data("Hello".utf8), contentType: "text/plain"))
    }
#endif
