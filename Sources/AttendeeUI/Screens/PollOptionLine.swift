import AttendeeCore
import SwiftUI

/// One option with its share of the votes; a closed quiz marks the correct options.
struct PollOptionLine: View {
    let option: PollOptionRow

    var body: some View {
        HStack {
            Image(systemName: option.symbol)
            Text(option.text)
            if option.isCorrect == true { Text(AttendeeScreenText.correctAnswer).font(.caption) }
            Text(option.shareText).foregroundStyle(.secondary)
        }
        .accessibilityLabel(option.text)
    }
}
