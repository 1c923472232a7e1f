import DynamicJSON
import HTTPTypes
import Testing

@testable import HTTPServer

@Suite struct OpenAPIDocumentTests {
    /// An operation open to everyone that reads a token when one comes says so as OpenAPI does: an empty
    /// requirement beside its scheme's. Its scheme is published, and a refused token is documented.
    @Test func anOptionalTokenIsAnOptionalRequirement() {
        let scheme = BearerScheme(name: "jar", description: "A jar token")
        var read = APIOperation(.get, "/things/:id", summary: "One", tag: "t")
        read.acceptsAuthentication = true
        let open = APIOperation(.get, "/things", summary: "All", tag: "t")
        var document = OpenAPIDocument(title: "T", version: "1")
        document.add([read, open], securedBy: scheme)
        let json = document.json
        let one = json["paths"]?["/things/{id}"]?["get"]
        #expect(one?["security"] == .array([.object([:]), ["jar": []]]))
        #expect(one?["responses"]?["401"] != nil)
        let all = json["paths"]?["/things"]?["get"]
        #expect(all?["security"] == nil)
        #expect(all?["responses"]?["401"] == nil)
        #expect(json["components"]?["securitySchemes"]?["jar"]?["scheme"] == "bearer")
    }

    /// Query parameters that stand in for the token together (a share link) are a second security requirement,
    /// each an `apiKey` scheme in the query, rather than optional parameters beside a token the document would
    /// call required: a request without the token is then documented as allowed when it carries the link.
    @Test func linkCredentialsAreASecondRequirement() throws {
        var download = APIOperation(.get, "/files/:id", summary: "A file", tag: "t", requiresAuthentication: true)
        download.linkCredentials = ["expires": "The link's end", "signature": "The link's signature"]
        download.queryParameters = ["disposition": "inline or attachment"]
        var document = OpenAPIDocument(title: "T", version: "1")
        document.add([download], securedBy: BearerScheme(name: "jar", description: "A jar token"))
        let json = document.json
        let operation = try #require(json["paths"]?["/files/{id}"]?["get"])
        #expect(operation["security"] == [["jar": []], ["linkExpires": [], "linkSignature": []]])
        let parameters = operation["parameters"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(parameters.sorted() == ["disposition", "id"])
        let schemes = json["components"]?["securitySchemes"]
        #expect(
            schemes?["linkExpires"] == [
                "type": "apiKey", "in": "query", "name": "expires", "description": "The link's end",
            ])
        #expect(schemes?["linkSignature"]?["name"] == "signature")
        #expect(schemes?["jar"]?["scheme"] == "bearer")
    }

    /// A query parameter whose empty value the server reads as none (`Request.pageSize`'s `?limit=`) is marked
    /// `allowEmptyValue`, so its integer schema does not document the empty value as refused; others are not.
    @Test func anEmptyValueReadAsNoneIsAllowed() throws {
        var list = APIOperation(.get, "/things", summary: "A page", tag: "t")
        list.queryParameters = ["limit": "1–100", "q": "Words"]
        list.queryParameterSchemas = ["limit": Schema.integer(1...100)]
        list.emptyMeansAbsent = ["limit"]
        var document = OpenAPIDocument(title: "T", version: "1")
        document.add([list])
        let parameters = try #require(document.json["paths"]?["/things"]?["get"]?["parameters"]?.arrayValue)
        let byName = Dictionary(
            uniqueKeysWithValues: parameters.compactMap { parameter in
                parameter["name"]?.stringValue.map { ($0, parameter) }
            })
        #expect(byName["limit"]?["allowEmptyValue"] == true)
        #expect(byName["limit"]?["schema"]?["type"] == "integer")
        #expect(byName["q"]?["allowEmptyValue"] == nil)
    }

    /// A cursor is a value only the server gives out: the document marks it `x-issuedByServer` (no schema can tell
    /// an issued cursor from a made-up one of its form), allows it empty (the first page), and gives its form.
    @Test func aCursorIsMarkedAsIssuedByTheServer() throws {
        var list = APIOperation(.get, "/things", summary: "A page", tag: "t")
        list.cursor(maximumLength: 64, description: "The last page's nextCursor")
        list.queryParameters["q"] = "Words"
        var document = OpenAPIDocument(title: "T", version: "1")
        document.add([list])
        let parameters = try #require(document.json["paths"]?["/things"]?["get"]?["parameters"]?.arrayValue)
        let cursor = try #require(parameters.first { $0["name"] == "cursor" })
        #expect(cursor["x-issuedByServer"] == true)
        #expect(cursor["allowEmptyValue"] == true)
        #expect(cursor["required"] == false)
        #expect(cursor["schema"] == ["type": "string", "maxLength": 64, "pattern": .string(Base64URL.pattern)])
        #expect(parameters.first { $0["name"] == "q" }?["x-issuedByServer"] == nil)
    }
}
