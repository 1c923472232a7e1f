// The MapKit stand-in: on Linux only, the SwiftUI map and the coordinate types the Quakes map uses.
import Foundation
import SwiftUI

/// A latitude and longitude in degrees (https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d).
public struct CLLocationCoordinate2D: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    /// A coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Degrees of latitude and longitude a map shows (https://developer.apple.com/documentation/mapkit/mkcoordinatespan).
public struct MKCoordinateSpan: Sendable, Equatable {
    public var latitudeDelta: Double
    public var longitudeDelta: Double

    /// A span.
    public init(latitudeDelta: Double, longitudeDelta: Double) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

/// A region of a map (https://developer.apple.com/documentation/mapkit/mkcoordinateregion).
public struct MKCoordinateRegion: Sendable, Equatable {
    public var center: CLLocationCoordinate2D
    public var span: MKCoordinateSpan

    /// A region.
    public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) {
        self.center = center
        self.span = span
    }
}

/// Where a map's camera is (https://developer.apple.com/documentation/mapkit/mapcameraposition).
public struct MapCameraPosition: Sendable, Equatable {
    /// The region shown, when set by region.
    public let region: MKCoordinateRegion?

    /// The camera over `region`.
    public static func region(_ region: MKCoordinateRegion) -> MapCameraPosition {
        MapCameraPosition(region: region)
    }

    /// What the system chooses.
    public static let automatic = MapCameraPosition(region: nil)
}

/// Builds a map's content (https://developer.apple.com/documentation/mapkit/mapcontentbuilder).
///
/// NB: the stand-in draws a map's annotations and markers as views, so its content is built the way a view's
/// is, with every form Apple's builder takes (one item, several, `if`, `if`/`else`).
public typealias MapContentBuilder = ViewBuilder

/// A map (https://developer.apple.com/documentation/mapkit/map).
public struct Map<Content: View>: View, _PrimitiveView {
    let position: MapCameraPosition
    let content: Content

    /// A map starting at `initialPosition`, with annotations.
    public init(initialPosition: MapCameraPosition, @MapContentBuilder content: () -> Content) {
        position = initialPosition
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.map)
        if let region = position.region {
            node.value =
                "center \(region.center.latitude), \(region.center.longitude); "
                + "span \(region.span.latitudeDelta) × \(region.span.longitudeDelta)"
        }
        node.children = context.render(content, at: "content")
        return [node]
    }
}

/// A view pinned to a coordinate (https://developer.apple.com/documentation/mapkit/annotation).
public struct Annotation<Label: View, Content: View>: View, _PrimitiveView {
    let title: String
    let coordinate: CLLocationCoordinate2D
    let content: Content

    /// A pin titled `title` at `coordinate`, drawn by `content`.
    public init<S: StringProtocol>(_ title: S, coordinate: CLLocationCoordinate2D, @ViewBuilder content: () -> Content)
    where Label == Text {
        self.title = String(title)
        self.coordinate = coordinate
        self.content = content()
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.mapAnnotation, text: title)
        node.value = "\(coordinate.latitude), \(coordinate.longitude)"
        node.children = context.render(content, at: "content")
        return [node]
    }
}

/// A balloon at a coordinate, drawn by the system (https://developer.apple.com/documentation/mapkit/marker).
public struct Marker<Label: View>: View, _PrimitiveView {
    let title: String
    let coordinate: CLLocationCoordinate2D

    /// A marker titled `title` at `coordinate`.
    public init<S: StringProtocol>(_ title: S, coordinate: CLLocationCoordinate2D) where Label == Text {
        self.title = String(title)
        self.coordinate = coordinate
    }

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.mapAnnotation, text: title)
        node.value = "\(coordinate.latitude), \(coordinate.longitude)"
        return [node]
    }
}
