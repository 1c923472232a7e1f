// The AuthenticationServices stand-in: on Linux only, SwiftUI's web authentication session, which the Change Jar
// app uses for provider sign-in. Tests put a session that answers like a provider in the environment.
import Foundation
import SwiftUI

/// Signs in through a provider's web page and returns the callback URL
/// (https://developer.apple.com/documentation/authenticationservices/webauthenticationsession).
public struct WebAuthenticationSession: Sendable {
    let handler: @Sendable (URL, String) async throws -> URL

    /// A session that answers each sign-in with `handler(url, callbackScheme)`. Not part of
    /// AuthenticationServices: tests and previews play the provider with it.
    public init(_handler handler: @escaping @Sendable (URL, String) async throws -> URL) {
        self.handler = handler
    }

    /// Opens `url` and returns the URL the provider called back with.
    public func authenticate(using url: URL, callbackURLScheme: String, preferredBrowserSession: BrowserSession? = nil)
        async throws -> URL
    {
        try await handler(url, callbackURLScheme)
    }

    /// Whether the browser shares cookies with Safari.
    public enum BrowserSession: Sendable {
        case shared, ephemeral
    }
}

/// Why a web authentication failed (https://developer.apple.com/documentation/authenticationservices/aswebauthenticationsessionerror).
public struct ASWebAuthenticationSessionError: Error, Sendable, Equatable {
    /// The code.
    public enum Code: Int, Sendable {
        case canceledLogin = 1
        case presentationContextNotProvided, presentationContextInvalid
    }
    /// The code.
    public let code: Code
    /// An error of `code`.
    public init(_ code: Code) { self.code = code }
}

private struct WebAuthenticationSessionKey: EnvironmentKey {
    static let defaultValue = WebAuthenticationSession(_handler: { _, _ in
        throw ASWebAuthenticationSessionError(.presentationContextNotProvided)
    })
}

extension EnvironmentValues {
    /// The session views sign in with.
    public var webAuthenticationSession: WebAuthenticationSession {
        get { self[WebAuthenticationSessionKey.self] }
        set { self[WebAuthenticationSessionKey.self] = newValue }
    }
}
