import AttendeeCore
import MapKit
import SwiftUI

/// Where a session (or the event) takes place: the venue on a map, its address, and directions in Maps.
struct LocationView: View {
    let location: SessionLocation

    var body: some View {
        List {
            if let latitude = location.latitude, let longitude = location.longitude {
                let venue = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
                let span = MKCoordinateSpan(
                    latitudeDelta: SessionLocation.mapSpan, longitudeDelta: SessionLocation.mapSpan)
                Map(initialPosition: .region(MKCoordinateRegion(center: venue, span: span))) {
                    Marker(location.venue, coordinate: venue)
                }
                .frame(height: 220)
            }
            if !location.room.isEmpty { Text(location.room).font(.headline) }
            Text(location.venue)
            Text(location.address)
            if let coordinates = location.coordinates { Text(coordinates).foregroundStyle(.secondary) }
            if let directions = location.directionsURL { Link(AttendeeScreenText.openInMaps, destination: directions) }
        }
    }
}
