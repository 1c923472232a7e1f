import SwiftUI

#if canImport(UIKit) && canImport(SafariServices)
    import SafariServices
    import UIKit

    /// The in-app browser the seed asks for: Safari's view controller over the list.
    struct SafariView: UIViewControllerRepresentable {
        let url: URL

        func makeUIViewController(context: Context) -> SFSafariViewController {
            SFSafariViewController(url: url)
        }

        func updateUIViewController(_ controller: SFSafariViewController, context: Context) {}
    }
#else
    /// On the Mac, where there is no in-app Safari, the page opens in the browser.
    struct SafariView: View {
        let url: URL

        var body: some View {
            Link(url.absoluteString, destination: url)
        }
    }
#endif
