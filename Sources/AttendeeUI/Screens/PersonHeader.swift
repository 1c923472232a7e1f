import AttendeeCore
import SwiftUI

/// A person's name, `Title · Company` and social icons (shown, inert), atop an attendee's details and a
/// speaker's profile.
struct PersonHeader: View {
    let details: PersonDetails

    var body: some View {
        Text(details.name).font(.title2)
        if !details.subtitle.isEmpty { Text(details.subtitle) }
        if !details.socialIcons.isEmpty {
            HStack {
                ForEach(details.socialIcons, id: \.self) {
                    Image(systemName: $0 == "link" ? "link" : "person.crop.circle").accessibilityLabel($0)
                }
            }
        }
    }
}
