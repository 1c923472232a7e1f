import APIClient
import Foundation
import SalesCore
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Salesforce (or something in front of it) down or busy: whatever its answer's body says (a gateway's page, an
/// error array naming internals, a problem document's `detail`), the rep reads the app's sentence, never the body.
@MainActor
@Suite struct ServerTroubleTests {
    typealias Fault = AttachmentFailureTests.Fault

    nonisolated static let internals = "ORA-01555 snapshot too old on na44-db3"

    /// A 5xx page, or an error array naming a validation rule with the server's internals as its message, as the
    /// account is saved: the banner says Salesforce is in trouble, in the app's words.
    @Test(arguments: [
        (503, "<html>Service Unavailable: \(internals)</html>"),
        (
            500,
            #"[{"message":"\#(internals)","errorCode":"FIELD_CUSTOM_VALIDATION_EXCEPTION","fields":["NumberOfBeds__c"]}]"#
        ),
        (502, #"{"type":"about:blank","title":"Bad Gateway","status":502,"detail":"\#(internals)"}"#),
    ])
    func aSaveMeetingServerTroubleSaysSoInTheAppsWords(status: Int, body: String) async throws {
        let harness = try await DevServerHarness.make()
        let fault = Fault()
        let model = try await DevServerHarness.hospitalScreen(try await harness.client(relay: fault.answer))
        await model.appeared()
        model.editTapped()
        model.fieldEdited(.numBeds, text: "301")
        fault.once(status, body) { $0.httpMethod == "PATCH" }
        await model.saveTapped()

        #expect(
            model.banner
                == .failure(
                    "Could not save the account St. Mary's Regional Medical Center. Salesforce is busy or down. "
                        + "Try again in a moment."))
    }

    /// The account read as the screen opens, answered by a gateway's page: the page fails in the app's words, with
    /// Retry, and no status number.
    @Test func anAccountThatCannotBeReadForServerTroubleOffersRetry() async throws {
        let harness = try await DevServerHarness.make()
        let fault = Fault()
        let model = try await DevServerHarness.hospitalScreen(try await harness.client(relay: fault.answer))
        fault.once(504, "<html>Gateway Timeout</html>") { $0.url?.path.contains("RetrieveAccount") == true }
        await model.appeared()

        #expect(
            model.phase
                == .failed(
                    "Could not load the account \(DevServerHarness.hospitalID). Salesforce is busy or down. "
                        + "Try again in a moment."))
        #expect(model.canRetry)
    }

    /// A transport that reads the status itself and throws `APIError.http` with the server's problem document:
    /// its `detail` never reaches the rep; a 5xx is said as Salesforce being busy or down.
    @Test func aTransportsHTTPFailureIsSaidFromItsStatusAlone() async throws {
        let problem = try #require(
            ProblemDetails.parse(
                Data(#"{"title":"Internal Server Error","status":500,"detail":"\#(Self.internals)"}"#.utf8)))
        let transport = HTTPTransport { _ in throw APIError.http(status: 500, problem: problem) }
        let client = SalesforceClient(
            configuration: SalesforceConfiguration(loginURL: DevServerHarness.instance), transport: transport,
            sessions: .inMemory(), notificationCenter: NotificationCenter())
        let form = SalesAppModel(client: client)
        form.username = DevServerHarness.username
        form.password = DevServerHarness.password
        await form.signInTapped()
        #expect(form.banner == .failure("Could not sign in. Salesforce is busy or down. Try again in a moment."))

        #expect(
            SalesText.failureMessage(for: APIError.http(status: 503, problem: problem))
                == "Salesforce is busy or down. Try again in a moment.")
        #expect(!SalesText.failureMessage(for: APIError.http(status: 400, problem: problem)).contains(Self.internals))
    }
}
