import ChangeJarCore
import SwiftUI

/// An action's two fields, in the Submit form and the edit form alike; the one a message is about turns red.
struct ActionFields: View {
    @Binding var title: String
    @Binding var content: String
    let invalidField: SubmitField?

    var body: some View {
        TextField(ChangeJarScreenText.titleField, text: $title)
            .foregroundStyle(invalidField == .title ? .red : .primary)
        TextField(ChangeJarScreenText.contentField, text: $content, axis: .vertical)
            .lineLimit(4...10)
            .foregroundStyle(invalidField == .content ? .red : .primary)
    }
}
