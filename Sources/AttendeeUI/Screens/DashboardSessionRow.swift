import AttendeeCore
import SwiftUI

/// A session on now or up next; it opens the session.
struct DashboardSessionRow: View {
    let session: DashboardSession

    var body: some View {
        NavigationLink(value: AttendeeDestination.session(id: session.id, title: session.title)) {
            VStack(alignment: .leading) {
                Text(session.title)
                Text(session.time).font(.caption).foregroundStyle(.secondary)
            }
        }
    }
}
