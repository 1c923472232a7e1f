import ChangeJarCore
import SwiftUI

/// New Actions: what was put in the jar since the last visit; a row opens the action's page.
public struct NewActionsScreen: View {
    let model: NewActionsModel

    /// The list drawn from `model`, which it sends the person's taps.
    public init(model: NewActionsModel) {
        self.model = model
    }

    public var body: some View {
        List {
            ActionRows(of: model, isBusy: model.isBusy)
        }
        .actionPages(of: model)
        .task { await model.opened() }
    }
}

struct NewActionsScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            NewActionsScreen(model: AppModel(dependencies: .preview()).new)
        }
        .previewDisplayName("New Actions")
    }
}
