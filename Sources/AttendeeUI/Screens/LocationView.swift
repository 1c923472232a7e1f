import AttendeeCore
import SwiftUI

/// Where a session (or the event) takes place.
struct LocationView: View {
    let location: SessionLocation

    var body: some View {
        List {
            if !location.room.isEmpty { Text(location.room).font(.headline) }
            Text(location.venue)
            Text(location.address)
            if let coordinates = location.coordinates { Text(coordinates).foregroundStyle(.secondary) }
        }
    }
}
