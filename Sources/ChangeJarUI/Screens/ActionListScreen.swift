import ChangeJarCore
import QuartetUI
import SwiftUI

/// All Actions or My Actions: rows, more on scrolling, pull to refresh; a row opens the action's page, in My
/// Actions a row swipes to Delete, and a person signed out is offered Sign in.
public struct ActionListScreen: View {
    let model: ActionListModel

    /// The list drawn from `model`, which it sends the person's taps.
    public init(model: ActionListModel) {
        self.model = model
    }

    public var body: some View {
        List {
            ActionRows(
                of: model, isBusy: model.isBusy,
                delete: model.canChange ? { model.rowDeleteTapped($0) } as (@MainActor (String) -> Void) : nil)
            if model.needsSignIn { Button(model.signInTitle) { model.signInTapped() } }
        }
        .actionPages(of: model)
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .refreshableTask { await model.refreshPulled() }
    }
}

struct ActionListScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            ActionListScreen(model: AppModel(dependencies: .preview()).all)
        }
        .previewDisplayName("All Actions")
    }
}
