import APIClient
import Foundation
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A sign-in Salesforce's login server refuses is said in the rep's words (what happened, what to do), never with
/// the OAuth code or Salesforce's own description.
@MainActor
struct SignInRefusalTests {
    nonisolated static let wrongPassword =
        "Could not sign in. Salesforce does not recognize this username and password. Check both and try again; "
        + "if your company gave you a security token, type it right after your password."

    /// The sign-in form over a client whose token endpoint answers `status` with `body`.
    static func form(answering status: Int, _ body: String) -> SalesAppModel {
        let transport = HTTPTransport { request in
            let response = HTTPURLResponse(
                url: request.url!, statusCode: status, httpVersion: nil,
                headerFields: ["Content-Type": "application/json"])!
            return (Data(body.utf8), response)
        }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter())
        let form = SalesAppModel(client: client)
        form.username = DevServerHarness.username
        form.password = "not-it"
        return form
    }

    /// Each error Salesforce documents for its token endpoint that a password sign-in can meet, as Salesforce
    /// words it, and the form's sentence.
    @Test(arguments: [
        ("invalid_grant", "authentication failure", wrongPassword),
        (
            "invalid_grant", "IP restricted or invalid login hours",
            "Could not sign in. Your Salesforce user may not sign in from this network, or at this time of day. Try "
                + "again from your company's network or during your working hours, or ask your Salesforce administrator."
        ),
        (
            "invalid_client_id", "client identifier invalid",
            "Could not sign in. Your company's Salesforce does not know this app. Ask your Salesforce administrator "
                + "to set it up."
        ),
        (
            "invalid_client", "invalid client credentials",
            "Could not sign in. Your company's Salesforce did not accept this app's own credentials. Ask your "
                + "Salesforce administrator to check how the app is set up."
        ),
        (
            "invalid_client_credentials", "client secret invalid",
            "Could not sign in. Your company's Salesforce did not accept this app's own credentials. Ask your "
                + "Salesforce administrator to check how the app is set up."
        ),
        (
            "unsupported_grant_type", "grant type not supported",
            "Could not sign in. Your company's Salesforce does not let this app sign in with a username and password. "
                + "Ask your Salesforce administrator."
        ),
        (
            "inactive_user", "user is inactive",
            "Could not sign in. Your Salesforce user is deactivated. Ask your Salesforce administrator to activate it."
        ),
        (
            "inactive_org", "organization is locked, closed, or suspended",
            "Could not sign in. Your company's Salesforce is locked, closed or suspended. Ask your Salesforce "
                + "administrator."
        ),
        (
            "rate_limit_exceeded", "number of logins exceeded",
            "Could not sign in. Your user has signed in to Salesforce too many times this hour. Wait a while, then "
                + "try again."
        ),
        (
            "invalid_request", "must use HTTP POST",
            "Could not sign in. Salesforce refused the sign-in. Try again; if it keeps happening, ask your Salesforce "
                + "administrator."
        ),
    ])
    func eachRefusalIsSaidInTheRepsWords(code: String, description: String, sentence: String) async {
        let form = Self.form(answering: 400, #"{"error":"\#(code)","error_description":"\#(description)"}"#)
        await form.signInTapped()
        #expect(form.banner == .failure(sentence))
        #expect(form.banner?.text.contains(code) == false)
        #expect(form.banner?.text.contains(description) == false)
    }

    /// Something in front of the login server answering with a body of its own, or the server in trouble: no
    /// status, no page, in the form's words.
    @Test(arguments: [
        (
            403, "<html>Forbidden by proxy</html>",
            "Could not sign in. Salesforce refused the sign-in. Try again; if it keeps happening, ask your Salesforce "
                + "administrator."
        ),
        (503, #"{"error":"server_error","error_description":"db pool exhausted on na44"}"#, "busy"),
    ])
    func aRefusalWithoutAnOAuthErrorShowsNoStatusOrBody(status: Int, body: String, expected: String) async {
        let form = Self.form(answering: status, body)
        await form.signInTapped()
        let said = form.banner?.text ?? ""
        #expect(expected == "busy" ? said.contains("Salesforce is busy or down") : said == expected)
        #expect(!said.contains(String(status)))
        #expect(!said.contains("na44") && !said.contains("proxy"))
    }

    /// The stand-in's own refusals: a wrong password (`invalid_grant`) and an app it does not know (no client id,
    /// `invalid_client_id`), said on the form as a real org's would be.
    @Test func theStandInsRefusalsAreSaidAsSalesforcesAre() async throws {
        let harness = try await DevServerHarness.make()
        let wrong = SalesAppModel(client: try await harness.client(signedIn: false))
        wrong.username = DevServerHarness.username
        wrong.password = "nope"
        await wrong.signInTapped()
        #expect(wrong.banner == .failure(Self.wrongPassword))

        var configuration = SalesforceConfiguration(loginURL: DevServerHarness.instance)
        configuration.clientID = ""
        let unknown = SalesAppModel(
            client: SalesforceClient(configuration: configuration, transport: harness.transport, sessions: .inMemory()))
        unknown.username = DevServerHarness.username
        unknown.password = DevServerHarness.password
        await unknown.signInTapped()
        #expect(
            unknown.banner
                == .failure(
                    "Could not sign in. Your company's Salesforce does not know this app. Ask your Salesforce "
                        + "administrator to set it up."))
    }
}
