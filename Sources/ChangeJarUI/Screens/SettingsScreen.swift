import ChangeJarCore
import SwiftUI

/// Settings: who is signed in and how, or one button per provider. No e-mail field.
public struct SettingsScreen: View {
    @Bindable var model: SettingsModel

    /// The settings drawn from `model`, which it sends the person's taps.
    public init(model: SettingsModel) {
        self.model = model
    }

    public var body: some View {
        Form {
            if let banner = model.banner { BannerView(banner: banner) }
            switch model.content {
            case .signedIn(_, let mechanism):
                // NB: a filled field shows its name, not its placeholder: the header says what the field is.
                Section {
                    TextField(ChangeJarScreenText.name, text: $model.nameDraft)
                    Button(ChangeJarScreenText.saveName) { Task { await model.saveNameTapped() } }
                        .disabled(!model.canSaveName)
                } header: {
                    Text(ChangeJarScreenText.nameHeader)
                } footer: {
                    Text(ChangeJarScreenText.nameFooter)
                }
                LabeledContent(ChangeJarScreenText.signedInWith, value: mechanism)
                Button(ChangeJarScreenText.signOut, role: .destructive) { Task { await model.signOutTapped() } }
            case .signedOut(let buttons):
                ForEach(buttons) { button in
                    Button(button.title) { Task { await model.providerTapped(button.source) } }
                        .disabled(model.isBusy)
                }
                if model.isBusy { ProgressView() }
            }
        }
        .task { await model.appeared() }
    }
}

struct SettingsScreen_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            SettingsScreen(model: AppModel(dependencies: .preview()).settings)
                .previewDisplayName("Settings, signed out")
            SettingsScreen(model: AppModel(dependencies: .preview(signedIn: true)).settings)
                .previewDisplayName("Settings, signed in")
        }
    }
}
