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
}
