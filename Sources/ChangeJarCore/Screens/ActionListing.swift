import ChangeJarModels
import Foundation
import Localization

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
    /// The page of the action whose row was tapped, while it is open.
    var detail: ActionDetailModel? { get }
    /// A row was tapped: the action's page opens.
    func rowTapped(_ id: String)
    /// The page was left (Back).
    func detailClosed()
}

extension ActionListModel: ActionListing {}
extension NewActionsModel: ActionListing {}
extension SearchModel: ActionListing {}
