import AttendeeCore
import SwiftUI

/// A person's name, `Title · Company` and links (named, shown, inert), atop an attendee's details and a
/// speaker's profile.
struct PersonHeader: View {
    let details: PersonDetails

    var body: some View {
        Text(details.name).font(.title2)
        if !details.subtitle.isEmpty { Text(details.subtitle) }
        ForEach(details.socialItems, id: \.self) { Label($0.name, systemImage: $0.symbol) }
    }
}

/// A person's card in a sheet, an attendee's details and a speaker's profile alike: the header, what they say of
/// themselves, then what the screen adds (Message; the speaker's sessions and account); Done closes it.
struct PersonCard<More: View>: View {
    let details: PersonDetails
    let about: String
    let done: @MainActor () -> Void
    @ViewBuilder let more: () -> More

    var body: some View {
        SheetPage(title: "", doneTitle: AttendeeScreenText.done, done: done) {
            List {
                PersonHeader(details: details)
                if !about.isEmpty { Text(about) }
                more()
            }
        }
    }
}

/// A person in the attendee and speaker lists: name and `Title · Company`, a chevron, and the whole row a plain
/// button that opens their card.
struct PersonRowButton: View {
    let row: PersonRow
    let tapped: @MainActor () -> Void

    var body: some View {
        Button(action: tapped) {
            HStack {
                VStack(alignment: .leading) {
                    Text(row.name)
                    if !row.subtitle.isEmpty { Text(row.subtitle).font(.caption).foregroundStyle(.secondary) }
                }
                Spacer()
                Image(systemName: "chevron.right").font(.caption).foregroundStyle(.tertiary)
                    .accessibilityHidden(true)
            }
        }
        .buttonStyle(.plain)
    }
}
