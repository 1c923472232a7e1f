import MapKit
import QuakesCore
import QuakesModels
import SwiftUI

/// Pins for the quakes of magnitude 3.5 or more, in the region the model fitted, under a title that says so.
struct QuakeMapView: View {
    let title: String
    let annotations: [QuakeMapAnnotation]
    let region: QuakeMapRegion
    /// What the map says when it has no pin.
    var emptyMessage: String?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            Map(initialPosition: .region(region.mapKitRegion)) {
                ForEach(annotations) { pin in
                    Annotation(pin.title, coordinate: pin.coordinate.mapKitCoordinate) {
                        Circle().fill(pin.tint.pinColor).frame(width: pin.diameter, height: pin.diameter)
                    }
                }
            }
            .overlay {
                if let emptyMessage {
                    Text(emptyMessage).padding(12).background(.regularMaterial, in: RoundedRectangle(cornerRadius: 8))
                }
            }
            .navigationTitle(title)
            .navigationBarTitleDisplayMode(.inline)
            // NB: a drag on the map moves the map, so the sheet needs a button to close it.
            .toolbar { ToolbarItem(placement: .confirmationAction) { Button(QuakeScreenText.done) { dismiss() } } }
        }
    }
}

extension QuakeCoordinate {
    var mapKitCoordinate: CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
}

extension QuakeMapRegion {
    var mapKitRegion: MKCoordinateRegion {
        MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: centerLatitude, longitude: centerLongitude),
            span: MKCoordinateSpan(latitudeDelta: latitudeSpan, longitudeDelta: longitudeSpan))
    }
}

struct QuakeMapView_Previews: PreviewProvider {
    static var previews: some View {
        QuakeMapView(
            title: QuakeListModel.preview.mapTitle, annotations: QuakeListModel.preview.mapAnnotations, region: .world)
    }
}
