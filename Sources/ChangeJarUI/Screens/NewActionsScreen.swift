import ChangeJarCore
import SwiftUI

/// New Actions: what appeared since this device last looked.
public struct NewActionsScreen: View {
    let model: NewActionsModel

    public init(model: NewActionsModel) {
        self.model = model
    }

    public var body: some View {
        List {
            ActionRows(
                banner: model.banner, emptyMessage: model.emptyMessage, rows: model.rows, isBusy: model.isBusy,
                reachedEnd: { await model.reachedEnd() })
        }
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
