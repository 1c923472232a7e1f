import ChangeJarCore
import QuartetUI
import SwiftUI

/// Submit an action: a title and a text; signed-out people are taken to Settings by the core.
public struct SubmitScreen: View {
    @Bindable var model: SubmitModel

    /// The form drawn from `model`, which it sends what is typed and the taps.
    public init(model: SubmitModel) {
        self.model = model
    }

    public var body: some View {
        Form {
            if let banner = model.banner { BannerView(banner: banner) }
            ActionFields(title: $model.title, content: $model.content, invalidField: model.invalidField)
            Section {
                Button(ChangeJarScreenText.submitButton) { Task { await model.submitTapped() } }
                    .disabled(model.isBusy)
                if model.hasRefusedAction {
                    Button(model.clearTitle, role: .destructive) { model.clearTapped() }
                        .disabled(model.isBusy)
                }
            }
        }
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
    }
}

struct SubmitScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            SubmitScreen(model: AppModel(dependencies: .preview()).submit)
        }
        .previewDisplayName("Submit")
    }
}
