import HTTPServer
import Testing

/// The page size every paged list reads: the default when absent, 1…maximum, else a 422 naming the parameter.
struct RequestPageSizeTests {
    func size(_ target: String) throws -> Int {
        try Request(method: .get, target: target).pageSize(default: 20, maximum: 50)
    }

    @Test func absentOrEmptyIsTheDefault() throws {
        #expect(try size("/wall") == 20)
        #expect(try size("/wall?limit=") == 20)
        #expect(try size("/wall?cursor=x") == 20)
    }

    @Test func aWholeNumberInRangeIsTaken() throws {
        #expect(try size("/wall?limit=1") == 1)
        #expect(try size("/wall?limit=50") == 50)
    }

    @Test(arguments: [
        "0", "-3", "51", "100000", "ten", "2.5", "+5", "%2B5", "%205", "%EF%BC%95", "99999999999999999999",
    ])
    func anythingElseIsRefusedNamingTheParameter(_ value: String) {
        do {
            let size = try size("/wall?limit=\(value)")
            Issue.record("\(value) read as \(size)")
        } catch let error as HTTPError {
            #expect(error.status == .unprocessableContent)
            #expect(error.extensions["field"] == "limit")
            #expect(error.detail == "The limit must be a whole number from 1 to 50.")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func theParameterMayHaveAnotherName() throws {
        #expect(try Request(method: .get, target: "/a?size=7").pageSize("size", default: 20, maximum: 50) == 7)
    }
}
