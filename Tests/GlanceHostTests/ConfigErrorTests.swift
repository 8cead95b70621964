import GlanceWake
import GlanceYAML
import Foundation
import GlanceHost
import GlanceWidgets
import Testing
import GlanceConfiguration

@Suite struct ConfigErrorTests {
    func loadError(_ yaml: String) -> String {
        do {
            let config = try ConfigLoader.parse(yaml, file: "wall.yaml")
            _ = try WidgetHost(config: config, registry: WidgetRegistry(BuiltinWidgets.all),
                               clock: SimulatedClock(start: Date(timeIntervalSince1970: 0)))
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [
        // Malformed YAML: line and column of the syntax error.
        ("slots: [\n  - kind: countdown\n", "wall.yaml:2:"),
        // Wrong types.
        ("slots: 5\n", "wall.yaml:1:8: slots: expected a list (lines starting with '- '), found '5'"),
        ("display: {size: big}\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:17: display.size: expected a size like 800x480, found 'big'"),
        ("minimum_reload_interval: soon\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:26: minimum_reload_interval: expected a number from 1.0 to 86400.0, found 'soon'"),
        ("draw_timeout: 0\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:15: draw_timeout: expected a number from 0.01 to 3600.0, found '0'"),
        // Unknown keys, kinds, families, zones.
        ("slot:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:1: slot: unknown key 'slot'; expected one of timezone, locale, display, slots, keys, minimum_reload_interval, provider_timeout, images, named_colors"),
        ("named_colors: {Accent: orange}\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:24: named_colors.Accent: expected a colour like \"#FF3B30\" or \"#FF3B3080\", found 'orange'"),
        ("slots:\n  - kind: clock\n    family: systemSmall\n",
         "wall.yaml:2:11: slots[0].kind: unknown widget kind 'clock'; expected one of agenda, countdown, heatmap, photo, stat, weather, weekday"),
        ("slots:\n  - kind: weekday\n    family: systemHuge\n",
         "wall.yaml:3:13: slots[0].family: unknown family 'systemHuge'; expected one of systemSmall, systemMedium"),
        ("slots:\n  - kind: weekday\n    family: systemExtraLarge\n",
         "wall.yaml:3:13: slots[0].family: 'weekday' does not support systemExtraLarge; it supports systemSmall, systemMedium, systemLarge, accessoryCircular, accessoryRectangular, accessoryInline"),
        ("timezone: Mars/Olympus\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:11: timezone: unknown time zone 'Mars/Olympus'; expected an IANA name like Asia/Seoul or Europe/London"),
        ("locale: xx_NOPE\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:9: locale: unknown locale 'xx_NOPE'; expected a language and region like ko_KR, de_DE or en_GB"),
        // Where the wall hangs.
        ("location: {latitude: 95, longitude: 10}\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:22: location.latitude: expected a number from -90.0 to 90.0, found '95'"),
        ("location: {latitude: 37.5, name: Seoul}\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:11: location: location needs latitude and longitude in degrees, like {latitude: 37.57, longitude: 126.98, name: Seoul}"),
        // Parameters.
        ("slots:\n  - kind: countdown\n    family: systemSmall\n    params: {target: soon}\n",
         "wall.yaml:4:22: slots[0].params.target: 'soon' is not a date like 2027-01-03 or 2027-01-03T09:00:00+09:00"),
        ("slots:\n  - kind: countdown\n    family: systemSmall\n",
         "wall.yaml:2:5: slots[0]: missing parameter 'target' for countdown (a date like 2027-01-03 or 2027-01-03T09:00:00+09:00); add it under params:"),
        ("slots:\n  - kind: countdown\n    family: systemSmall\n    params: {target: 2027-01-03, colour: red}\n",
         "wall.yaml:4:42: slots[0].params.colour: unknown parameter 'colour' for countdown; expected one of title, target"),
        ("slots:\n  - kind: weekday\n    family: systemSmall\n    params: {x: 1}\n",
         "wall.yaml:4:17: slots[0].params.x: unknown parameter 'x' for weekday; 'weekday' takes no parameters"),
        // Missing pieces, duplicates, placement, keys.
        ("slots:\n  - family: systemSmall\n", "wall.yaml:2:5: slots[0]: missing 'kind' (the widget to show, like countdown)"),
        ("timezone: UTC\n", "wall.yaml:1:1: no slots: add a 'slots:' list with at least one widget"),
        ("slots:\n  - {name: a, kind: weekday, family: systemSmall}\n  - {name: a, kind: weekday, family: systemSmall}\n",
         "wall.yaml:3:5: slots[1]: slot name 'a' is used twice"),
        ("display: {size: 100x100}\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:3:5: slots[0]: slot '0' (170x170+0+0) does not fit on the 100x100 display"),
        ("keys: {A: press nowhere}\nslots:\n  - {name: today, kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:11: keys.A: no slot named 'nowhere'; the slots are today"),
        ("keys: {A: {long: reload-all}}\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:11: keys.A: missing 'action' (what a short press does)"),
        ("keys: {A: press today 0}\nslots:\n  - {name: today, kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:11: keys.A: unknown action 'press today 0'; expected reload-all, 'reload KIND', 'press SLOT', 'press SLOT N', 'next STACK' or 'previous STACK'"),
        ("keys: {A: explode}\nslots:\n  - {kind: weekday, family: systemSmall}\n",
         "wall.yaml:1:11: keys.A: unknown action 'explode'; expected reload-all, 'reload KIND', 'press SLOT', 'press SLOT N', 'next STACK' or 'previous STACK'"),
        ("", "wall.yaml: the file is empty; it needs at least 'slots:'"),
    ])
    func errorsNameFileLineColumnAndField(yaml: String, expected: String) {
        let message = loadError(yaml)
        #expect(message.hasPrefix(expected), "got: \(message)")
        #expect(!message.contains("\n"))
    }

    static let slot = "slots:\n  - {kind: weekday, family: systemSmall}\n"

    /// A section another module reads (the fleet's mqtt:, trmnl:) in a build without its
    /// parser is kept unread and named, so that one config serves every build; keys
    /// nobody owns are still mistakes.
    @Test func sectionsWithoutTheirParserAreKeptUnreadAndNamed() throws {
        let config = try ConfigLoader.parse("mqtt: {host: b, qos: 2}\ntrmnl: {devices: []}\n" + Self.slot, file: "wall.yaml", sections: [])
        #expect(config.unservedSections == ["mqtt", "trmnl"])
        #expect(config.sections.isEmpty)
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("mqtx: {host: b}\n" + Self.slot, file: "wall.yaml", sections: []) }
    }

    @Test func anchorsAndAliasesAreFollowed() throws {
        let config = try ConfigLoader.parse("""
            slots:
              - &small {name: a, kind: weekday, family: systemSmall}
              - {name: b, kind: countdown, family: systemMedium, params: &launch {title: Launch, target: "2027-01-03"}}
              - {name: c, kind: countdown, family: systemSmall, params: *launch}
            """, file: "anchors.yaml")
        #expect(config.slots.map(\.name) == ["a", "b", "c"])
        #expect(config.slots[2].params.map(\.text) == ["Launch", "2027-01-03"])
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("slots: *nowhere\n", file: "x.yaml") }
    }

    @Test func aMissingFileSaysSo() {
        #expect(throws: ConfigError(file: "/nonexistent/glance.yaml", message: "no such file")) {
            try ConfigLoader.load(path: "/nonexistent/glance.yaml")
        }
    }

    @Test func theDesignsExampleParses() throws {
        let config = try ConfigLoader.parse("""
            timezone: Asia/Seoul
            display:
              backend: file
              path: out
              size: 800x480
              colors: bw
            slots:
              - name: dday
                kind: countdown
                family: systemMedium
                origin: [0, 0]
                params: {title: Launch, target: "2027-01-03"}
            keys:
              A: reload-all
            """, file: "design.yaml")
        #expect(config.timeZone.identifier == "Asia/Seoul")
        #expect(config.display.width == 800 && config.display.height == 480)
        #expect(config.slots.first?.params.map(\.name) == ["title", "target"])
        #expect(config.keys.map(\.key) == ["A"] && config.keys.map(\.action) == [.reloadAll])
    }
}

/// `input:` and `state_dir:` in the configuration.
@Suite struct InputConfigTests {
    @Test func inputDevicesAndTheirErrors() throws {
        let slots = "slots:\n  - {name: today, kind: weekday, family: systemSmall}\n"
        let one = try ConfigLoader.parse("input: {device: /dev/input/event2, range: [4095, 4095]}\n" + slots, file: "wall.yaml")
        #expect(one.inputs.map(\.device) == ["/dev/input/event2"] && one.inputs[0].range?.x == 0...4095)
        let two = try ConfigLoader.parse("input:\n  - {device: /dev/input/event0}\n  - {device: /dev/input/event1}\n" + slots, file: "wall.yaml")
        #expect(two.inputs.map(\.device) == ["/dev/input/event0", "/dev/input/event1"] && two.inputs[0].range == nil)
        for (yaml, message) in [("input: {range: [10, 10]}\n", "wall.yaml:1:8: input: missing 'device' (like /dev/input/event0 or /dev/input/by-id/…)"),
                                ("input: {device: /dev/input/event0, range: [10]}\n", "wall.yaml:1:43: input.range: expected [largest x, largest y], like [4095, 4095]"),
                                ("state_dir: \"\"\n", "wall.yaml:1:12: state_dir: expected a folder, found nothing")] {
            #expect(throws: ConfigError.self) { try ConfigLoader.parse(yaml + slots, file: "wall.yaml") }
            do { _ = try ConfigLoader.parse(yaml + slots, file: "wall.yaml") } catch { #expect("\(error)" == message) }
        }
        #expect(try ConfigLoader.parse("state_dir: state\n" + slots, file: "/etc/glance/wall.yaml").stateDirectory == "/etc/glance/state")
        // A keyboard's keys in any spelling bind by the name the device reports.
        let keyboard = try ConfigLoader.parse("input: {device: /dev/input/event0}\nkeys: {f1: reload-all, KEY_ENTER: reload-all, BTN_SOUTH: reload-all, Z9: reload-all}\n" + slots,
                                              file: "wall.yaml")
        #expect(keyboard.keys.map(\.key) == ["F1", "ENTER", "BTN_SOUTH", "Z9"])
    }
}
