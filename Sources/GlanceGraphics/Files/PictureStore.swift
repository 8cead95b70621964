import Synchronization

/// Pictures held as their encoded bytes (a photo widget's downloads: an image URL's
/// answer, an Immich album's previews), under names `Image` draws like a file's
/// (`picture:…`). The renderer decodes one at the size it is drawn, as it does a file.
///
/// Bounded: at most `capacity` pictures and `byteCapacity` bytes; the least recently
/// kept go first (the newest stays, even alone over the bound).
package final class PictureStore: Sendable {
    package static let shared = PictureStore()
    package static let prefix = "picture:"

    package struct Kept: Sendable {
        package let bytes: [UInt8]
        /// What the picture is called in messages (a URL without its path, a file name).
        package let shownName: String
        /// Counts up with each picture kept: a name kept again with other bytes is a new version.
        package let generation: UInt64
    }

    let capacity: Int
    let byteCapacity: Int
    private let state = Mutex<(kept: [String: Kept], order: [String], bytes: Int, generation: UInt64)>(([:], [], 0, 0))

    package init(capacity: Int = 64, byteCapacity: Int = 48 << 20) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    /// Keeps `bytes` under `name` (which begins with `prefix`), replacing what it named.
    package func keep(_ bytes: [UInt8], named name: String, shownAs shownName: String) {
        state.withLock { state in
            if let earlier = state.kept[name] {
                if earlier.bytes == bytes { return }
                state.bytes -= earlier.bytes.count
                state.order.removeAll { $0 == name }
            }
            state.generation += 1
            state.kept[name] = Kept(bytes: bytes, shownName: shownName, generation: state.generation)
            state.order.append(name)
            state.bytes += bytes.count
            while state.order.count > 1 && (state.order.count > capacity || state.bytes > byteCapacity) {
                let oldest = state.order.removeFirst()
                if let gone = state.kept.removeValue(forKey: oldest) { state.bytes -= gone.bytes.count }
            }
        }
    }

    /// The picture kept under `name`, if it still is.
    package func picture(named name: String) -> Kept? {
        guard name.hasPrefix(Self.prefix) else { return nil }
        return state.withLock { $0.kept[name] }
    }

    /// Lets go of the pictures under these names.
    package func forget(_ names: some Sequence<String>) {
        state.withLock { state in
            for name in names {
                guard let gone = state.kept.removeValue(forKey: name) else { continue }
                state.bytes -= gone.bytes.count
                state.order.removeAll { $0 == name }
            }
        }
    }

    /// How many pictures and bytes are kept (tests, `glance status`).
    package var usage: (pictures: Int, bytes: Int) { state.withLock { ($0.kept.count, $0.bytes) } }
}
