import ChangeJarCore
import ChangeJarModels
import CognitoDevServer
import Database
import DatabaseTestSupport
import DynamicJSON
import Foundation
import HTTPServer
import Testing
import TokenVerifier

/// The stand-in speaks Cognito Identity's JSON 1.1 protocol and signs tokens the way Cognito does.
@Suite("Cognito Identity stand-in")
struct CognitoDevServiceTests {
    static func json(_ response: Response) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: response.bodyData) as? [String: Any]) ?? [:]
    }

    @Test(arguments: DatabaseKind.eachDialect)
    func getIDAndGetOpenIDTokenFollowTheAWSModel(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let logins = ["accounts.google.com": try await server.providerToken(.google, "alice")]
            let getID = try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": logins])
            #expect(getID.status == .ok)
            #expect(getID.headers["Content-Type"] == "application/x-amz-json-1.1")
            let identityID = try #require(Self.json(getID)["IdentityId"] as? String)
            #expect(identityID.hasPrefix("us-east-1:"))
            #expect(UUID(uuidString: String(identityID.dropFirst("us-east-1:".count))) != nil)

            // The same login always names the same identity; another user gets another.
            let again = try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": logins])
            #expect(Self.json(again)["IdentityId"] as? String == identityID)
            let bob = ["accounts.google.com": try await server.providerToken(.google, "bob")]
            let other = try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": bob])
            #expect(Self.json(other)["IdentityId"] as? String != identityID)

            let tokenResponse = try await server.cognitoCall(
                "GetOpenIdToken", ["IdentityId": identityID, "Logins": logins])
            #expect(tokenResponse.status == .ok)
            let body = Self.json(tokenResponse)
            #expect(body["IdentityId"] as? String == identityID)
            let jws = try CompactJWS(parsing: try #require(body["Token"] as? String))
            #expect(jws.header["alg"]?.stringValue == "RS512")
            #expect(jws.header["typ"]?.stringValue == "JWS")
            #expect(jws.header["kid"]?.stringValue == "us-east-1-1")
            let claims = try jws.claims()
            #expect(claims["iss"]?.stringValue == "https://cognito-identity.amazonaws.com")
            #expect(claims["aud"]?.stringValue == TestServer.poolID)
            #expect(claims["sub"]?.stringValue == identityID)
            let issued = try #require(claims["iat"]?.numberValue)
            #expect(claims["exp"]?.numberValue == issued + 600)
            #expect(
                claims["amr"]?.arrayValue?.compactMap(\.stringValue) == [
                    "authenticated", "accounts.google.com", "accounts.google.com:quartet-dev:alice",
                ])
        }
    }

    @Test func errorsUseTheAWSEnvelope() async throws {
        try await withServer(.sqliteMemory) { server in
            let token = try await server.providerToken(.google, "alice")
            let alice = ["accounts.google.com": token]
            let cases: [(String, [String: Any], String)] = [
                ("GetId", ["Logins": alice], "ValidationException"),
                ("GetId", ["IdentityPoolId": "not a pool", "Logins": alice], "ValidationException"),
                (
                    "GetId", ["IdentityPoolId": "eu-west-1:11111111-2222-3333-4444-555555555555", "Logins": alice],
                    "ResourceNotFoundException"
                ),
                ("GetId", ["IdentityPoolId": TestServer.poolID], "NotAuthorizedException"),
                (
                    "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["accounts.google.com": "forged"]],
                    "NotAuthorizedException"
                ),
                (
                    "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["graph.facebook.com": token]],
                    "NotAuthorizedException"
                ),
                (
                    "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["www.example.com": "x"]],
                    "NotAuthorizedException"
                ),
                ("GetOpenIdToken", ["IdentityId": "nope", "Logins": alice], "ValidationException"),
                (
                    "GetOpenIdToken",
                    ["IdentityId": "us-east-1:00000000-0000-0000-0000-000000000000", "Logins": alice],
                    "ResourceNotFoundException"
                ),
                ("GetOpenIdTokenForDeveloperIdentity", ["IdentityId": "us-east-1:0"], "UnknownOperationException"),
            ]
            for (operation, body, type) in cases {
                let response = try await server.cognitoCall(operation, body)
                #expect(response.status == .badRequest, "\(operation) \(body)")
                #expect(Self.json(response)["__type"] as? String == type, "\(operation) \(body)")
                #expect(response.headers["X-Amzn-ErrorType"] == type, "\(operation) \(body)")
                #expect((Self.json(response)["message"] as? String)?.isEmpty == false)
            }
            // AWS validates members against the model before the operation, in its own words.
            let notAPool = try await server.cognitoCall("GetId", ["IdentityPoolId": "not a pool", "Logins": alice])
            #expect(
                Self.json(notAPool)["message"] as? String
                    == "1 validation error detected: Value 'not a pool' at 'identityPoolId' failed to satisfy "
                    + #"constraint: Member must satisfy regular expression pattern: [\w-]+:[0-9a-f-]+"#)
            let notJSON = await server.send(
                .post, "/cognito/", body: Data("{".utf8),
                headers: [
                    "Content-Type": "application/x-amz-json-1.1", "X-Amz-Target": "AWSCognitoIdentityService.GetId",
                ])
            #expect(Self.json(notJSON)["__type"] as? String == "SerializationException")
            // Foundation's parser would take a comma before "}"; AWS, like JSON, does not.
            let trailingComma = await server.send(
                .post, "/cognito/", body: Data(#"{"IdentityPoolId": "\#(TestServer.poolID)",}"#.utf8),
                headers: [
                    "Content-Type": "application/x-amz-json-1.1", "X-Amz-Target": "AWSCognitoIdentityService.GetId",
                ])
            #expect(Self.json(trailingComma)["__type"] as? String == "SerializationException")
            // Larger than any request the model allows (ten logins at their longest): refused before parsing.
            let oversized = await server.send(
                .post, "/cognito/",
                body: Data(#"{"IdentityPoolId": "\#(String(repeating: "a", count: 1_100_000))"}"#.utf8),
                headers: [
                    "Content-Type": "application/x-amz-json-1.1", "X-Amz-Target": "AWSCognitoIdentityService.GetId",
                ])
            #expect(oversized.status == .badRequest)
            #expect(Self.json(oversized)["__type"] as? String == "SerializationException")
            let noTarget = await server.send(
                .post, "/cognito/", body: Data("{}".utf8), headers: ["Content-Type": "application/x-amz-json-1.1"])
            #expect(Self.json(noTarget)["__type"] as? String == "UnknownOperationException")
        }
    }

    @Test func anotherPersonsLoginCannotFetchYourToken() async throws {
        try await withServer(.sqliteMemory) { server in
            let alice = ["accounts.google.com": try await server.providerToken(.google, "alice")]
            let mallory = ["accounts.google.com": try await server.providerToken(.google, "mallory")]
            let id = try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": alice])
            let aliceID = try #require(Self.json(id)["IdentityId"] as? String)
            for logins in [mallory, [:]] {
                let response = try await server.cognitoCall(
                    "GetOpenIdToken", ["IdentityId": aliceID, "Logins": logins])
                #expect(Self.json(response)["__type"] as? String == "NotAuthorizedException")
            }
        }
    }

    /// `GetCredentialsForIdentity`, which the AWS SDKs' Cognito credentials provider calls after `GetId`, answers
    /// the model's shape with credentials no AWS service takes (it answered `UnknownOperationException`).
    @Test(arguments: DatabaseKind.eachDialect)
    func getCredentialsForIdentityAnswersStandInCredentials(_ kind: DatabaseKind) async throws {
        try await withServer(kind) { server in
            let logins = ["accounts.google.com": try await server.providerToken(.google, "alice")]
            let getID = try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": logins])
            let identityID = try #require(Self.json(getID)["IdentityId"] as? String)
            let response = try await server.cognitoCall(
                "GetCredentialsForIdentity", ["IdentityId": identityID, "Logins": logins])
            #expect(response.status == .ok)
            #expect(response.headers["Content-Type"] == "application/x-amz-json-1.1")
            let body = Self.json(response)
            #expect(body["IdentityId"] as? String == identityID)
            let credentials = try #require(body["Credentials"] as? [String: Any])
            #expect(Set(credentials.keys) == ["AccessKeyId", "SecretKey", "SessionToken", "Expiration"])
            let keyID = try #require(credentials["AccessKeyId"] as? String)
            #expect(keyID.hasPrefix("QUARTET-DEV-"), "no AWS key id has a hyphen")
            #expect((credentials["SecretKey"] as? String)?.contains("not-valid-at-aws") == true)
            #expect((credentials["SessionToken"] as? String)?.contains("not-valid-at-aws") == true)
            // A timestamp in AWS JSON 1.1 is a number of epoch seconds: an hour from now, as Cognito's.
            let expiration = try #require(credentials["Expiration"] as? NSNumber)
            #expect(expiration.doubleValue == server.clock.now.timeIntervalSince1970.rounded(.down) + 3600)
            #expect(String(decoding: response.bodyData, as: UTF8.self).contains("\"Expiration\":"))
            // Each call gets new credentials; a CustomRoleArn the model allows changes nothing for these providers.
            let again = try await server.cognitoCall(
                "GetCredentialsForIdentity",
                [
                    "IdentityId": identityID, "Logins": logins,
                    "CustomRoleArn": "arn:aws:iam::123456789012:role/quartet-dev",
                ])
            #expect(again.status == .ok)
            let second = try #require(Self.json(again)["Credentials"] as? [String: Any])
            #expect(second["AccessKeyId"] as? String != keyID)
        }
    }

    /// The refusals Cognito gives: a malformed id and a too-short role (validation), an unknown identity, an
    /// authenticated identity asked for without its login or with another person's or a forged one.
    /// A `Logins` map outside the model (more than 10 providers, a name or token of a length it does not allow) is
    /// AWS's `ValidationException`, found before the operation runs, and its message repeats no token.
    @Test func loginsOutsideTheModelAreValidationErrorsThatRepeatNoToken() async throws {
        try await withServer(.sqliteMemory) { server in
            let token = try await server.providerToken(.google, "alice")
            let id = try await server.cognitoCall(
                "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["accounts.google.com": token]])
            let aliceID = try #require(Self.json(id)["IdentityId"] as? String)
            let eleven = Dictionary(uniqueKeysWithValues: (0...10).map { ("provider\($0).example.com", token) })
            let long = String(repeating: "t", count: 50_001)
            let prefix = "1 validation error detected: Value at 'logins' failed to satisfy constraint: "
            let cases: [(String, [String: Any], String)] = [
                (
                    "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": eleven],
                    prefix + "Member must have length less than or equal to 10"
                ),
                (
                    "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["accounts.google.com": ""]],
                    prefix + "Map value must satisfy constraint: [Member must have length greater than or equal to 1]"
                ),
                (
                    "GetOpenIdToken", ["IdentityId": aliceID, "Logins": ["accounts.google.com": long]],
                    prefix + "Map value must satisfy constraint: [Member must have length less than or equal to 50000]"
                ),
                (
                    "GetCredentialsForIdentity",
                    ["IdentityId": aliceID, "Logins": [String(repeating: "p", count: 129): token]],
                    prefix + "Map keys must satisfy constraint: [Member must have length less than or equal to 128]"
                ),
                // NB: the model is checked before the pool is looked up.
                (
                    "GetId",
                    [
                        "IdentityPoolId": "eu-west-1:11111111-2222-3333-4444-555555555555",
                        "Logins": ["accounts.google.com": ""],
                    ],
                    prefix + "Map value must satisfy constraint: [Member must have length greater than or equal to 1]"
                ),
            ]
            for (operation, body, message) in cases {
                let response = try await server.cognitoCall(operation, body)
                #expect(response.status == .badRequest, "\(operation)")
                #expect(Self.json(response)["__type"] as? String == "ValidationException", "\(operation)")
                #expect(Self.json(response)["message"] as? String == message, "\(operation)")
                #expect(response.bodyData.range(of: Data(token.utf8)) == nil, "\(operation)")
            }
        }
    }

    @Test func getCredentialsForIdentityRefusesAsCognitoDoes() async throws {
        try await withServer(.sqliteMemory) { server in
            let alice = ["accounts.google.com": try await server.providerToken(.google, "alice")]
            let mallory = ["accounts.google.com": try await server.providerToken(.google, "mallory")]
            let id = try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": alice])
            let aliceID = try #require(Self.json(id)["IdentityId"] as? String)
            let unknown = "us-east-1:00000000-0000-0000-0000-000000000000"
            let cases: [([String: Any], String, String?)] = [
                (["Logins": alice], "ValidationException", nil),
                (["IdentityId": "nope", "Logins": alice], "ValidationException", nil),
                (
                    ["IdentityId": aliceID, "Logins": alice, "CustomRoleArn": "arn:short"], "ValidationException",
                    "1 validation error detected: Value 'arn:short' at 'customRoleArn' failed to satisfy constraint: "
                        + "Member must have length greater than or equal to 20"
                ),
                (["IdentityId": unknown, "Logins": alice], "ResourceNotFoundException", nil),
                (["IdentityId": aliceID], "NotAuthorizedException", "Access to Identity '\(aliceID)' is forbidden."),
                (["IdentityId": aliceID, "Logins": [String: String]()], "NotAuthorizedException", nil),
                (["IdentityId": aliceID, "Logins": mallory], "NotAuthorizedException", nil),
                (["IdentityId": aliceID, "Logins": ["accounts.google.com": "forged"]], "NotAuthorizedException", nil),
                (
                    [
                        "IdentityId": aliceID,
                        "Logins": alice.merging(["graph.facebook.com": "x"]) { first, _ in first },
                    ],
                    "InvalidParameterException", nil
                ),
            ]
            for (body, type, message) in cases {
                let response = try await server.cognitoCall("GetCredentialsForIdentity", body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(Self.json(response)["__type"] as? String == type, "\(body)")
                #expect(response.headers["X-Amzn-ErrorType"] == type)
                #expect(Self.json(response)["Credentials"] == nil)
                if let message { #expect(Self.json(response)["message"] as? String == message) }
            }
        }
    }

    /// Every answer carries `x-amzn-RequestId`, a UUID new for each request, as AWS's do: successes and refusals.
    @Test func everyAnswerCarriesAnAmazonRequestID() async throws {
        try await withServer(.sqliteMemory) { server in
            let alice = ["accounts.google.com": try await server.providerToken(.google, "alice")]
            let answers = [
                try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": alice]),
                try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID, "Logins": alice]),
                try await server.cognitoCall("GetId", ["IdentityPoolId": TestServer.poolID]),
                try await server.cognitoCall("DescribeIdentityPool", [:]),
                try await server.send(.get, "/cognito/.well-known/jwks_uri"),
            ]
            let ids = answers.map { $0.headers["x-amzn-RequestId"] }
            #expect(ids.allSatisfy { $0.flatMap(UUID.init(uuidString:)) != nil }, "\(ids)")
            #expect(Set(ids).count == answers.count)
        }
    }

    @Test func twitterTokensArePairsOfTokenAndSecret() async throws {
        try await withServer(.sqliteMemory) { server in
            let pair = try await server.providerToken(.twitter, "dave")
            let parts = pair.split(separator: ";", omittingEmptySubsequences: false)
            #expect(parts.count == 2)
            let good = try await server.cognitoCall(
                "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["api.twitter.com": pair]])
            #expect(good.status == .ok)
            for bad in [String(parts[0]), String(parts[0]) + ";wrongsecret", pair + ";more"] {
                let response = try await server.cognitoCall(
                    "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["api.twitter.com": bad]])
                #expect(Self.json(response)["__type"] as? String == "NotAuthorizedException", "\(bad)")
            }
        }
    }

    @Test func providerTokensExpireAndAreOnlyAcceptedByTheirIssuer() async throws {
        try await withServer(.sqliteMemory) { server in
            try await withServer(.sqliteMemory) { elsewhere in
                let foreign = try await elsewhere.providerToken(.google, "alice")
                let response = try await server.cognitoCall(
                    "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["accounts.google.com": foreign]])
                #expect(Self.json(response)["__type"] as? String == "NotAuthorizedException")
            }
            let token = try await server.providerToken(.google, "alice")
            server.clock.advance(by: 3_601)
            let expired = try await server.cognitoCall(
                "GetId", ["IdentityPoolId": TestServer.poolID, "Logins": ["accounts.google.com": token]])
            #expect(Self.json(expired)["__type"] as? String == "NotAuthorizedException")
        }
    }

    @Test func developmentSignInValidatesItsInput() async throws {
        try await withServer(.sqliteMemory) { server in
            let ok = try await server.send(
                .post, "/cognito/dev/signin", json: ["provider": "facebook", "user": "erin", "name": "Erin"])
            #expect(ok.status == .ok)
            #expect(Self.json(ok)["name"] as? String == "Erin")
            let cases: [([String: String], String)] = [
                (["provider": "myspace", "user": "erin"], "provider"),
                (["provider": "google", "user": ""], "user"),
                (["provider": "google", "user": "a:b"], "user"),
                (["provider": "google", "user": String(repeating: "x", count: 65)], "user"),
            ]
            for (body, field) in cases {
                let response = try await server.send(.post, "/cognito/dev/signin", json: body)
                #expect(response.status == .unprocessableContent, "\(body)")
                #expect(problem(response)["field"] as? String == field)
            }
            let unknown = try await server.send(
                .post, "/cognito/dev/signin", json: ["provider": "myspace", "user": "e"])
            #expect(problem(unknown)["detail"] as? String == "The provider must be one of facebook, twitter, google.")
            // The providers /openapi.json lists are the ones the stand-in signs in with: Change Jar's.
            let operation = try #require(CognitoDevService.operations.first { $0.path == "/cognito/dev/signin" })
            #expect(
                operation.requestBody?["properties"]?["provider"]?["enum"]
                    == .array(AuthSource.allCases.map { .string($0.rawValue) }))
        }
    }

    @Test func aRefusedDevelopmentSignInShowsTheServersReason() async throws {
        try await withServer(.sqliteMemory) { server in
            let signIn = ProviderSignIn.development(
                endpoint: URL(string: "http://localhost/cognito/dev/signin")!, user: "a:b", send: server.transport)
            do {
                _ = try await signIn.signIn(.google)
                Issue.record("signed in as a:b")
            } catch let error as ChangeJarError {
                guard case .signInFailed(let reason) = error else {
                    Issue.record("\(error)")
                    return
                }
                // NB: the problem document's status is a number; the reason is its detail, not a generic line.
                #expect(reason.contains("user"), "\(reason)")
            }
        }
    }

    @Test func keysArePublishedAndPersistedOwnerOnly() async throws {
        try await withServer(.sqliteMemory) { server in
            let jwks = try await server.send(.get, "/cognito/.well-known/jwks_uri")
            let set = try #require(JWKS.decode(jwks.bodyData))
            #expect(set.keys.map(\.kid) == ["us-east-1-1"])
            #expect(set.keys.first?.alg == "RS512")
            #expect(set.verificationKeys().count == 1)

            let configuration = try await server.send(
                .get, "/cognito/.well-known/openid-configuration", headers: ["Host": "127.0.0.1:8080"])
            #expect(Self.json(configuration)["issuer"] as? String == "https://cognito-identity.amazonaws.com")
            #expect(
                Self.json(configuration)["jwks_uri"] as? String == "http://127.0.0.1:8080/cognito/.well-known/jwks_uri")

            let file = server.dataDirectory.appendingPathComponent("cognito/signing-key.pem")
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let folder = try FileManager.default.attributesOfItem(
                atPath: server.dataDirectory.appendingPathComponent("cognito").path)
            #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)

            // A restart keeps the key, so tokens issued before it still verify.
            let restarted = try CognitoDevService(
                database: try SQLiteDatabase(url: "sqlite::memory:"),
                configuration: .init(identityPoolID: TestServer.poolID, dataDirectory: server.dataDirectory))
            #expect(restarted.keySet == server.cognito.keySet)
        }
    }
}
