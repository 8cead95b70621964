import Foundation
import Glibc
import Testing

/// The libraries `glance` opens only when a display needs them (libcurl, libmosquitto,
/// libical, fontconfig): a running daemon's `/proc/PID/maps` says what it has loaded.
@Suite(.serialized) struct LazyLibraryTests {
    /// The shared objects mapped into `pid`, by file name (`libical.so.3.0.16`).
    func libraries(of pid: Int32) -> Set<String> {
        // Read to the end by hand: procfs files say they are empty, and a reader that
        // trusts the size gets the first page only.
        var bytes: [UInt8] = []
        let descriptor = open("/proc/\(pid)/maps", O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                bytes += buffer[0..<count]
            }
            close(descriptor)
        }
        let maps = String(decoding: bytes, as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/") else { return nil }
            return path.split(separator: "/").last.map(String.init)
        })
    }

    func loaded(_ prefix: String, in libraries: Set<String>) -> Bool { libraries.contains { $0.hasPrefix(prefix) } }

    /// A display of a countdown fetches nothing, speaks no MQTT and reads no calendar: none
    /// of the three libraries (nor OpenSSL, nor the system's ICU through libical) is in its
    /// memory.
    @Test func aDisplayWithoutFetchesMQTTOrAgendaLoadsNoneOfTheirLibraries() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (DaemonSignalTests().config(title: "Launch") + "state_dir: state\n")
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try DaemonSignalTests.Daemon(["run", "--config", "wall.yaml"], in: directory)
        defer { #expect(daemon.stop() == 0) }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        #expect(daemon.waitFor(": start → "), "\(daemon.text)")
        let mapped = libraries(of: daemon.process.processIdentifier)
        #expect(loaded("libswiftCore", in: mapped), "\(mapped.sorted())")   // the reading works
        for library in ["libical.so", "libicuuc.so", "libcurl.so", "libmosquitto.so", "libssl.so"] {
            #expect(!loaded(library, in: mapped), "\(library) is loaded: \(mapped.sorted())")
        }
    }

    /// fontconfig is opened for the first start's font questions, whose answers the state
    /// folder keeps; the next start asks none and maps neither fontconfig nor expat.
    @Test func aWarmStartLoadsNoFontconfig() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try (DaemonSignalTests().config(title: "Launch") + "state_dir: state\n")
            .write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        for start in ["cold", "warm"] {
            let daemon = try DaemonSignalTests.Daemon(["run", "--config", "wall.yaml"], in: directory)
            #expect(daemon.waitFor("next wake: "), "\(daemon.text)")
            let mapped = libraries(of: daemon.process.processIdentifier)
            #expect(loaded("libfreetype", in: mapped), "\(mapped.sorted())")
            if start == "cold" {
                #expect(loaded("libfontconfig.so", in: mapped), "a cold start asks fontconfig: \(mapped.sorted())")
            } else {
                for library in ["libfontconfig.so", "libexpat.so"] {
                    #expect(!loaded(library, in: mapped), "\(library) is loaded on a warm start: \(mapped.sorted())")
                }
            }
            #expect(daemon.stop() == 0)
        }
    }

    /// An agenda over a file opens libical with its first read, and shows the calendar.
    @Test func anAgendaOpensLibicalWithItsFirstRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let calendar = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Glance//CLI tests//EN\r
            BEGIN:VEVENT\r
            UID:launch@example.com\r
            DTSTAMP:20261101T000000Z\r
            SUMMARY:Launch\r
            DTSTART:20300101T090000Z\r
            DTEND:20300101T100000Z\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        try calendar.write(to: directory.appendingPathComponent("work.ics"), atomically: true, encoding: .utf8)
        try """
            timezone: UTC
            state_dir: state
            display: {backend: file, path: out}
            slots:
              - {name: agenda, kind: agenda, family: systemMedium, params: {calendars: ["Work=\(directory.path)/work.ics"], days: 7}}

            """.write(to: directory.appendingPathComponent("wall.yaml"), atomically: true, encoding: .utf8)
        let daemon = try DaemonSignalTests.Daemon(["run", "--config", "wall.yaml"], in: directory)
        defer { #expect(daemon.stop() == 0) }
        #expect(daemon.waitFor("running; Ctrl-C stops"), "\(daemon.text)")
        #expect(daemon.waitFor("agenda: start → "), "\(daemon.text)")
        #expect(!daemon.text.contains("libical cannot be loaded"), "\(daemon.text)")
        let mapped = libraries(of: daemon.process.processIdentifier)
        #expect(loaded("libical.so.3", in: mapped), "\(mapped.sorted())")
        #expect(!loaded("libcurl.so", in: mapped) && !loaded("libmosquitto.so", in: mapped), "\(mapped.sorted())")
    }
}
