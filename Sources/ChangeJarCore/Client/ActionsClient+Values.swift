import ChangeJarModels
import Foundation

extension ActionsClient {
    /// A client over two sample actions that never touches the network, for previews and `make screens`: every
    /// list shows them, "new" the newer one (Alice's, who is the previews' person), and a write answers with it.
    public static var preview: ActionsClient {
        let now = Date()
        let samples = [
            Action(
                id: "1", title: "Cycle to work", content: "Twice a week, rain or shine.", authSource: .google,
                authorName: "Alice", createdAt: now, updatedAt: now),
            Action(
                id: "2", title: "Call my grandmother", content: "Every Sunday evening.", authSource: .facebook,
                authorName: "Bob", createdAt: now.addingTimeInterval(-3_600), updatedAt: now),
        ]
        let page = ActionPage(items: samples, headCursor: "preview")
        return ActionsClient(
            all: { _ in page }, new: { _, _, _ in ActionPage(items: [samples[0]]) }, newCount: { _, _ in 1 },
            mine: { _, _ in ActionPage(items: [samples[0]]) }, search: { _, _ in page },
            action: { token, id in
                // NB: the previews' person is Alice, who wrote the first sample; signed in, she is told so.
                var action = samples.first { $0.id == id } ?? samples[0]
                action.isMine = token.map { _ in action.id == "1" }
                return action
            },
            create: { _, _ in .added(samples[0]) }, edit: { _, _, _ in samples[0] }, delete: { _, _ in },
            profile: { _ in AuthorProfile(name: "Alice") }, rename: { _, name in AuthorProfile(name: name) })
    }

    /// A client whose every call fails: the starting point of a test that replaces only the calls it expects.
    public static var unimplemented: ActionsClient {
        @Sendable func fail(_ call: String) -> ChangeJarError {
            .service("ActionsClient.\(call) is not part of the test.")
        }
        return ActionsClient(
            all: { _ in throw fail("all") }, new: { _, _, _ in throw fail("new") },
            newCount: { _, _ in throw fail("newCount") },
            mine: { _, _ in throw fail("mine") }, search: { _, _ in throw fail("search") },
            action: { _, _ in throw fail("action") }, create: { _, _ in throw fail("create") },
            edit: { _, _, _ in throw fail("edit") },
            delete: { _, _ in throw fail("delete") }, profile: { _ in throw fail("profile") },
            rename: { _, _ in throw fail("rename") })
    }
}
