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
            if let banner = model.banner { BannerView(text: banner) }
            if let empty = model.emptyMessage { Text(empty).foregroundStyle(.secondary) }
            ForEach(model.rows) { ActionRowView(row: $0) }
            if model.isBusy { ProgressView() }
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
