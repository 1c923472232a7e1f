import AttendeeCore
import SwiftUI

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
            if model.marksCorrectOptions {
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
