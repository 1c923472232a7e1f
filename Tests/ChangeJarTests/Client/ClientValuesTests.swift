import ChangeJarCore
import ChangeJarModels
import Testing

/// The actions client's ready-made values: the previews' sample actions, and one that fails every call a test did
/// not expect, naming it.
@Suite struct ClientValuesTests {
    @Test func thePreviewListsItsSampleActions() async throws {
        let client = ActionsClient.preview
        #expect(try await client.all(nil).items.map(\.title) == ["Cycle to work", "Call my grandmother"])
        #expect(try await client.new(nil, nil, nil).items.count == 1)
        #expect(try await client.newCount(nil, nil) == 1)
    }

    @Test func theUnimplementedClientFailsEveryCallNamingIt() async {
        let client = ActionsClient.unimplemented
        let calls: [(String, @Sendable () async throws -> Void)] = [
            ("all", { _ = try await client.all(nil) }), ("new", { _ = try await client.new(nil, nil, nil) }),
            ("newCount", { _ = try await client.newCount(nil, nil) }),
            ("mine", { _ = try await client.mine("t", nil) }),
            ("search", { _ = try await client.search("walk", nil) }),
            ("action", { _ = try await client.action(nil, "1") }),
            (
                "create",
                {
                    _ = try await client.create(
                        "t", NewAction(title: "a", content: "b", authSource: .google, providerUserID: "u"))
                }
            ),
            ("edit", { _ = try await client.edit("t", "1", ActionEdit(title: "a", content: "b")) }),
            ("delete", { try await client.delete("t", "1") }),
        ]
        for (name, call) in calls {
            await #expect(throws: ChangeJarError.service("ActionsClient.\(name) is not part of the test.")) {
                try await call()
            }
        }
    }
}
