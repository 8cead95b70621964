// `import CoreLocation` in a widget's file is this module: Apple's Core Location as a wall
// answers it. The wall does not move; it is where the config's `location:` says
// (latitude, longitude, a name), so a weather widget that asks where it is is told where the
// wall hangs. Without `location:` the wall is a device whose person said no: the
// authorisation is `.denied` and a request fails with `CLError.denied` (the widget's own
// "no location" path), and the daemon's log says how to set it, once per slot.
@_exported import Glance
import GlanceSystem

public typealias CLLocationDegrees = Double
public typealias CLLocationDistance = Double
public typealias CLLocationAccuracy = Double
public typealias CLLocationSpeed = Double
public typealias CLLocationDirection = Double

public let kCLLocationAccuracyBest: CLLocationAccuracy = -1
public let kCLLocationAccuracyBestForNavigation: CLLocationAccuracy = -2
public let kCLLocationAccuracyNearestTenMeters: CLLocationAccuracy = 10
public let kCLLocationAccuracyHundredMeters: CLLocationAccuracy = 100
public let kCLLocationAccuracyKilometer: CLLocationAccuracy = 1000
public let kCLLocationAccuracyThreeKilometers: CLLocationAccuracy = 3000
public let kCLLocationAccuracyReduced: CLLocationAccuracy = 3000
public let kCLDistanceFilterNone: CLLocationDistance = -1

/// A latitude and longitude in degrees (WGS 84).
public struct CLLocationCoordinate2D: Sendable, Hashable, Codable {
    public var latitude: CLLocationDegrees
    public var longitude: CLLocationDegrees
    public init() { latitude = 0; longitude = 0 }
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

public func CLLocationCoordinate2DMake(_ latitude: CLLocationDegrees, _ longitude: CLLocationDegrees) -> CLLocationCoordinate2D {
    CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
}

public func CLLocationCoordinate2DIsValid(_ coordinate: CLLocationCoordinate2D) -> Bool {
    (-90...90).contains(coordinate.latitude) && (-180...180).contains(coordinate.longitude)
}

/// A place and when it was measured.
open class CLLocation: @unchecked Sendable, CustomStringConvertible {
    public let coordinate: CLLocationCoordinate2D
    public let altitude: CLLocationDistance
    public let horizontalAccuracy: CLLocationAccuracy
    public let verticalAccuracy: CLLocationAccuracy
    public let timestamp: Date
    public var speed: CLLocationSpeed { -1 }
    public var course: CLLocationDirection { -1 }

    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        altitude = 0
        horizontalAccuracy = 0
        verticalAccuracy = -1
        timestamp = Date()
    }

    public init(coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance, horizontalAccuracy: CLLocationAccuracy,
                verticalAccuracy: CLLocationAccuracy, timestamp: Date) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.timestamp = timestamp
    }

    /// The great-circle distance in metres (haversine on a sphere of the mean Earth radius).
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radius = 6_371_008.8
        let φ1 = coordinate.latitude * .pi / 180, φ2 = location.coordinate.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
        let a = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * radius * atan2(a.squareRoot(), (1 - a).squareRoot())
    }

    public var description: String {
        "<\(coordinate.latitude),\(coordinate.longitude)> +/- \(horizontalAccuracy)m"
    }
}

/// Whether the app may learn where the device is.
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0, restricted = 1, denied = 2, authorizedAlways = 3, authorizedWhenInUse = 4
}

public enum CLAccuracyAuthorization: Int, Sendable { case fullAccuracy = 0, reducedAccuracy = 1 }

/// Core Location's errors.
public struct CLError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Code: Int, Sendable { case locationUnknown = 0, denied = 1, network = 2, geocodeFoundNoResult = 8 }
    public let code: Code
    public init(_ code: Code) { self.code = code }
    public static let locationUnknown = Code.locationUnknown
    public static let denied = Code.denied
    public var description: String {
        code == .denied ? "the wall has no location: set location: in its config" : "CLError \(code)"
    }
}

/// What a location manager tells its delegate.
public protocol CLLocationManagerDelegate: AnyObject {
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus)
}

extension CLLocationManagerDelegate {
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {}
}

/// The wall's location manager: its place is the config's `location:`. Requests are
/// answered at once, on the calling thread (the provider's), before the call returns.
open class CLLocationManager: @unchecked Sendable {
    public weak var delegate: (any CLLocationManagerDelegate)?
    public var desiredAccuracy: CLLocationAccuracy = kCLLocationAccuracyBest
    public var distanceFilter: CLLocationDistance = kCLDistanceFilterNone
    public var activityType = 0
    public var pausesLocationUpdatesAutomatically = true
    public var allowsBackgroundLocationUpdates = false

    public init() {}

    /// Where the wall hangs; nil when the config names no `location:`.
    open var location: CLLocation? {
        guard let place = WallLocation.current else {
            Self.sayOnce()
            return nil
        }
        return CLLocation(coordinate: CLLocationCoordinate2D(latitude: place.latitude, longitude: place.longitude), altitude: place.altitude,
                          horizontalAccuracy: 0, verticalAccuracy: 0, timestamp: Date())
    }

    /// Always allowed with a `location:`, denied without one.
    open var authorizationStatus: CLAuthorizationStatus { WallLocation.current == nil ? .denied : .authorizedAlways }
    open class func authorizationStatus() -> CLAuthorizationStatus { WallLocation.current == nil ? .denied : .authorizedAlways }
    open var accuracyAuthorization: CLAccuracyAuthorization { .fullAccuracy }
    open var isAuthorizedForWidgetUpdates: Bool { WallLocation.current != nil }
    open class func locationServicesEnabled() -> Bool { true }

    open func requestWhenInUseAuthorization() { delegate?.locationManagerDidChangeAuthorization(self) }
    open func requestAlwaysAuthorization() { delegate?.locationManagerDidChangeAuthorization(self) }

    /// Tells the delegate the wall's place (or `CLError.denied` without one).
    open func requestLocation() { answer() }
    open func startUpdatingLocation() { answer() }
    open func stopUpdatingLocation() {}
    open func startMonitoringSignificantLocationChanges() { answer() }
    open func stopMonitoringSignificantLocationChanges() {}

    private func answer() {
        if let location {
            delegate?.locationManager(self, didUpdateLocations: [location])
        } else {
            delegate?.locationManager(self, didFailWithError: CLError(.denied))
        }
    }

    private static let saidLock = NSLock()
    nonisolated(unsafe) private static var saidFor: Set<String> = []

    /// Once per slot: how to give the wall a location.
    static func sayOnce() {
        let slot = SlotLog.currentSlot ?? ""
        let first = saidLock.withLock { saidFor.insert(slot).inserted }
        if first {
            SlotLog.write("the widget asks where it is; set location: {latitude: …, longitude: …, name: …} in the config (until then it is told no)")
        }
    }
}

/// A place's address, as a wall knows it: its `location:`'s name is the locality.
open class CLPlacemark: @unchecked Sendable {
    public let location: CLLocation?
    public let name: String?
    public let locality: String?
    public var subLocality: String? { nil }
    public var administrativeArea: String? { nil }
    public var country: String? { nil }
    public var isoCountryCode: String? { nil }
    public var postalCode: String? { nil }
    public var thoroughfare: String? { nil }
    public var timeZone: TimeZone? { nil }

    init(location: CLLocation?, name: String?) {
        self.location = location
        self.name = name
        locality = name
    }
}

/// Reverse geocoding without a network service: a location within 50 km of the wall's is
/// named by the config's `location: name:`; elsewhere nothing is found.
open class CLGeocoder: @unchecked Sendable {
    public init() {}

    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] {
        guard let place = WallLocation.current, let name = place.name,
              location.distance(from: CLLocation(latitude: place.latitude, longitude: place.longitude)) < 50_000 else {
            throw CLError(.geocodeFoundNoResult)
        }
        return [CLPlacemark(location: location, name: name)]
    }

    open func reverseGeocodeLocation(_ location: CLLocation, completionHandler: @escaping ([CLPlacemark]?, (any Error)?) -> Void) {
        guard let place = WallLocation.current, let name = place.name,
              location.distance(from: CLLocation(latitude: place.latitude, longitude: place.longitude)) < 50_000 else {
            completionHandler(nil, CLError(.geocodeFoundNoResult))
            return
        }
        completionHandler([CLPlacemark(location: location, name: name)], nil)
    }

    open func cancelGeocode() {}
}
