import ChangeJarCore

/// Cognito's `GetOpenIdToken` as a test answers it (``CognitoIdentityClient/getOpenIDToken``).
typealias GetOpenIDToken =
    @Sendable (_ identityID: String, _ logins: [String: String]) async throws
    -> (identityID: String, token: String)
