import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two Cognito Identity calls a sign-in needs.
///
/// ``live(endpoint:send:)`` speaks the AWS JSON 1.1 protocol, so the same code talks to AWS
/// (`https://cognito-identity.<region>.amazonaws.com/`) or to the stand-in (`<server>/cognito/`).
@PublicInit
public struct CognitoIdentityClient: Sendable {
    /// `GetId`: the identity id for a pool and a set of provider logins.
    public var getID: @Sendable (_ poolID: String, _ logins: [String: String]) async throws -> String
    /// `GetOpenIdToken`: an OpenID token (valid 10 minutes) for an identity; returns (identity id, token).
    public var getOpenIDToken:
        @Sendable (_ identityID: String, _ logins: [String: String]) async throws -> (
            identityID: String, token: String
        )
}

/// A Cognito exception: its type (`NotAuthorizedException`) and message.
public struct CognitoIdentityError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The exception name from `__type`.
    public var type: String
    /// The service's message; for a fault of the service's (``isServiceFault``), the app's sentence for it.
    public var message: String
    /// The HTTP status Cognito answered with; `nil` when the error was not read off an answer (no token in it).
    public var status: Int? = nil

    /// Whether the service failed on its side (a 5xx: Cognito's `InternalErrorException`, or a gateway's 502, 503 or
    /// 504): nothing about the sign-in or the person, so the next try may well go through.
    public var isServiceFault: Bool { (status ?? 0) >= 500 || type == "InternalErrorException" }

    /// `Type: message`, for logs.
    public var description: String { "\(type): \(message)" }
}

extension CognitoIdentityClient {
    /// Calls a Cognito Identity endpoint through `send` (an ``APIClient``-style transport closure).
    ///
    /// A call Cognito throttles (`TooManyRequestsException`) is made again after a pause, as AWS's SDKs do, up to
    /// ``maximumAttempts`` in all; then its error is thrown for the screen to say.
    ///
    /// - Parameters:
    ///   - endpoint: the service URL (`https://cognito-identity.us-east-1.amazonaws.com/`).
    ///   - send: performs one HTTP exchange.
    ///   - pause: waits before a throttled call is made again (tests pass one that returns at once).
    public static func live(
        endpoint: URL,
        send: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse),
        pause: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) -> CognitoIdentityClient {
        let http = CognitoHTTP(endpoint: endpoint, send: send, pause: pause)
        return CognitoIdentityClient(
            getID: { poolID, logins in
                let output = try await http.call(
                    CognitoIdentityWire.getIDTarget,
                    CognitoIdentityWire.GetIDRequest(identityPoolID: poolID, logins: logins),
                    as: CognitoIdentityWire.GetIDResponse.self)
                guard let identityID = output.IdentityId, !identityID.isEmpty else {
                    throw CognitoIdentityError(type: "InvalidResponse", message: Strings.text("cognito.noIdentity"))
                }
                return identityID
            },
            getOpenIDToken: { identityID, logins in
                let output = try await http.call(
                    CognitoIdentityWire.getOpenIDTokenTarget,
                    CognitoIdentityWire.GetOpenIDTokenRequest(identityID: identityID, logins: logins),
                    as: CognitoIdentityWire.GetOpenIDTokenResponse.self)
                guard let token = output.Token, !token.isEmpty else {
                    throw CognitoIdentityError(type: "InvalidResponse", message: Strings.text("cognito.noToken"))
                }
                return (output.IdentityId ?? identityID, token)
            }
        )
    }
}

extension CognitoIdentityClient {
    /// How many times a throttled call is made at most, the first included (AWS's SDKs' standard mode: 3).
    public static let maximumAttempts = 3
    /// The exception Cognito throttles a call with.
    public static let throttled = "TooManyRequestsException"
}

/// One JSON 1.1 call and its error envelope, behind ``CognitoIdentityClient/live(endpoint:send:pause:)``.
private struct CognitoHTTP: Sendable {
    var endpoint: URL
    var send: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    var pause: @Sendable (Duration) async -> Void

    /// The call, made again after a growing pause while Cognito throttles it (`GetId` and `GetOpenIdToken` give
    /// the same answer however often they are asked).
    func call<Input: Encodable, Output: Decodable>(
        _ target: String, _ input: Input, as output: Output.Type
    ) async throws -> Output {
        var attempt = 1
        while true {
            do {
                return try await callOnce(target, input, as: output)
            } catch let error as CognitoIdentityError
                where error.type == CognitoIdentityClient.throttled && attempt < CognitoIdentityClient.maximumAttempts
            {
                await pause(.milliseconds(250 << attempt))
                attempt += 1
            }
        }
    }

    private func callOnce<Input: Encodable, Output: Decodable>(
        _ target: String, _ input: Input, as: Output.Type
    ) async throws -> Output {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue(CognitoIdentityWire.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(target, forHTTPHeaderField: "X-Amz-Target")
        request.httpBody = try JSONEncoder().encode(input)
        let (data, response) = try await send(request)
        guard (200..<300).contains(response.statusCode) else {
            let body = try? JSONDecoder().decode(CognitoIdentityWire.ErrorBody.self, from: data)
            // NB: a fault on the service's side (a 500, a gateway's 502, 503 or 504) is said in the app's words: its
            // body is AWS's internals or a proxy's page, and Foundation's status text ("service unavailable") is
            // none of the app's sentences.
            let fault = response.statusCode >= 500 ? Strings.text("cognito.unavailable") : nil
            throw CognitoIdentityError(
                type: CognitoIdentityWire.exceptionName(
                    header: response.value(forHTTPHeaderField: "X-Amzn-ErrorType"), body: body)
                    ?? "HTTP\(response.statusCode)",
                message: fault ?? body?.message ?? HTTPURLResponse.localizedString(forStatusCode: response.statusCode),
                status: response.statusCode
            )
        }
        do {
            return try JSONDecoder().decode(Output.self, from: data)
        } catch {
            throw CognitoIdentityError(type: "InvalidResponse", message: Strings.text("cognito.unreadable"))
        }
    }
}
