import ChangeJarModels
import DynamicJSON
import HTTPServer

extension CognitoDevService {
    /// Every route the stand-in registers, for `/openapi.json`.
    public static let operations: [APIOperation] = [
        {
            var operation = APIOperation(
                .post, operationsPath,
                summary: "Cognito Identity GetId / GetOpenIdToken / GetCredentialsForIdentity (X-Amz-Target, "
                    + "application/x-amz-json-1.1); every answer carries x-amzn-RequestId",
                tag: "Cognito (stand-in)",
                responses: [200: "The operation's output", 400: "A Cognito exception: {\"__type\", \"message\"}"],
                requestBody: Schema.object([
                    "IdentityPoolId": Schema.string(), "IdentityId": Schema.string(),
                    "Logins": Schema.map(Schema.string()), "CustomRoleArn": Schema.string(),
                ]),
                responseMediaType: "application/x-amz-json-1.1", errorMediaType: "application/x-amz-json-1.1")
            operation.headerParameters = [
                "X-Amz-Target": Schema.oneOf([
                    "AWSCognitoIdentityService.GetId", "AWSCognitoIdentityService.GetOpenIdToken",
                    "AWSCognitoIdentityService.GetCredentialsForIdentity",
                ])
            ]
            return operation
        }(),
        APIOperation(
            .get, jwksPath, summary: "The token signing keys (JWKS)", tag: "Cognito (stand-in)",
            responseBody: ["type": "object", "properties": ["keys": ["type": "array"]]]),
        APIOperation(
            .get, openIDConfigurationPath, summary: "OpenID provider configuration", tag: "Cognito (stand-in)"),
        APIOperation(
            .post, developmentSignInPath,
            summary: "Development sign-in: a provider token for a named test user ("
                + AuthSource.allCases.map(\.rawValue).joined(separator: ", ") + ")",
            tag: "Cognito (stand-in)",
            responses: [
                200: "A provider token for Logins", 400: "Malformed JSON", 422: "Unknown provider or bad user",
            ],
            requestBody: [
                "type": "object", "required": ["provider", "user"],
                "properties": [
                    "provider": Schema.oneOf(AuthSource.allCases.map(\.rawValue)),
                    "user": Schema.string(pattern: "^[A-Za-z0-9._@-]{1,64}$"),
                    "name": Schema.orNull(Schema.string()),
                ],
            ]),
    ]
}
