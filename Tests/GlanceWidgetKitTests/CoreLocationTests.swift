import CoreLocation
import FoundationEssentials
import GlanceSystem
import Synchronization
import Testing

/// Core Location on a wall: the config's `location:` is where the device is; without one
/// the widget is told no (its own "no location" path) and the log says how, once per slot.
@Suite(.serialized) struct CoreLocationTests {
    final class Delegate: CLLocationManagerDelegate, @unchecked Sendable {
        var locations: [CLLocation] = []
        var errors: [any Error] = []
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) { self.locations += locations }
        func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) { errors.append(error) }
    }

    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func aWeatherWidgetIsToldWhereTheWallHangs() async throws {
        WallLocation.current = .init(latitude: 37.5665, longitude: 126.978, altitude: 38, name: "Seoul")
        defer { WallLocation.current = nil }
        let manager = CLLocationManager()
        let delegate = Delegate()
        manager.delegate = delegate
        manager.desiredAccuracy = kCLLocationAccuracyKilometer
        manager.requestWhenInUseAuthorization()
        manager.requestLocation()
        #expect(manager.authorizationStatus == .authorizedAlways && manager.isAuthorizedForWidgetUpdates)
        let location = try #require(delegate.locations.first)
        #expect(location.coordinate == CLLocationCoordinate2D(latitude: 37.5665, longitude: 126.978))
        #expect(location.altitude == 38 && delegate.errors.isEmpty)
        #expect(manager.location?.coordinate.latitude == 37.5665)
        // Seoul to Busan is about 325 km.
        let busan = CLLocation(latitude: 35.1796, longitude: 129.0756)
        #expect(abs(location.distance(from: busan) - 325_000) < 5_000)
        // Reverse geocoding names the wall's place near it, nothing far away.
        let placemarks = try await CLGeocoder().reverseGeocodeLocation(location)
        #expect(placemarks.first?.locality == "Seoul")
        await #expect(throws: CLError.self) { try await CLGeocoder().reverseGeocodeLocation(busan) }
    }

    @Test func withoutALocationTheWidgetIsToldNoAndTheLogSaysHowOnce() {
        WallLocation.current = nil
        let lines = Lines()
        SlotLog.setSlot("forecast", log: { lines.append($0) })
        defer { SlotLog.setSlot(nil) }
        let manager = CLLocationManager()
        let delegate = Delegate()
        manager.delegate = delegate
        manager.requestLocation()
        manager.requestLocation()
        #expect(manager.authorizationStatus == .denied && manager.location == nil)
        #expect(delegate.locations.isEmpty && delegate.errors.count == 2)
        #expect((delegate.errors.first as? CLError)?.code == .denied)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.hasPrefix("slot forecast: the widget asks where it is; set location:") == true)
    }
}
