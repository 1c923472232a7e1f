import ChangeJarModels

/// Why a provider's sign-in page (the Apple app's sign-in sheet, an OAuth 2.0 authorization with PKCE) ended
/// without a token for Cognito, said in the app's words.
///
/// The app target throws ``error`` and words nothing itself: the provider's own `error_description` and the
/// system's error text are English for developers, and a sentence written in the app target is one the core's
/// tables and tests never see.
///
/// ```swift
/// throw WebSignInFailure.notConfigured(.facebook).error
/// // Settings: "Sign-in failed. Facebook sign-in is not set up in this version of the app."
/// ```
public enum WebSignInFailure: Sendable, Hashable, CaseIterable {
    /// The provider has no client in this build's configuration.
    case notConfigured(AuthSource)
    /// The configured sign-in page address cannot carry the request.
    case pageAddressInvalid
    /// The provider came back with an OAuth `error` (the person declined, or the provider refused).
    case refused
    /// The provider came back without this sign-in's `state` or without a code.
    case unexpectedAnswer
    /// The provider's token endpoint answered without a token.
    case noToken
    /// The sign-in sheet could not be opened.
    case sheetDidNotOpen
    /// The sign-in sheet ended with an error of its own (not the person's Cancel).
    case sheetFailed

    /// Every case, one provider standing for those that name one.
    public static var allCases: [WebSignInFailure] {
        AuthSource.allCases.map(notConfigured)
            + [.pageAddressInvalid, .refused, .unexpectedAnswer, .noToken, .sheetDidNotOpen, .sheetFailed]
    }

    /// The error a screen shows: `Sign-in failed. <sentence>`.
    public var error: ChangeJarError { .signInFailed(sentence) }

    /// What happened, and what to do where the person can do something.
    public var sentence: String {
        switch self {
        case .notConfigured(let source): Strings.format("webSignIn.notConfigured", source.displayName)
        case .pageAddressInvalid: Strings.text("webSignIn.pageAddressInvalid")
        case .refused: Strings.text("signin.providerRefused")
        case .unexpectedAnswer: Strings.text("signin.providerUnreadable")
        case .noToken: Strings.text("webSignIn.noToken")
        case .sheetDidNotOpen: Strings.text("webSignIn.sheetDidNotOpen")
        case .sheetFailed: Strings.text("webSignIn.sheetFailed")
        }
    }
}
