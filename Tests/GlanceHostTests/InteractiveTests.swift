import GlanceSystem
import Foundation
import GlanceDisplays
import GlanceGraphics
import GlanceHost
import GlanceIntents
import GlanceText
import GlanceUI
import GlanceWake
import GlanceWidgetKit
import GlanceWidgets
import Synchronization
import Testing
import GlanceConfiguration

/// What the light widget's intents and provider share (the widget's "app group").
struct LightState {
    var isOn = false
    var fetches = 0
    var performs = 0
}

let lightState = Mutex(LightState())

struct SetLightIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Light"
    @Parameter(title: "On", default: false) var value: Bool
    init() {}
    func perform() async throws -> some IntentResult {
        lightState.withLock {
            $0.isOn = value
            $0.performs += 1
        }
        return .result()
    }
}

struct CountIntent: AppIntent {
    static let title: LocalizedStringResource = "Count"
    init() {}
    func perform() async throws -> some IntentResult {
        lightState.withLock { $0.performs += 1 }
        return .result()
    }
}

struct BrokenIntent: AppIntent {
    struct Broken: Error, CustomStringConvertible { var description: String { "the bulb is gone" } }
    static let title: LocalizedStringResource = "Broken"
    init() {}
    func perform() async throws -> EmptyIntentResult { throw Broken() }
}

struct HangingIntent: AppIntent {
    static let title: LocalizedStringResource = "Hanging"
    init() {}
    func perform() async throws -> some IntentResult {
        try await Task.sleep(for: .seconds(30))
        return .result()
    }
}

struct LightEntry: TimelineEntry {
    let date: Date
    let isOn: Bool
}

struct LightProvider: TimelineProvider {
    func placeholder(in context: Context) -> LightEntry { LightEntry(date: context.date, isOn: false) }
    func getSnapshot(in context: Context, completion: @escaping (LightEntry) -> Void) { completion(placeholder(in: context)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<LightEntry>) -> Void) {
        let isOn = lightState.withLock { state in
            state.fetches += 1
            return state.isOn
        }
        completion(Timeline(entries: [LightEntry(date: context.date, isOn: isOn)], policy: .never))
    }
}

/// A toggle on top, then three buttons in a row: count, broken, hanging.
struct LightWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "light", provider: LightProvider()) { entry in
            VStack(spacing: 8) {
                Toggle("Light \(entry.isOn ? "on" : "off")", isOn: entry.isOn, intent: SetLightIntent())
                HStack {
                    Button("Count", intent: CountIntent())
                    Button("Broken", intent: BrokenIntent())
                    Button("Hang", intent: HangingIntent())
                }
            }
        }
        .supportedFamilies([.systemMedium])
    }
}

/// Buttons and toggles run their intents from a key, from `press`, and from a tap at the
/// control's pixels; the slot reloads once; failing intents change nothing.
@Suite(.serialized) struct InteractiveTests {
    let yaml = """
        timezone: UTC
        intent_timeout: 0.3
        display: {backend: file, path: unused, size: 400x200}
        slots:
          - {name: light, kind: light, family: systemMedium}
        keys:
          A: press light
          B: press light 2
          C: press light 3
          D: press light 5
          E: {action: press light 2, long: press light}
        """

    func makeHost(rotation: Int = 0) throws -> (WidgetHost, SimulatedClock, Log) {
        lightState.withLock { $0 = LightState() }
        let config = try ConfigLoader.parse(yaml, file: "wall.yaml")
        let clock = SimulatedClock(start: t0)
        let log = Log()
        let output = VanishingOutput(width: 400, height: 200)
        let host = try WidgetHost(config: config, registry: WidgetRegistry([LightWidget.self]), clock: clock,
                                  presenter: try FramePresenter(output: output, fonts: try FontLibrary(), scale: 1),
                                  log: { log.add($0) })
        host.onWake = { record in log.add("wake \(record.reason.rawValue)") }
        host.start()
        return (host, clock, log)
    }

    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func add(_ line: String) { lock.withLock { stored.append(line) } }
        var lines: [String] { lock.withLock { stored } }
    }

    func text(_ host: WidgetHost) -> [String] { host.currentFrame().slots[0].content.textLines }

    @Test func aKeyBoundToPressRunsTheToggleAndTheSlotReloadsOnce() throws {
        let (host, _, log) = try makeHost()
        #expect(text(host).first == "Light off")
        host.press(key: "A")
        #expect(host.step() == nil)
        #expect(lightState.withLock { ($0.isOn, $0.performs, $0.fetches) } == (true, 1, 2))
        #expect(text(host).first == "Light on")
        #expect(log.lines.filter { $0 == "wake intent" }.count == 1)
        // Pressed again, the toggle sets the opposite of what it now shows.
        host.press(key: "A")
        #expect(host.step() == nil)
        #expect(lightState.withLock { $0.isOn } == false)
        #expect(text(host).first == "Light off")
    }

    @Test func theNthControlInReadingOrder() throws {
        let (host, _, _) = try makeHost()
        host.press(key: "B")
        #expect(host.step() == nil)
        #expect(lightState.withLock { ($0.isOn, $0.performs) } == (false, 1))
    }

    @Test func aControlThatIsNotThereIsSaidAndNothingRuns() throws {
        let (host, _, log) = try makeHost()
        host.press(key: "D")
        #expect(host.step() == nil)
        #expect(log.lines.contains { $0.contains("press light 5: the slot shows 4 controls; nothing to press") })
        #expect(lightState.withLock { $0.performs } == 0)
    }

    @Test func aThrowingIntentLeavesTheFrameAsItWas() throws {
        let (host, _, log) = try makeHost()
        let before = host.currentFrame().slots[0].content
        host.press(key: "C")
        #expect(host.step() == nil)
        #expect(log.lines.contains { $0.contains("Broken failed: the bulb is gone; the frame stays as it is") })
        #expect(host.currentFrame().slots[0].content == before)
        #expect(lightState.withLock { $0.fetches } == 1)
    }

    @Test func aHangingIntentTimesOutAndTheNextOneStillWorks() throws {
        let (host, _, log) = try makeHost()
        let before = host.currentFrame().slots[0].content
        let hang = try #require(host.currentFrame().slots[0].content.controls.last)
        #expect(hang.action.title == "Hanging")
        host.inbox.send(.pressControl(slot: "light", control: 4))
        // The intent never returns: only the 0.3 s limit ends the step (the log says so).
        #expect(host.step() == nil)
        #expect(log.lines.contains { $0.contains("Hanging did not finish within 0.3 s") })
        #expect(host.currentFrame().slots[0].content == before)
        host.press(key: "A")
        #expect(host.step() == nil)
        #expect(text(host).first == "Light on")
    }

    @Test func aTapOnTheControlPressesIt() throws {
        let (host, _, log) = try makeHost()
        let frame = host.currentFrame()
        let canvas = try #require(frame.canvas)
        // The switch's outline is the first dark pixel from the top; tap inside the switch.
        let top = try #require((0..<canvas.height).first { y in (0..<canvas.width).contains { canvas[x: $0, y: y].r < 128 } })
        let left = try #require((0..<canvas.width).first { canvas[x: $0, y: top].r < 128 })
        host.inbox.send(.tap(x: left + 10, y: top + 15))
        #expect(host.step() == nil)
        #expect(lightState.withLock { $0.isOn } == true)
        // Outside every control: nothing.
        host.inbox.send(.tap(x: 2, y: 2))
        #expect(host.step() == nil)
        #expect(lightState.withLock { $0.performs } == 1)
        #expect(log.lines.filter { $0 == "wake intent" }.count == 1)
    }

    @Test func aLongPressHasItsOwnBinding() throws {
        let (host, _, _) = try makeHost()
        let ms: UInt64 = 1_000_000
        host.inbox.send(.keyDown("E", atNanoseconds: 1000 * ms))
        host.inbox.send(.keyUp("E", atNanoseconds: 1200 * ms))
        #expect(host.step() == nil)
        #expect(lightState.withLock { ($0.isOn, $0.performs) } == (false, 1))
        host.inbox.send(.keyDown("E", atNanoseconds: 5000 * ms))
        host.inbox.send(.keyUp("E", atNanoseconds: 5700 * ms))
        #expect(host.step() == nil)
        #expect(lightState.withLock { ($0.isOn, $0.performs) } == (true, 2))
        host.press(key: "E", long: true)
        #expect(host.step() == nil)
        #expect(lightState.withLock { ($0.isOn, $0.performs) } == (false, 3))
    }
}

extension InteractiveTests {
    /// `glance press A` as the socket delivers it: the same path as the board key.
    @Test func aPressFromTheControlSocketRunsTheToggle() throws {
        let (host, _, log) = try makeHost()
        let commands = ControlCommands(stateDirectory: FileManager.default.temporaryDirectory.path)
        let answer = commands.answer("{\"command\": \"press\", \"key\": \"A\"}", host: host)
        #expect(answer == "{\"ok\": true, \"message\": \"pressed A: press light\"}")
        #expect(host.step() == nil)
        #expect(lightState.withLock { $0.isOn })
        #expect(log.lines.filter { $0 == "wake intent" }.count == 1)
        // A press of a key that is not bound changes nothing.
        #expect(commands.answer("{\"command\": \"press\", \"key\": \"Z\"}", host: host).contains("no key \\\"Z\\\" in keys:"))
        let status = commands.answer("{\"command\": \"status\"}", host: host)
        #expect(StatusReport(line: status)?.lastIntent == StatusReport.Intent(slot: "light", title: "Light", error: nil), "\(status)")
    }
}
