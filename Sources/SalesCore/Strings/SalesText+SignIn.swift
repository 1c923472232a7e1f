import Foundation

extension SalesText {
    /// Why Salesforce's login server refused a sign-in, read from its OAuth error (the code and Salesforce's
    /// description are never shown): what happened, in the rep's words, and what to do.
    ///
    /// The codes are those Salesforce documents for its token endpoint ("OAuth 2.0 Authorization Errors" in
    /// Salesforce Help) that the username-password flow can meet; any other says that Salesforce refused.
    enum SignInRefusal: String, Sendable, CaseIterable {
        /// `invalid_grant`, "authentication failure": the username or password (with its security token) is wrong.
        case credentials
        /// `invalid_grant`, "IP restricted or invalid login hours": the profile's network or hours refuse it.
        case restricted
        /// `invalid_client_id`: the org knows no connected app of this app's client id.
        case unknownApp
        /// `invalid_client`, `invalid_client_credentials`: the connected app's secret is not the one the org holds.
        case appCredentials
        /// `unsupported_grant_type`: the org does not take the username-password flow.
        case flowNotAllowed
        /// `inactive_user`: the rep's Salesforce user is deactivated.
        case inactiveUser
        /// `inactive_org`: the org is locked, closed or suspended.
        case inactiveOrg
        /// `rate_limit_exceeded`: too many sign-ins of this user in the hour.
        case tooManySignIns
        /// Any other refusal (`invalid_request`, a proxy's 4xx with a body of its own, …).
        case other

        init(code: String, description: String?) {
            switch code {
            case "invalid_grant":
                let said = description?.lowercased() ?? ""
                self = said.contains("ip restricted") || said.contains("login hours") ? .restricted : .credentials
            case "invalid_client_id": self = .unknownApp
            case "invalid_client", "invalid_client_credentials": self = .appCredentials
            case "unsupported_grant_type": self = .flowNotAllowed
            case "inactive_user": self = .inactiveUser
            case "inactive_org": self = .inactiveOrg
            case "rate_limit_exceeded": self = .tooManySignIns
            default: self = .other
            }
        }

        /// What happened and what to do, in one or two sentences.
        var sentence: String { localized("signIn.refused.\(rawValue)") }
    }

    /// `Could not sign in. <why>`: a refusal of the login server (OAuth error `code`, Salesforce's `description`),
    /// said without either.
    static func signInRefused(_ operation: String, code: String, description: String?) -> String {
        table.format("error.refused", operation, SignInRefusal(code: code, description: description).sentence)
    }
}
