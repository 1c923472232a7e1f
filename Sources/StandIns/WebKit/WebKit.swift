// The WebKit stand-in: on Linux only, the web view the Sales app shows documents in.
import Foundation
import UIKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A web view (https://developer.apple.com/documentation/webkit/wkwebview).
@MainActor
open class WKWebView: UIView {
    /// The bytes last loaded, with their type.
    public private(set) var loaded: (data: Data, mimeType: String)?
    /// The address last loaded.
    public private(set) var loadedURL: URL?

    /// A web view.
    public override init() { super.init() }

    /// Shows `data` of type `mimeType`.
    @discardableResult
    public func load(_ data: Data, mimeType MIMEType: String, characterEncodingName: String, baseURL: URL)
        -> WKNavigation?
    {
        loaded = (data, MIMEType)
        return WKNavigation()
    }

    /// Loads `request`.
    @discardableResult
    public func load(_ request: URLRequest) -> WKNavigation? {
        loadedURL = request.url
        return WKNavigation()
    }
}

/// A page load in progress (https://developer.apple.com/documentation/webkit/wknavigation).
public final class WKNavigation: Sendable {
    init() {}
}

extension WKWebView: _PlatformContent {
    public var _contentURL: URL? { loadedURL }
    public var _contentData: (data: Data, mimeType: String)? { loaded }
}
