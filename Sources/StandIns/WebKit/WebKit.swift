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
    /// The base URL the bytes last loaded were given.
    public private(set) var loadedBaseURL: URL?
    /// How the view was set up.
    public let configuration: WKWebViewConfiguration

    /// A web view.
    public override init() {
        configuration = WKWebViewConfiguration()
        super.init()
    }

    /// A web view set up by `configuration`.
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        self.configuration = configuration
        super.init()
    }

    /// Shows `data` of type `mimeType`.
    @discardableResult
    public func load(_ data: Data, mimeType MIMEType: String, characterEncodingName: String, baseURL: URL)
        -> WKNavigation?
    {
        loaded = (data, MIMEType)
        loadedBaseURL = baseURL
        return WKNavigation()
    }

    /// Loads `request`.
    @discardableResult
    public func load(_ request: URLRequest) -> WKNavigation? {
        loadedURL = request.url
        return WKNavigation()
    }
}

/// How a web view is set up (https://developer.apple.com/documentation/webkit/wkwebviewconfiguration).
@MainActor
open class WKWebViewConfiguration {
    /// What every page the view loads starts with.
    public var defaultWebpagePreferences = WKWebpagePreferences()

    /// The default set-up.
    public init() {}
}

/// What a page may do (https://developer.apple.com/documentation/webkit/wkwebpagepreferences).
@MainActor
open class WKWebpagePreferences {
    /// Whether the page's own scripts run.
    public var allowsContentJavaScript = true

    /// Scripts allowed.
    public init() {}
}

/// A page load in progress (https://developer.apple.com/documentation/webkit/wknavigation).
public final class WKNavigation: Sendable {
    init() {}
}

extension WKWebView: _PlatformContent {
    public var _contentURL: URL? { loadedURL }
    public var _contentData: (data: Data, mimeType: String)? { loaded }
}
