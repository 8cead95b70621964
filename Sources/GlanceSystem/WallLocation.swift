/// Where the wall hangs (the config's `location:`): what Core Location tells widget code
/// that asks where it is. Set by the host when it starts; nil when the config names none.
package enum WallLocation {
    package struct Place: Sendable, Equatable {
        package let latitude: Double
        package let longitude: Double
        package let altitude: Double
        package let name: String?

        package init(latitude: Double, longitude: Double, altitude: Double = 0, name: String? = nil) {
            self.latitude = latitude
            self.longitude = longitude
            self.altitude = altitude
            self.name = name
        }
    }

    private static let lock = ConditionLock()
    nonisolated(unsafe) private static var place: Place?

    package static var current: Place? {
        get { lock.withLock { place } }
        set { lock.withLock { place = newValue } }
    }
}
