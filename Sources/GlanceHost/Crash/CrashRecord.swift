import FoundationEssentials
import GlanceSystem

/// What a run that crashed left behind: the handler's record (the signal, the crashing
/// thread's note, the Swift runtime's fatal error message) and the backtracer's report,
/// from which the crash site is read. Either may say little: a release build without
/// debug information has no file and line; a crash that is not a Swift runtime failure
/// (a bad pointer) has no message.
package struct CrashRecord: Equatable {
    /// A place in a source file.
    struct Site: Equatable, Codable, CustomStringConvertible {
        var path: String
        var line: Int

        /// The file's name and the line ("MyWidget.swift:42"), as the card shows it.
        var description: String { "\(path.split(separator: "/").last.map(String.init) ?? path):\(line)" }
    }

    var signal: Int32
    /// The hang guard fired after this many seconds (nil: a crash, not a hang).
    var hungAfter: Double?
    /// What the crashing thread was doing for a slot (nil: nothing a slot did).
    var activity: SlotActivity?
    /// What failed, as the runtime says it ("Index out of range"), or as the backtrace
    /// names the failure in an optimised build; nil when neither says.
    var message: String?
    /// Where: the innermost frame of the crashing thread that has a source location outside
    /// the Swift runtime; nil without debug information.
    var site: Site?
    /// The backtracer's report, where it was kept.
    var backtracePath: String?

    /// Reads the handler's record (`CGlanceCrash.h` gives the layout) and the report; nil
    /// when the record is not one (empty: the process did not crash).
    init?(record: String, report: String?, backtracePath: String? = nil) {
        guard record.hasPrefix("glance-crash 1\n") else { return nil }
        var signal: Int32 = 0
        var hungAfter: Double?
        var activity: SlotActivity?
        var runtimeMessage = ""
        var lines = record.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()[...]
        while let line = lines.first {
            lines = lines.dropFirst()
            if line.hasPrefix("signal: ") {
                signal = Int32(line.dropFirst(8)) ?? 0
            } else if line.hasPrefix("hung: ") {
                hungAfter = Int(line.dropFirst(6)).map { Double($0) / 1000 }
            } else if line.hasPrefix("note: ") {
                activity = SlotActivity(noteText: String(line.dropFirst(6)))
            } else if line.hasPrefix("message: ") {
                // The message runs to the end: it may hold several lines.
                runtimeMessage = ([line.dropFirst(9)] + lines).joined(separator: "\n")
                break
            }
        }
        self.signal = signal
        self.hungAfter = hungAfter
        self.activity = activity
        self.backtracePath = backtracePath
        let fromRuntime = Self.fatalError(in: runtimeMessage)
        let fromReport: (site: Site?, failure: String?) = report.map(Self.crashedThread(in:)) ?? (nil, nil)
        message = fromRuntime.message ?? fromReport.failure
        site = fromReport.site ?? fromRuntime.site
    }

    /// The failure in a sentence: the message, or what the signal means.
    var what: String {
        if let hungAfter { return "no return within \(Self.seconds(hungAfter)) s" }
        return message ?? Self.signalMeaning(signal)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// What a fatal signal means for a Swift program.
    static func signalMeaning(_ signal: Int32) -> String {
        switch signal {
        case 4, 5: "a trap (signal \(signal))"
        case 6: "aborted (signal 6)"
        case 7: "bus error (signal 7)"
        case 8: "arithmetic error (signal 8)"
        case 11: "bad memory access (signal 11)"
        default: "signal \(signal)"
        }
    }

    /// The runtime's last fatal error ("Swift/ContiguousArrayBuffer.swift:692: Fatal
    /// error: Index out of range"): its text, and its place when that is not the Swift
    /// library's own (`fatalError("…")` in widget code names the widget's line).
    static func fatalError(in text: String) -> (message: String?, site: Site?) {
        let lines = text.split(separator: "\n").map { String($0).trimmedOfSpaces }.filter { !$0.isEmpty }
        guard let line = lines.last(where: { $0.contains("Fatal error") }) ?? lines.last else { return (nil, nil) }
        var message = Substring(line)
        var site: Site?
        if let marker = line.firstRange(of: "Fatal error") {
            // "FILE:LINE: " before the marker.
            let location = String(line[..<marker.lowerBound].reversed().drop { $0 == ":" || $0 == " " }.reversed())
            if let colon = location.lastIndex(of: ":"), let number = Int(location[location.index(after: colon)...]) {
                let path = String(location[..<colon])
                if !isRuntimePath(path) { site = Site(path: path, line: number) }
            }
            message = line[marker.upperBound...].drop { $0 == ":" || $0 == " " }
        }
        return (message.isEmpty ? nil : String(message), site)
    }

    /// The crashing thread's frames in the backtracer's text report: the innermost one
    /// with a source location outside the Swift runtime, and the failure an optimised
    /// build names in a frame ("Swift runtime failure: Index out of range").
    static func crashedThread(in report: String) -> (site: Site?, failure: String?) {
        var inCrashedThread = false
        var site: Site?
        var failure: String?
        for rawLine in report.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = withoutEscapes(String(rawLine))
            let trimmed = line.trimmedOfSpaces
            if !inCrashedThread {
                inCrashedThread = trimmed.hasPrefix("Thread ") && trimmed.hasSuffix("crashed:")
                continue
            }
            // The thread's frames end at the next thread, the registers or the images.
            if trimmed.hasPrefix("Thread ") || trimmed.hasPrefix("Registers") || trimmed.hasPrefix("Images") { break }
            guard let first = trimmed.first, first.isNumber else { continue }
            if failure == nil, let marker = trimmed.firstRange(of: "Swift runtime failure: ") {
                let rest = trimmed[marker.upperBound...]
                failure = String(rest.ranges(of: " in ").last.map { rest[..<$0.lowerBound] } ?? rest)
            }
            if site == nil, !trimmed.contains("[system]"), !trimmed.contains("[thunk]"), let found = location(in: trimmed) {
                site = found
            }
            if site != nil && failure != nil { break }
        }
        return (site, failure)
    }

    /// "… in IMAGE at /path/File.swift:42:7" → the path and line.
    static func location(in frame: String) -> Site? {
        guard let at = frame.ranges(of: " at ").last else { return nil }
        let parts = frame[at.upperBound...].split(separator: ":")
        guard parts.count >= 2 else { return nil }
        // PATH:LINE:COLUMN or PATH:LINE (a path with a colon keeps it).
        let numbers = parts.reversed().prefix { Int($0) != nil }
        guard let lineText = numbers.count >= 2 ? numbers.dropFirst().first : numbers.first, let line = Int(lineText), line > 0 else { return nil }
        let path = parts.dropLast(numbers.count >= 2 ? 2 : 1).joined(separator: ":")
        guard !path.isEmpty, !isRuntimePath(path) else { return nil }
        return Site(path: path, line: line)
    }

    /// Paths the Swift runtime and library report for themselves, and code the compiler made.
    static func isRuntimePath(_ path: String) -> Bool {
        path.hasPrefix("Swift/") || path.contains("<compiler-generated>") || path.contains("/stdlib/public/")
            || path.hasPrefix("_Concurrency/")
    }

    /// The text without terminal colour codes (a report written while stderr was a terminal).
    static func withoutEscapes(_ line: String) -> String {
        guard line.contains("\u{1B}") else { return line }
        var out = ""
        var escaping = false
        for scalar in line.unicodeScalars {
            if escaping {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escaping = false }
                continue
            }
            if scalar == "\u{1B}" { escaping = true; continue }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
