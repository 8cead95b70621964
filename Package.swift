// swift-tools-version:6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Glance",
    platforms: [.macOS(.v14)],
    products: [
        // For widget packages: SwiftUI, WidgetKit, Swift Charts and App Intents names, and a thin runner
        // (render, run, gallery, widgets). MQTT and TRMNL only with the Fleet trait.
        // Apple's module names are Glance too: `import SwiftUI`, `WidgetKit`, `AppIntents`,
        // `Intents` and `Charts` compile as on iOS for a target that depends on this product,
        // and so do `ActivityKit`, `UIKit`, `CoreGraphics`, `os`/`OSLog` and `CoreLocation` (the parts widgets use).
        .library(name: "Glance", targets: ["Glance", "Charts", "SwiftUI", "WidgetKit", "AppIntents", "Intents", "ActivityKit", "UIKit", "CoreGraphics", "os", "OSLog", "CoreLocation",
                                                 // Frameworks a wall has no use for: their names are compile errors saying what a wall does instead.
                                                 "Network", "CloudKit", "MapKit", "WatchKit", "WatchConnectivity", "UserNotifications", "Contacts", "EventKit", "Photos", "AVFoundation", "CoreImage"]),
        // No product for programs that embed the daemon (the host, outputs, boards): none
        // does yet, and a product is a public surface to keep (docs/ARCHITECTURE.md).
        .executable(name: "glance", targets: ["GlanceCLI"]),
        // `import Combine` (OpenCombine under Apple's name): its own product, so that only a
        // widget package that imports Combine builds OpenCombine.
        .library(name: "Combine", targets: ["Combine"]),
        // `import SwiftData`: models kept in SQLite in the state folder; a product of its own,
        // so that only a widget package that imports SwiftData links SQLite.
        .library(name: "SwiftData", targets: ["SwiftData"]),
        // `import CoreData`: the app's store over the same SQLite files, with the
        // CoreDataModels plugin generating a data model's classes.
        .library(name: "CoreData", targets: ["CoreData"]),
        // The classes Xcode generates from an `.intentdefinition` (`ConfigurationIntent`):
        // `plugins: [.plugin(name: "IntentDefinitions", package: "glance")]` on a widget's target.
        .plugin(name: "IntentDefinitions", targets: ["IntentDefinitions"]),
        // The classes Xcode generates from a Core Data model (`.xcdatamodeld`).
        .plugin(name: "CoreDataModels", targets: ["CoreDataModels"]),
    ],
    // What a widget package may ask of Glance beyond widget code:
    //   .package(url: …, from: …, traits: ["Fleet"])
    traits: [
        .trait(name: "Fleet", description: "MQTT (Home Assistant) and TRMNL devices in a widget executable's `run`, as in `glance run`; brings swift-nio and libmosquitto into its build."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The HTTP server TRMNL devices poll (one event-loop thread; requests are answered
        // on the daemon's own thread).
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // Combine's publishers and subjects for `import Combine` (Sources/Combine).
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
    ],
    targets: [
        // Linux syscalls that Glibc does not import cleanly (timerfd, signalfd, epoll,
        // the spidev and framebuffer ioctls).
        .target(name: "CGlanceLinux"),
        // libyaml from Debian (libyaml-dev), for reading configuration files.
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        // Calendar days, wall-clock boundaries in a zone, the clock protocol.
        .target(name: "GlanceTime"),
        // libical 3 from Debian (libical-dev), for reading iCalendar feeds (RFC 5545). Its
        // headers only (in /usr/include/libical, no flags needed; not through pkg-config,
        // whose libical.pc would add libicalss and libicalvcal and with them Berkeley DB):
        // nothing is linked.
        .systemLibrary(name: "CICal", providers: [.apt(["libical-dev"])]),
        // ical.h's functions that GlanceCalendar calls, defined as calls into libical.so.3,
        // opened when a calendar is first parsed (a display without an agenda loads neither
        // it nor ICU).
        // The one loader of the libraries opened on first use (libcurl, libical,
        // libmosquitto): dlopen once, each function looked up once, one way to say why not.
        .target(name: "CGlanceLoader"),
        .target(name: "CGlanceICal", dependencies: ["CICal", "CGlanceLoader"]),
        // iCalendar feeds read with libical, and their events expanded into occurrences
        // (RRULE, RDATE, EXDATE, moved instances) in instants, zones resolved through GlanceTime.
        .target(name: "GlanceCalendar", dependencies: ["CICal", "CGlanceICal", "GlanceTime"]),
        // Package-internal helpers below everything: files written whole (AtomicFile), a
        // condition lock on CLOCK_MONOTONIC, threads, state paths, the control socket's client.
        .target(name: "GlanceSystem", dependencies: ["CGlanceLinux"]),
        // libpng from Debian (libpng-dev), for PNG frames and images.
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Grey PNGs of 1 and 2 bits a pixel (TRMNL devices) through libpng's full API, whose
        // error handling (setjmp) stays in C.
        .target(name: "CGlancePNG", dependencies: ["CPNG"]),
        // JPEG (libjpeg-turbo) and WebP (libwebp) pictures decoded at the size they are
        // drawn; both libraries opened on the first picture of their kind, not linked.
        .target(name: "CGlancePicture", dependencies: ["CGlanceLoader"]),
        // Pixels, colours, palettes, dithering, packing, PNG/PNM, pictures.
        .target(name: "GlanceGraphics", dependencies: ["CPNG", "CGlancePNG", "CGlancePicture", "GlanceSystem"]),
        // FreeType and fontconfig from Debian (libfreetype-dev, libfontconfig-dev).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // fontconfig's headers only (in /usr/include/fontconfig): the library is opened on
        // the first font question the state folder's match cache cannot answer
        // (CGlanceFontconfig), so a warm start loads neither it nor expat.
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CGlanceFontconfig", dependencies: ["CFontconfig", "CGlanceLoader"]),
        // Fonts, glyph rasterising and caching, line layout.
        .target(name: "GlanceText", dependencies: ["GlanceGraphics", "GlanceSystem", "CFreeType", "CFontconfig", "CGlanceFontconfig"]),
        // libgpiod from Debian (libgpiod-dev): 1.x on Debian 12, 2.x on Debian 13 or from
        // bookworm-backports (PKG_CONFIG_PATH picks which; see scripts/libgpiod2).
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        // One small GPIO API over either libgpiod major version, chosen at build time.
        .target(name: "CGlanceGPIO", dependencies: ["CGPIOD"]),
        // The wires: the panel bus protocol, the bus trace; spidev and libgpiod.
        .target(name: "GlanceHardware", dependencies: ["CGlanceGPIO", "CGlanceLinux", "GlanceSystem"]),
        // What wakes the host: its clock (one blocking wait on epoll, a timerfd that also
        // sees the wall clock set, signals, watched descriptors; or virtual time) and a
        // board's keys as one of the descriptors it watches. Below the host, so that the
        // device check's second build (libgpiod 2.x) needs only this and the panel stack.
        .target(name: "GlanceWake", dependencies: ["GlanceHardware", "GlanceTime", "GlanceSystem", "CGlanceLinux"]),
        // Configuration files: libyaml's tree, and errors that name the file, line and field.
        .target(name: "GlanceYAML", dependencies: ["CYAML", "GlanceSystem"]),
        // Boards (model, catalogue, factories), panel controllers (SSD1680/SSD1683, UC8179,
        // UC8159, ST7789), the outputs (file, framebuffer, panel) and the one frame pipeline.
        .target(name: "GlanceDisplays", dependencies: ["GlanceGraphics", "GlanceHardware", "GlanceYAML", "GlanceTime", "GlanceSystem"]),
        // Controller emulators: decode bus traffic into the image a panel would show.
        .target(name: "GlanceEmulators", dependencies: ["GlanceGraphics", "GlanceHardware", "GlanceDisplays"]),
        // The SwiftUI-style views widget authors write, resolved into view trees.
        .target(name: "GlanceUI", dependencies: ["GlanceTime", "GlanceGraphics", "GlanceText", "GlanceIntents", "GlanceSystem"]),
        // Lays out and draws view trees (FreeType glyphs, shapes, images) into a Canvas.
        .target(name: "GlanceRender", dependencies: ["GlanceUI", "GlanceGraphics", "GlanceText"]),
        .target(name: "GlanceIntents", dependencies: ["GlanceTime", "GlanceSystem"]),
        // libcurl from Debian (libcurl4-openssl-dev): the data widgets' HTTP GETs, blocking
        // on the slot's own thread (see GlanceFetch/HTTPClient.swift for why not URLSession).
        // Its headers only: CGlanceCurl opens libcurl.so.4 on the first fetch, so `glance`
        // does not load it and its two dozen libraries at start. The `Glance` target links
        // it for FoundationNetworking (a static build of a widget needs it).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .target(name: "CGlanceCurl", dependencies: ["CCurl", "CGlanceLoader"]),
        // What data widgets read: HTTP GETs, JSON values and paths, files watched with inotify.
        .target(name: "GlanceFetch", dependencies: ["CGlanceCurl", "GlanceSystem", "CGlanceLinux"]),
        // `#Preview`, expanded to nothing: a compiler plugin that speaks the plugin protocol
        // itself (no swift-syntax to build; see its main.swift for why).
        .macro(name: "GlanceMacros"),
        // The configuration file: its model (`GlanceConfig`) and reader, errors that name
        // the file, line and field; sections other modules own (mqtt:, trmnl:) are read by
        // their parsers (`ConfigSections`).
        .target(name: "GlanceConfiguration", dependencies: ["GlanceYAML", "GlanceDisplays", "GlanceHardware", "GlanceGraphics", "GlanceTime", "GlanceSystem"]),
        .target(name: "GlanceWidgetKit", dependencies: ["GlanceTime", "GlanceSystem", "GlanceGraphics", "GlanceUI", "GlanceIntents"]),
        .target(
            name: "GlanceHost",
            dependencies: [
                "GlanceTime", "GlanceGraphics", "GlanceText", "GlanceWidgetKit", "GlanceUI", "GlanceRender", "GlanceIntents", "GlanceHardware",
                "GlanceDisplays", "GlanceConfiguration", "GlanceYAML", "GlanceSystem", "GlanceFetch", "CGlanceLinux", "GlanceWake",
            ]
        ),
        // libmosquitto from Debian (libmosquitto-dev): the MQTT client, driven from the
        // daemon's one wait through its socket (no library thread).
        .systemLibrary(name: "CMosquitto", providers: [.apt(["libmosquitto-dev"])]),
        // mosquitto.h's functions defined as calls into libmosquitto.so.1, opened when an
        // MQTT client is first made (a display without mqtt: loads neither it nor OpenSSL).
        .target(name: "CGlanceMosquitto", dependencies: ["CMosquitto", "CGlanceLoader"]),
        // Many displays: MQTT (state, commands, Home Assistant discovery) as one more front
        // end to the control commands, and TRMNL devices served as displays of their own.
        .target(name: "GlanceFleet", dependencies: [
            "CMosquitto", "CGlanceMosquitto", "GlanceHost", "GlanceFetch", "GlanceGraphics", "GlanceDisplays", "GlanceText", "GlanceIntents", "GlanceWidgetKit", "GlanceSystem",
            "GlanceTime", "GlanceYAML", "GlanceConfiguration", "CGlanceLinux", "GlanceWake", "GlanceWidgets",
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ], resources: [
            // The web page's files, compiled into the binary as bytes (PackageResources):
            // the page needs no files beside the executable and no CDN.
            .embedInCode("Web/Page/index.html"), .embedInCode("Web/Page/app.js"), .embedInCode("Web/Page/app.css"),
        ]),
        .target(name: "GlanceWidgets", dependencies: ["GlanceTime", "GlanceWidgetKit", "GlanceUI", "GlanceIntents", "GlanceFetch", "GlanceSystem", "GlanceCalendar", "GlanceGraphics", "Charts"]),
        // Swift Charts' names (`import Charts`): charts resolved into GlanceUI views.
        .target(name: "Charts", dependencies: ["GlanceUI", "GlanceTime", "GlanceGraphics", "GlanceWidgetKit"]),
        // Foundation's predicate strings and key-based sorting (NSPredicate(format:)), for Glance and CoreData.
        .target(name: "GlancePredicates", dependencies: ["GlanceSystem"]),
        .target(name: "Glance", dependencies: ["GlancePredicates", "GlanceTime", "GlanceWidgetKit", "GlanceUI", "GlanceIntents", "Charts", "GlanceRunner", "GlanceMacros", "GlanceSystem",
                                               .target(name: "GlanceFleet", condition: .when(traits: ["Fleet"]))],
                // _FoundationICU: MeasurementFormatter's unit patterns (ICU's C API, which a
                // dynamic build does not link through Foundation).
                linkerSettings: [.linkedLibrary("curl"), .linkedLibrary("_FoundationICU")]),
        // Apple's module names, each `@_exported import Glance` (Sources/SwiftUI and so on).
        .target(name: "SwiftUI", dependencies: ["Glance"]),
        .target(name: "WidgetKit", dependencies: ["Glance"]),
        .target(name: "AppIntents", dependencies: ["Glance"]),
        .target(name: "Intents", dependencies: ["Glance"]),
        .target(name: "ActivityKit", dependencies: ["Glance", "GlanceNotOnAWall"]),
        .target(name: "UIKit", dependencies: ["Glance"]),
        .target(name: "CoreGraphics", dependencies: ["Glance"]),
        .target(name: "os", dependencies: ["Glance"]),
        .target(name: "OSLog", dependencies: ["os"]),
        .target(name: "CoreLocation", dependencies: ["Glance", "GlanceSystem"]),
        // What a name of a framework a wall has no use for gives: no dependencies, so those
        // modules build beside Glance, not after it.
        .target(name: "GlanceNotOnAWall"),
        .target(name: "Network", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "CloudKit", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "MapKit", dependencies: ["GlanceNotOnAWall", "CoreLocation"]),
        .target(name: "WatchKit", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "WatchConnectivity", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "UserNotifications", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "Contacts", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "EventKit", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "Photos", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "AVFoundation", dependencies: ["GlanceNotOnAWall"]),
        .target(name: "CoreImage", dependencies: ["GlanceNotOnAWall"]),
        // Reads `.intentdefinition` files and writes Swift (the IntentDefinitions plugin's tool).
        .target(name: "GlanceIntentDefinitions"),
        .executableTarget(name: "glance-intentdefinition", dependencies: ["GlanceIntentDefinitions"], path: "Sources/GlanceIntentDefinitionTool"),
        .plugin(name: "IntentDefinitions", capability: .buildTool(), dependencies: ["glance-intentdefinition"]),
        // Reads Core Data models and writes their classes (the CoreDataModels plugin's tool).
        .target(name: "GlanceDataModels"),
        .executableTarget(name: "glance-datamodel", dependencies: ["GlanceDataModels"], path: "Sources/GlanceDataModelTool"),
        .plugin(name: "CoreDataModels", capability: .buildTool(), dependencies: ["glance-datamodel"]),
        .target(name: "Combine", dependencies: ["GlanceUI", .product(name: "OpenCombine", package: "OpenCombine"),
                                                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                                                .product(name: "OpenCombineFoundation", package: "OpenCombine")]),
        // SQLite from Debian (libsqlite3-dev), under SwiftData.
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SwiftData", dependencies: ["Glance", "GlanceUI", "GlanceSystem", "CSQLite", "GlanceMacros"]),
        .target(name: "CoreData", dependencies: ["GlancePredicates", "Glance", "GlanceUI", "GlanceSystem", "SwiftData"]),
        // The thin runner a widget executable is: render, run, gallery and widgets over the
        // host and the built-in widgets; no MQTT, TRMNL, emulators or benches.
        .target(
            name: "GlanceRunner",
            dependencies: [
                "GlanceHost", "GlanceConfiguration", "GlanceWidgets", "GlanceWidgetKit", "GlanceIntents", "GlanceTime", "GlanceText", "GlanceGraphics", "GlanceUI",
                "GlanceHardware", "GlanceYAML", "GlanceSystem", "GlanceFetch", "GlanceCalendar", "GlanceWake",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `glance`'s commands: the runner's, and the benches, simulate, boards, trace
        // decoding, the panel tools and the control socket's clients; MQTT and TRMNL in run.
        .target(
            name: "GlanceCommandLine",
            dependencies: [
                "GlanceRunner", "GlanceHost", "GlanceConfiguration", "GlanceFleet", "GlanceWidgets", "GlanceFetch", "GlanceWidgetKit", "GlanceIntents", "GlanceTime", "GlanceText", "GlanceGraphics", "GlanceUI", "GlanceRender",
                "GlanceHardware", "GlanceDisplays", "GlanceEmulators", "GlanceYAML", "GlanceSystem", "GlanceCalendar", "Charts", "GlanceWake", "CGlanceLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "GlanceCLI", dependencies: ["GlanceCommandLine"]),
        // An iOS-style widget as its own executable: `swift run EmojiWidget render …`.
        .executableTarget(name: "EmojiWidget", dependencies: ["Glance", "SwiftUI", "WidgetKit"], path: "Examples/EmojiWidget"),
        // The D-Day tutorial's pair: a widget reading an app group's UserDefaults, and the
        // app's side as a command that writes it and calls WidgetCenter.
        .executableTarget(name: "DDayWidget", dependencies: ["Glance"], path: "Examples/DDay/Widget"),
        .executableTarget(name: "dday-set", dependencies: ["Glance"], path: "Examples/DDay/Companion"),
        // A widget that crashes, hangs or draws nothing on purpose, and a ticker beside it:
        // the daemon's quarantine tests run it as `run --config`.
        .executableTarget(name: "trap-widget", dependencies: ["Glance"], path: "Tests/TrapWidget"),
        .testTarget(name: "GlanceTimeTests", dependencies: ["GlanceTime"]),
        // Fixture calendars expanded and compared with Python's icalendar and
        // recurring-ical-events (Calendars/oracle.py), and by hand for the tricky cases.
        .testTarget(name: "GlanceCalendarTests", dependencies: ["GlanceCalendar", "GlanceTime"]),
        // Runs inside scripts/gpio-sim-vm: the libgpiod adapter, the wired bus and keys
        // against the kernel's simulated GPIO chip, spidev on a capturing SPI controller,
        // the framebuffer sink on its vfb.
        .executableTarget(name: "GlanceDeviceCheck", dependencies: ["GlanceHardware", "GlanceDisplays", "GlanceWake", "GlanceSystem", "GlanceTime", "GlanceGraphics"], path: "Tests/DeviceCheck"),
        // Golden-image comparison shared by the test targets.
        .target(name: "GlanceTestSupport", dependencies: ["GlanceGraphics", "GlanceSystem", "GlanceTime"], path: "Tests/Support"),
        .testTarget(name: "GlanceFetchTests", dependencies: ["GlanceFetch", "GlanceTestSupport", "GlanceSystem"]),
        .testTarget(name: "GlanceUITests", dependencies: ["GlanceUI", "GlanceRender", "GlanceIntents", "GlanceTime", "GlanceText", "GlanceGraphics", "GlanceTestSupport",
                                                        "GlanceSystem"], exclude: ["Goldens"]),
        .testTarget(name: "GlanceTextTests", dependencies: ["GlanceText", "GlanceGraphics", "GlanceTestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "GlanceGraphicsTests", dependencies: ["GlanceGraphics", "GlanceSystem", "GlanceTestSupport"], exclude: ["Goldens", "Pictures"]),
        .testTarget(name: "GlanceDisplaysTests", dependencies: ["GlanceDisplays", "GlanceEmulators", "GlanceHardware", "GlanceGraphics", "GlanceTime"], exclude: ["Traces"]),
        .testTarget(name: "GlanceWidgetKitTests", dependencies: ["GlanceWidgetKit", "GlanceTime", "GlanceIntents", "GlanceUI", "GlanceSystem", "os", "CoreLocation",
                                                               "Combine", "SwiftUI", "SwiftData", "GlanceTestSupport"]),
        .testTarget(name: "GlanceHostTests", dependencies: ["GlanceHost", "GlanceConfiguration", "GlanceSystem", "GlanceTestSupport", "GlanceFetch", "GlanceYAML", "GlanceGraphics", "GlanceDisplays", "GlanceEmulators", "GlanceHardware", "GlanceText", "GlanceWidgets", "GlanceTime", "GlanceWidgetKit", "GlanceIntents", "GlanceUI", "GlanceWake"], exclude: ["Goldens"]),
        .testTarget(name: "GlanceWidgetsTests", dependencies: ["GlanceWidgets", "GlanceConfiguration", "GlanceFetch", "GlanceSystem", "GlanceYAML", "GlanceDisplays", "GlanceGraphics", "GlanceText", "GlanceTestSupport", "GlanceHost", "GlanceIntents", "GlanceTime", "GlanceWidgetKit", "GlanceUI", "GlanceWake"], exclude: ["Goldens"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "GlanceUI", "GlanceTime", "GlanceGraphics", "GlanceRender", "GlanceText", "GlanceTestSupport", "GlanceWidgetKit"], exclude: ["Goldens"]),
        .testTarget(name: "GlanceFleetTests", dependencies: ["GlanceFleet", "GlanceConfiguration", "GlanceYAML", "GlanceTestSupport"]),
        // What `import Glance` gives widget code: iOS-shaped geometry code compiled and
        // drawn, MeasurementFormatter.
        // Its Weather.intentdefinition goes through the IntentDefinitions plugin, as a widget package's would.
        // Its Notes.xcdatamodeld goes through the CoreDataModels plugin, as a widget package's would.
        .testTarget(name: "CoreDataTests", dependencies: ["CoreData", "Glance", "GlanceUI", "GlanceDataModels"],
                    plugins: ["CoreDataModels"]),
        .testTarget(name: "IntentDefinitionTests", dependencies: ["Glance", "Intents", "GlanceIntents", "GlanceIntentDefinitions"],
                    plugins: ["IntentDefinitions"]),
        .testTarget(name: "GlanceTests", dependencies: ["Glance", "Charts", "GlanceUI", "GlanceRender", "GlanceText", "GlanceGraphics"]),
        .testTarget(name: "GlanceCLITests", dependencies: ["GlanceCLI", "GlanceTestSupport", "EmojiWidget", "DDayWidget", "dday-set", "trap-widget", "GlanceSystem", "CGlanceLinux", "GlanceRunner"]),
    ],
    swiftLanguageModes: [.v6]
)

// The widget corpus (Tests/Corpus): real widget code from public repositories, each
// entry built as its own executable from the files as published. Their `import SwiftUI`,
// `import WidgetKit` and `import AppIntents` are Glance's modules of those names.
let corpus = [
    "bacon-watch-widget", "homewidget-example", "homewidget-lockscreen", "pawello-countdown", "pawello-environment",
    "pawello-interactive", "pawello-lockscreen", "sachin-count-interactive", "sachin-month-calendar",
    "xcode16-appintent-template", "xcode16-static-template",
    // Issue 27: widgets in the shapes whose words a 1-bit panel loses.
    "pawello-appgroup", "pawello-dynamicintent", "sachin-input", "sachin-timer", "sachin-clock", "dailyinfo-grid",
    // Issue 33: a widget with a Swift Charts chart, which also imports Charts.
    "docs-charts-steps",
    // Issue 43: widgets from the census's repositories and beyond, as published.
    "0niel-schedule",
    "bilalcavus-pomodoro",
    "eladkarni-dualtemp",
    "ferryto-hellomaui",
    "kisimedia-textwidget",
    "leekahseng-countdown",
    "leekahseng-viewsize",
    "lorenzo-travelstats",
    "neurothrone-eightball",
    "rakhlin-streak",
    "xiaopin-player",
    "xsidelight-appgroup",
    "maris-time", "packt-todo", "nurhayat-superhome", "gyeolee-counter", "packt18-calendar", "packt3-todo",
    "trainlcd-watch", "paulsolt-budgetchart", "teenloong-flipclock",
]
let chartsCorpus: Set<String> = ["docs-charts-steps", "paulsolt-budgetchart"]
for entry in corpus {
    // Apple's module names, as a widget package depending on the Glance product has them.
    var dependencies: [Target.Dependency] = ["SwiftUI", "WidgetKit", "AppIntents", "Intents", "ActivityKit", "UIKit", "CoreGraphics", "os",
                                             "OSLog", "CoreLocation", "Combine"]
    if chartsCorpus.contains(entry) { dependencies.append("Charts") }
    package.targets.append(.executableTarget(name: "corpus-\(entry)", dependencies: dependencies,
                                             path: "Tests/Corpus/\(entry)", exclude: ["LICENSE", "SOURCE.md"],
                                             // Xcode's widget extensions are Swift 5 code.
                                             swiftSettings: [.swiftLanguageMode(.v5)]))
}
// uwdev-quotes is not in that list: its view indexes past the short arrays its provider
// gives, so rendering it traps (every snapshot). DaemonQuarantineTests runs it as a daemon.
package.targets.append(.executableTarget(name: "corpus-uwdev-quotes", dependencies: ["SwiftUI", "WidgetKit", "Intents"],
                                         path: "Tests/Corpus/uwdev-quotes", exclude: ["LICENSE", "SOURCE.md"],
                                         swiftSettings: [.swiftLanguageMode(.v5)]))
package.targets.first { $0.name == "GlanceCLITests" }?.dependencies.append(.target(name: "corpus-uwdev-quotes"))
package.targets.append(.testTarget(name: "CorpusTests", dependencies: ["GlanceTestSupport", "GlanceGraphics"] + corpus.map { .target(name: "corpus-\($0)") },
                                   exclude: ["Goldens"]))
