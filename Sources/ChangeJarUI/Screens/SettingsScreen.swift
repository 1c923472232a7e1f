#if canImport(SwiftUI)
    import ChangeJarCore
    import SwiftUI

    /// Settings: who is signed in and how, or one button per provider. No e-mail field.
    public struct SettingsScreen: View {
        let model: SettingsModel

        public init(model: SettingsModel) {
            self.model = model
        }

        public var body: some View {
            Form {
                if let banner = model.banner { BannerView(text: banner) }
                switch model.content {
                case .signedIn(let name, let mechanism):
                    LabeledContent("Name", value: name)
                    LabeledContent("Signed in with", value: mechanism)
                    Button("Sign out", role: .destructive) { model.signOutTapped() }
                case .signedOut(let buttons):
                    ForEach(buttons) { button in
                        Button(button.title) { Task { await model.providerTapped(button.source) } }
                            .disabled(model.isBusy)
                    }
                }
            }
        }
    }

    #Preview("Settings, signed out") {
        SettingsScreen(model: AppModel(dependencies: .preview()).settings)
    }

    #Preview("Settings, signed in") {
        SettingsScreen(model: AppModel(dependencies: .preview(signedIn: true)).settings)
    }
#endif
