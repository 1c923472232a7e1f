import ChangeJarModels
import Foundation
import Localization
import Observation

/// What every list screen of actions shows (All, New, My Actions, Search), read alike by the app's views and by
/// the command line.
@MainActor
public protocol ActionListing: AnyObject {
    /// The rows on screen.
    var rows: [ActionRow] { get }
    /// The actions behind the rows, in their order (the command line's `--json`).
    var actions: [Action] { get }
    /// The line over the list: a failure, a confirmation, or the notice that the rows are the saved copy.
    var banner: Banner? { get }
    /// What an empty list says, or `nil` while there are rows.
    var emptyMessage: String? { get }
    /// Whether the rows are the device's saved copy, shown because the network is down.
    var isShowingSavedCopy: Bool { get }
    /// Whether scrolling further can load more.
    var canLoadMore: Bool { get }
    /// The last row came into view: the next page is loaded.
    func reachedEnd() async
    /// Whether the list offers Retry: it could not be read (offline, or the jar out of reach) and nothing was saved
    /// on the device to show instead, so it is empty with no other way to try again.
    var canRetry: Bool { get }
    /// Retry: the read that failed runs again.
    func retryTapped() async
    /// The action page a row's tap opened, which every list opens and closes alike.
    var openedPage: OpenedActionPage { get }
    /// The page of the action whose row was tapped, while it is open.
    var detail: ActionDetailModel? { get }
    /// A row was tapped: the action's page opens.
    func rowTapped(_ id: String)
    /// The page was left (Back).
    func detailClosed()
}

extension ActionListing {
    /// The page of the action whose row was tapped, while it is open.
    public var detail: ActionDetailModel? { openedPage.detail }

    /// A row was tapped: the action's page opens (in My Actions, with its Edit and Delete).
    public func rowTapped(_ id: String) {
        guard let action = actions.first(where: { $0.id == id }) else { return }
        openedPage.detail = openedPage.make(action)
    }

    /// The page was left (Back).
    public func detailClosed() { openedPage.detail = nil }
}

/// The page of an action that a list screen opened from one of its rows, while it is open.
///
/// NB: a type of its own so that one implementation opens and closes it for every list (``ActionListing``): a
/// public protocol cannot set a property its screens keep `private(set)`, but it can hand this on.
@Observable @MainActor
public final class OpenedActionPage {
    /// The page, while it is open.
    public internal(set) var detail: ActionDetailModel?
    /// Makes the page a row's tap opens (the app model wires it to every list).
    @ObservationIgnored var make: @MainActor (Action) -> ActionDetailModel?

    init(make: @escaping @MainActor (Action) -> ActionDetailModel? = { _ in nil }) {
        self.make = make
    }
}

/// A list screen whose rows follow the person's own actions as they are saved or deleted anywhere in the app
/// (``apply(_:)``): All, New, My Actions and Search alike.
@MainActor
protocol ActionChangeFollowing: ActionListing {
    /// The line over the list, where a deletion of the action whose page it had open is said.
    var banner: Banner? { get set }
    /// Whether the rows say they are the person's own (only My Actions' do; every other list's are anyone's).
    var rowsAreMine: Bool { get }
    /// One of the person's actions changed: the rows show `actions`, and the saved copy follows.
    func rowsChanged(to actions: [Action]) async
}

extension ActionChangeFollowing {
    /// One of the person's actions was saved or deleted (on its page, or by a swipe in My Actions): its row shows the
    /// new words or goes, and the page of an action deleted there closes, the list then saying it was deleted.
    func apply(_ change: ActionChange) async {
        guard
            let changed = change.applied(
                to: actions, saysMine: rowsAreMine, page: &openedPage.detail, banner: &banner)
        else { return }
        await rowsChanged(to: changed)
    }
}

extension ActionListModel: ActionChangeFollowing {}
extension NewActionsModel: ActionChangeFollowing {}
extension SearchModel: ActionChangeFollowing {}
