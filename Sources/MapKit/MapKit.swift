// `import MapKit` in a widget's file: MapKit's names that widget code uses (the
// census: docs/compat.md) as compile errors saying what a wall does instead, as Swift's own
// "unavailable" does, rather than a silent different frame. Written from the census; each
// name is a class whose initialisers (those the census saw) and members (any, through dynamic
// member lookup) type-check, so that the compiler reaches the class's "unavailable" and says it.
@_exported import CoreLocation
import GlanceNotOnAWall

@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKMapView {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKMapSnapshotter {
    public init() {}
    public init(options: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKAnnotationView {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKMarkerAnnotationView {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKPointAnnotation {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKPolyline {
    public init() {}
    public init(coordinates: Any?, count: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKPolylineRenderer {
    public init() {}
    public init(overlay: Any?) {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKOverlayRenderer {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKUserLocation {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKMapItem {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKLocalSearch {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKDirections {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
@dynamicMemberLookup
public final class MKMapCamera {
    public init() {}
    public static subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
    public subscript(dynamicMember name: String) -> _NotOnAWall { _NotOnAWall() }
}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
public protocol MKAnnotation {}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
public protocol MKOverlay {}
@available(*, unavailable, message: "MapKit: a wall draws no maps: fetch a map picture in the provider and show it with Image(uiImage:), or draw the route with Path")
public protocol MKMapViewDelegate {}

// A region's values are plain numbers a widget may compute with (a weather widget's area):
// they are provided as MapKit has them.

/// How much of the map a region spans, in degrees.
public struct MKCoordinateSpan: Hashable, Sendable {
    public var latitudeDelta: CLLocationDegrees
    public var longitudeDelta: CLLocationDegrees
    public init() { self.init(latitudeDelta: 0, longitudeDelta: 0) }
    public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

/// A centre and a span (MapKit's `MKCoordinateRegion`).
public struct MKCoordinateRegion: Sendable {
    public var center: CLLocationCoordinate2D
    public var span: MKCoordinateSpan
    public init() { self.init(center: CLLocationCoordinate2D(latitude: 0, longitude: 0), span: MKCoordinateSpan()) }
    public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) {
        self.center = center
        self.span = span
    }
    /// A region `latitudinalMeters` tall and `longitudinalMeters` wide around `center` (a
    /// degree of latitude is 111,320 m; a degree of longitude that times the latitude's cosine).
    public init(center: CLLocationCoordinate2D, latitudinalMeters: CLLocationDistance, longitudinalMeters: CLLocationDistance) {
        let metersPerDegree = 111_320.0
        let across = max(cos(center.latitude * .pi / 180), 1e-6) * metersPerDegree
        self.init(center: center, span: MKCoordinateSpan(latitudeDelta: latitudinalMeters / metersPerDegree,
                                                         longitudeDelta: min(360, longitudinalMeters / across)))
    }
}
