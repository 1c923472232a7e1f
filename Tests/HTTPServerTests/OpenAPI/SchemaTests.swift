import DynamicJSON
import HTTPTypes
import Testing

@testable import HTTPServer

@Suite struct SchemaTests {
    @Test func withoutNULForbidsNULInEveryStringThatStatesNoFormOfItsOwn() {
        let body = Schema.object([
            "name": Schema.string(maxLength: 80),
            "optional": Schema.orNull(Schema.string()),
            "kind": Schema.oneOf(["a", "b"]),
            "email": Schema.string(pattern: "^[a-z]+@[a-z]+$"),
            "when": ["type": "string", "format": "date-time"],
            "tags": Schema.array(Schema.string()),
            "answers": Schema.map(Schema.string()),
            "count": Schema.integer(0...3),
        ])
        guard case .object(let schema) = Schema.withoutNUL(body), case .object(let properties)? = schema["properties"]
        else {
            Issue.record("not an object schema")
            return
        }
        let noNUL = JSONValue.string(Schema.noNULPattern)
        #expect(properties["name"]?.objectValue?["pattern"] == noNUL)
        #expect(properties["optional"]?.objectValue?["pattern"] == noNUL)
        #expect(properties["tags"]?.objectValue?["items"]?.objectValue?["pattern"] == noNUL)
        #expect(properties["answers"]?.objectValue?["additionalProperties"]?.objectValue?["pattern"] == noNUL)
        #expect(properties["answers"]?.objectValue?["propertyNames"]?.objectValue?["pattern"] == noNUL)
        // What states its own form keeps it.
        #expect(properties["kind"]?.objectValue?["pattern"] == nil)
        #expect(properties["email"]?.objectValue?["pattern"] == "^[a-z]+@[a-z]+$")
        #expect(properties["when"]?.objectValue?["pattern"] == nil)
        #expect(properties["count"] == Schema.integer(0...3))
    }

    @Test func theDocumentSaysSoOnlyForOperationsAddedRefusingNUL() {
        var operation = APIOperation(
            .post, "/things/:id", summary: "Make", tag: "t", requestBody: Schema.object(["text": Schema.string()]))
        operation.queryParameters = ["q": "A query"]
        var document = OpenAPIDocument(title: "T", version: "1")
        document.add([operation], refusingNUL: true)
        var plain = operation
        plain.path = "/plain/:id"
        document.add([plain])
        let paths = document.json.objectValue?["paths"]?.objectValue
        func entry(_ path: String) -> [String: JSONValue]? { paths?[path]?.objectValue?["post"]?.objectValue }
        let refusing = entry("/things/{id}")
        #expect(refusing?["responses"]?.objectValue?["400"] != nil)
        for parameter in refusing?["parameters"]?.arrayValue ?? [] {
            #expect(parameter.objectValue?["schema"]?.objectValue?["pattern"] == .string(Schema.noNULPattern))
        }
        let text = refusing?["requestBody"]?.objectValue?["content"]?.objectValue?["application/json"]?.objectValue?[
            "schema"]?.objectValue?["properties"]?.objectValue?["text"]?.objectValue
        #expect(text?["pattern"] == .string(Schema.noNULPattern))
        let other = entry("/plain/{id}")
        for parameter in other?["parameters"]?.arrayValue ?? [] {
            #expect(parameter.objectValue?["schema"]?.objectValue?["pattern"] == nil)
        }
    }
}
