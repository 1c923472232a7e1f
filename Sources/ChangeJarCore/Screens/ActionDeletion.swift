import ChangeJarModels
import Foundation
import Localization

/// Deleting one of the signed-in person's actions, as My Actions' swipe and the action's page do it alike: the
/// question asked first, then the request.
@MainActor
enum ActionDeletion {
    /// How a confirmed deletion ended.
    enum Outcome: Equatable {
        /// The action is out of the jar (or was already: deleted on another device).
        case deleted
        /// The session expired or the server refused it: it is forgotten, nothing was deleted.
        case sessionEnded
        /// Refused for another reason (offline, …): nothing was deleted.
        case refused(ChangeJarError)
    }

    /// The question asked before `action` is deleted; its action is the action's id.
    static func question(_ action: Action) -> Confirmation<String> {
        Confirmation(
            action.id, title: Strings.format("confirm.delete", action.title),
            message: Strings.text("confirm.delete.message"), confirmTitle: Strings.text("list.delete"),
            cancelTitle: Strings.text("edit.cancel"))
    }

    /// Deletes action `id` as the signed-in person, renewing an expired token first (``SessionModel/signedIn(_:)``).
    static func delete(_ id: String, session: SessionModel, client: ActionsClient) async -> Outcome {
        guard session.session != nil else { return .sessionEnded }
        do {
            try await session.signedIn { current in try await client.delete(current.token, id) }
        } catch {
            switch error {
            // NB: gone already (deleted on another device): the lists drop it all the same.
            case .notFound: break
            // NB: the session has ended and is forgotten already.
            case .signInRequired: return .sessionEnded
            case let other: return .refused(other)
            }
        }
        return .deleted
    }
}
