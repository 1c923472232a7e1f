import AttendeeCore
import QuartetUI
import SwiftUI

/// A new note or the edit of one: the text, its counter and rule, Save, and the conflict banner with the other
/// device's words.
public struct NoteEditorView: View {
    @State private var model: NoteEditorModel

    /// Creates the view over its model.
    public init(model: NoteEditorModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        Form {
            if model.saveState == .conflict {
                Section {
                    if let banner = model.banner { BannerLine(banner) }
                    if let other = model.conflict {
                        VStack(alignment: .leading) {
                            Text(model.otherVersionTitle).font(.caption).foregroundStyle(.secondary)
                            Text(other.text)
                        }
                    }
                    Button(model.keepMineTitle) { Task { await model.keepMineTapped() } }
                    Button(model.useTheirsTitle) { Task { await model.useTheirsTapped() } }
                }
            } else if let banner = model.banner {
                BannerLine(banner)
            }
            TextField(
                model.placeholder, text: Binding(get: { model.text }, set: { model.textChanged($0) }), axis: .vertical)
            Text(model.counter).font(.caption)
            if let problem = model.problem { Text(problem.noteText).foregroundStyle(.red) }
            PhotoAttachmentControls(attachment: model.attachment)
            if model.saveState == .saving { ProgressView(model.savingTitle) }
            Button(model.saveTitle) { Task { await model.saveTapped() } }.disabled(!model.isSaveEnabled)
        }
        .navigationTitle(model.title)
    }
}

struct NoteEditorView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { NoteEditorView(model: NoteEditorModel(client: AttendeeClient.preview, eventID: "preview")) }
    }
}
