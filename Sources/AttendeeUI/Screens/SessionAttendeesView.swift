import AttendeeCore
import AttendeeModels
import SwiftUI

/// Who attends a session.
struct SessionAttendeesView: View {
    let people: [Person]

    var body: some View {
        List {
            if people.isEmpty { Text(AttendeeScreenText.noAttendees).foregroundStyle(.secondary) }
            ForEach(people) { person in
                VStack(alignment: .leading) {
                    Text(person.name)
                    Text(PersonRow(person).subtitle).font(.caption).foregroundStyle(.secondary)
                }
            }
        }
        .navigationTitle(AttendeeScreenText.sessionAttendees)
    }
}
