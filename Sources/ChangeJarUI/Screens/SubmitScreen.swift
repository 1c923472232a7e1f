#if canImport(SwiftUI)
    import ChangeJarCore
    import SwiftUI

    /// Submit an action: a title and a text; signed-out people are taken to Settings by the core.
    public struct SubmitScreen: View {
        @Bindable var model: SubmitModel

        public init(model: SubmitModel) {
            self.model = model
        }

        public var body: some View {
            Form {
                if let banner = model.banner { BannerView(text: banner) }
                TextField("Title", text: $model.title)
                    .foregroundStyle(model.invalidField == "title" ? .red : .primary)
                TextField("What will you change?", text: $model.content, axis: .vertical)
                    .lineLimit(4...10)
                    .foregroundStyle(model.invalidField == "content" ? .red : .primary)
                Button("Submit") { Task { await model.submitTapped() } }
                    .disabled(model.isBusy)
            }
        }
    }

    #Preview("Submit") {
        SubmitScreen(model: AppModel(dependencies: .preview()).submit)
    }
#endif
