// The SafariServices stand-in: on Linux only, the in-app browser's controller, so a view that presents it builds
// and its tree shows which page it opens.
import Foundation
import UIKit

/// Safari inside the app (https://developer.apple.com/documentation/safariservices/sfsafariviewcontroller).
@MainActor
open class SFSafariViewController: UIViewController {
    /// The page it opens.
    public let url: URL

    /// A browser that opens `url` (an `http` or `https` address).
    public init(url URL: URL) {
        url = URL
        super.init()
    }
}

extension SFSafariViewController: _PlatformContent {
    public var _contentURL: URL? { url }
    public var _contentData: (data: Data, mimeType: String)? { nil }
}
