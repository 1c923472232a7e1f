import AttendeeCore
import AttendeeModels
import SwiftUI

/// The New poll form: poll or quiz, one or several answers, what it is for, the questions with their options (a
/// quiz's correct ones switched on), Create and Cancel.
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
                Picker(model.scopeLabel, selection: Binding(get: { model.sessionID }, set: { model.sessionChosen($0) }))
                {
                    ForEach(model.scopeChoices) { Text($0.title).tag($0.sessionID) }
                }
            }
            ForEach(Array(model.questions.indices), id: \.self) { index in
                PollQuestionForm(model: model, index: index)
            }
            if model.canAddQuestion { Button(model.addQuestionTitle) { model.questionAdded() } }
            if let banner = model.banner { Text(banner).foregroundStyle(.red) }
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

/// One question of the New poll form: its text, its options (each with a quiz's "correct" switch), Add option.
struct PollQuestionForm: View {
    let model: PollComposerModel
    let index: Int

    var body: some View {
        let question = model.questions[index]
        Section(model.questionTitle(index)) {
            TextField(
                model.questionPlaceholder,
                text: Binding(get: { question.text }, set: { model.questionTextChanged(index, $0) })
            )
            .foregroundStyle(model.isInvalid(.question(index)) ? .red : .primary)
            ForEach(Array(question.options.indices), id: \.self) { position in
                PollOptionField(model: model, index: index, position: position)
            }
            if model.canAddOption(index) { Button(model.addOptionTitle) { model.optionAdded(index) } }
            if model.canRemoveQuestion {
                Button(model.removeQuestionTitle(index), role: .destructive) { model.questionRemoved(index) }
            }
            if let rule = model.rule(for: index) { Text(rule).font(.footnote).foregroundStyle(.red) }
        }
    }
}

/// An option's field, its remove button and, in a quiz, its "correct" switch.
struct PollOptionField: View {
    let model: PollComposerModel
    let index: Int
    let position: Int

    var body: some View {
        HStack {
            TextField(
                model.optionTitle(position),
                text: Binding(
                    get: { model.questions[index].options[position] },
                    set: { model.optionChanged(index, position: position, $0) })
            )
            .foregroundStyle(model.isInvalid(.options(index)) ? .red : .primary)
            if model.kind == .quiz {
                Toggle(
                    model.correctLabel(index, position: position),
                    isOn: Binding(
                        get: { model.isCorrect(index, position: position) },
                        set: { _ in model.correctToggled(index, position: position) })
                )
                .labelsHidden()
            }
            if model.canRemoveOption(index) {
                Button(model.removeOptionLabel(index, position: position), systemImage: "minus.circle") {
                    model.optionRemoved(index, position: position)
                }
                .labelStyle(.iconOnly)
            }
        }
    }
}
