import AttendeeCore
import SwiftUI

/// One option to pick, with its share of the votes so far.
struct PollOptionLine: View {
    let option: PollOptionRow

    var body: some View {
        HStack {
            Image(systemName: option.symbol)
            Text(option.text)
            Spacer()
            Text(option.shareText).foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
        .accessibilityLabel(option.accessibilityLabel)
    }
}

/// One option's result, to read rather than tap: its share as a number and a bar, the person's answer marked,
/// and a closed quiz's correct options.
struct PollResultLine: View {
    let option: PollOptionRow

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                if option.isSelected { Image(systemName: option.symbol) }
                Text(option.text)
                if option.isCorrect == true { Text(AttendeeScreenText.correctAnswer).font(.caption) }
                if !option.sharesHidden {
                    Spacer()
                    Text(option.shareText).foregroundStyle(.secondary)
                }
            }
            if !option.sharesHidden { ProgressView(value: option.share) }
        }
        .accessibilityElement(children: .combine)
        .accessibilityLabel(option.accessibilityLabel)
    }
}
