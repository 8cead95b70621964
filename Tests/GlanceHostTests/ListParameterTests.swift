import Foundation
import GlanceHost
import GlanceWake
import GlanceWidgets
import Testing
import GlanceConfiguration

/// A YAML list under `params:` is one value per item, in order; a list for a parameter
/// that takes one value is refused with the parameter's place in the file.
@Suite struct ListParameterTests {
    @Test func aYAMLListIsOneValuePerItem() throws {
        let config = try ConfigLoader.parse("""
            slots:
              - kind: countdown
                family: systemSmall
                params:
                  title: [Launch]
                  target: "2027-01-03"
                  tags:
                    - rain
                    - "wind, gusts"
            """, file: "wall.yaml")
        let params = config.slots[0].params.map { "\($0.name)=\($0.text)" }
        #expect(params == ["title=Launch", "target=2027-01-03", "tags=rain", "tags=wind, gusts"])
    }

    @Test func aListForAOneValueParameterIsRefusedWhereItIsWritten() throws {
        let config = try ConfigLoader.parse("""
            slots:
              - {kind: countdown, family: systemSmall, params: {title: [a, b], target: "2027-01-03"}}
            """, file: "wall.yaml")
        #expect(throws: (any Error).self) {
            _ = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: Date(timeIntervalSince1970: 0)))
        }
        do {
            _ = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: Date(timeIntervalSince1970: 0)))
        } catch {
            #expect("\(error)" == "wall.yaml:2:60: slots[0].params.title: 'a, b' is not text (one value; a list was given)")
        }
    }
}
