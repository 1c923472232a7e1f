import ChangeJarCore
import SwiftUI

/// An action's two fields, in the Submit form and the edit form alike; the one a message is about turns red.
///
/// NB: each field has a header and a footer: a placeholder goes once the field is filled, and a screen reader
/// reads nothing useful from it; the header names the field (and is its accessibility label), the footer its rule.
struct ActionFields: View {
    @Binding var title: String
    @Binding var content: String
    let invalidField: SubmitField?

    var body: some View {
        Section {
            TextField(ChangeJarScreenText.titleField, text: $title)
                .foregroundStyle(invalidField == .title ? .red : .primary)
                .accessibilityLabel(ChangeJarScreenText.titleHeader)
        } header: {
            Text(ChangeJarScreenText.titleHeader)
        } footer: {
            Text(ChangeJarScreenText.titleFooter)
        }
        Section {
            TextField(ChangeJarScreenText.contentField, text: $content, axis: .vertical)
                .lineLimit(4...10)
                .foregroundStyle(invalidField == .content ? .red : .primary)
                .accessibilityLabel(ChangeJarScreenText.contentHeader)
        } header: {
            Text(ChangeJarScreenText.contentHeader)
        } footer: {
            Text(ChangeJarScreenText.contentFooter)
        }
    }
}
