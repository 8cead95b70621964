import FoundationEssentials
import GlanceGraphics
import GlanceSystem
import GlanceTime
import Glibc
import GlanceConfiguration

/// Every slot's last good entry, kept in the state folder so that a restart without a
/// network shows the last data at once.
///
/// One file per slot, `entries/<slot>.json`: a header line (format, version, the widget's
/// kind, its entry type and a hash of its parameters) and the entry as JSON on the second.
/// A file whose header does not match the slot as configured now (another kind, other
/// parameters, a newer format) is ignored with one log line and replaced by the next good
/// entry; it is never half-read. Writes are atomic (`AtomicFile`) and happen only when the
/// entry's bytes differ from what the file holds, so an unchanged entry never touches the
/// SD card. Entries whose type is not `Codable` are not kept.
public struct EntryStore: Sendable {
    static let format = "glance-last-entry"
    static let version = 1

    public let directory: String

    /// Keeps entries under `stateDirectory/entries`.
    public init(stateDirectory: String) { directory = stateDirectory + "/entries" }

    /// What identifies a slot's entry: a stored entry is used only while these match.
    struct Identity: Codable, Equatable {
        var format: String
        var version: Int
        var kind: String
        var entryType: String
        var parameters: String
    }

    static func identity(of slot: SlotConfig, entryType: String) -> Identity {
        Identity(format: format, version: version, kind: slot.kind, entryType: entryType,
                 parameters: SlotActivity.parameterHash(of: slot))
    }

    /// The file for the slot named `name`: its name with anything but ASCII letters,
    /// digits, `-` and `_` replaced (and a hash added when something was), so no name
    /// reaches outside the folder.
    public func path(forSlot name: String) -> String {
        let safe = String(name.unicodeScalars.map { scalar -> Character in
            let allowed = (scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || "-_".unicodeScalars.contains(scalar)
            return allowed ? Character(scalar) : "_"
        })
        let file = safe == name && !name.isEmpty ? name : "\(safe)-\(hexHash(name).prefix(8))"
        return "\(directory)/\(file).json"
    }

    /// The stored entry's bytes for `identity`, or `nil` (no file, or one that is not
    /// this slot's as configured now: then `problem` says why, for one log line).
    func load(slot name: String, identity: Identity) -> (entry: [UInt8]?, problem: String?) {
        let path = path(forSlot: name)
        let found: [UInt8]?
        do throws(StateDirectory.Untrusted) {
            // A regular file of the daemon's user, never through a symlink.
            found = try StateDirectory.readOwnFile(path)
        } catch {
            return (nil, error.description)
        }
        guard let bytes = found else { return (nil, nil) }
        guard let newline = bytes.firstIndex(of: 10) else { return (nil, "\(path): not a Glance entry file; ignored") }
        guard let header = try? JSONDecoder().decode(Identity.self, from: Data(bytes[..<newline])), header.format == Self.format else {
            return (nil, "\(path): not a Glance entry file; ignored")
        }
        guard header.version == Self.version else { return (nil, "\(path): format version \(header.version), this Glance reads \(Self.version); ignored") }
        guard header == identity else { return (nil, "\(path): kept for another widget or other parameters; ignored") }
        var entry = Array(bytes[(newline + 1)...])
        while entry.last == 10 { entry.removeLast() }
        return (entry, nil)
    }

    /// Replaces the slot's file with `entry` (atomically).
    func save(slot name: String, identity: Identity, entry: [UInt8]) throws(AtomicFile.WriteError) {
        var bytes = Array((try? JSONEncoder().encode(identity)) ?? Data())
        bytes.append(10)
        bytes += entry
        bytes.append(10)
        // The state folder and its entries folder, made as needed (owner only).
        try AtomicFile.makeFolders(directory, mode: 0o700)
        try AtomicFile.write(bytes, to: path(forSlot: name), mode: 0o600)
    }
}

/// FNV-1a, 64 bits, in hex: a stable name for a text (not a secret).
func hexHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash &*= 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
