import AttendeeCore
import AttendeeModels
import QuartetUI
import SwiftUI

extension View {
    /// The poll form in a sheet while `composer` is set, a new poll in the list and a draft's edit on its page
    /// alike: its button sends `create`; Cancel, or a swipe down, `cancel`.
    func pollForm(
        _ composer: PollComposerModel?, create: @escaping @MainActor () async -> Void,
        cancel: @escaping @MainActor () -> Void
    ) -> some View {
        presentingSheet(for: composer, dismissed: cancel) { composer in
            NavigationStack { PollComposerView(model: composer, create: create, cancel: cancel) }
        }
    }
}

/// The New poll form: poll or quiz, one or several answers, what it is for, the questions with their options (a
/// quiz's correct ones switched on), Create and Cancel; editing a draft, the same without "For", and Save.
struct PollComposerView: View {
    let model: PollComposerModel
    let create: @MainActor () async -> Void
    let cancel: @MainActor () -> Void

    var body: some View {
        Form {
            Section {
                Picker(model.kindLabel, selection: Binding(get: { model.kind }, set: { model.kindChosen($0) })) {
                    ForEach(PollKind.allCases, id: \.self) { Text(PollFormatting.kind($0)).tag($0) }
                }
                .pickerStyle(.segmented)
                Picker(model.choiceLabel, selection: Binding(get: { model.choice }, set: { model.choiceChosen($0) })) {
                    ForEach(PollChoice.allCases, id: \.self) { Text(model.choiceTitle($0)).tag($0) }
                }
                if model.showsScope {
                    Picker(
                        model.scopeLabel, selection: Binding(get: { model.sessionID }, set: { model.sessionChosen($0) })
                    ) {
                        ForEach(model.scopeChoices) { Text($0.title).tag($0.sessionID) }
                    }
                }
            }
            ForEach(Array(model.questions.indices), id: \.self) { index in
                PollQuestionForm(model: model, index: index)
            }
            if model.canAddQuestion { Button(model.addQuestionTitle) { model.questionAdded() } }
            if let banner = model.banner { BannerLine(banner) }
            if let rule = model.formRule { Text(rule).font(.footnote).foregroundStyle(.red) }
        }
        .navigationTitle(model.title)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) { Button(model.cancelTitle, action: cancel) }
            ToolbarItem(placement: .confirmationAction) {
                Button(model.createTitle) { Task { await create() } }.disabled(model.isBusy)
            }
        }
        .task { await model.appeared() }
    }
}
