import GlanceHardware

/// A board's keys as a wake source: each key line (a pulled-up input, low while pressed)
/// queues its edges in the kernel; when one polls readable, the host's clock wakes and
/// the edges are read here, debounced by their kernel timestamps, and each press and
/// release is handed to the host (which tells short from long presses). Nothing polls
/// while no key is touched.
public final class GPIOKeys {
    public let keys: [(name: String, line: GPIOLine)]
    /// Edges closer than this to the last accepted edge of the same key are contact bounce.
    public var debounceNanoseconds: UInt64 = 30_000_000
    private var lastPress: [String: UInt64] = [:]
    private var lastRelease: [String: UInt64] = [:]
    private var isDown: Set<String> = []

    /// A key going down or up, at the kernel's timestamp.
    public struct Edge: Equatable, Sendable {
        public var down: Bool
        public var atNanoseconds: UInt64

        public init(down: Bool, atNanoseconds: UInt64) {
            self.down = down
            self.atNanoseconds = atNanoseconds
        }
    }

    public init(keys: [(name: String, line: GPIOLine)]) { self.keys = keys }

    /// Reads every queued edge of key `index` and returns the presses and releases in it,
    /// without contact bounce.
    public func drain(_ index: Int) throws -> [Edge] {
        let (name, line) = keys[index]
        var edges: [Edge] = []
        while try line.waitForEdge(timeoutNanoseconds: 0) {
            let edge = try line.readEdge()
            let at = edge.timestampNanoseconds
            // A press is a falling edge (pull-up, key to ground); a release a rising one.
            // A falling edge soon after the last press or the last release is bounce, and
            // so is a rising edge soon after the press.
            if edge.rising {
                lastRelease[name] = at
                if isDown.contains(name), lastPress[name].map({ at &- $0 >= debounceNanoseconds }) ?? true {
                    isDown.remove(name)
                    edges.append(Edge(down: false, atNanoseconds: at))
                }
            } else if lastPress[name].map({ at &- $0 >= debounceNanoseconds }) ?? true,
                      lastRelease[name].map({ at &- $0 >= debounceNanoseconds }) ?? true {
                // A tap shorter than the debounce time lost its release: it ended at its
                // last rising edge (not now, which would make it a long press).
                if isDown.contains(name) {
                    let released = lastRelease[name].flatMap { release in lastPress[name].map { release > $0 ? release : at } } ?? at
                    edges.append(Edge(down: false, atNanoseconds: released))
                }
                lastPress[name] = at
                isDown.insert(name)
                edges.append(Edge(down: true, atNanoseconds: at))
            }
        }
        return edges
    }

    /// Watches every key line from `clock`'s wait; `edge` gets each debounced press and
    /// release with its key's name.
    public func attach(to clock: LinuxEventClock, edges input: @escaping (String, Edge) -> Void, log: @escaping (String) -> Void) throws {
        for (index, key) in keys.enumerated() {
            guard let descriptor = key.line.eventDescriptor else {
                log("key \(key.name): its line has no event descriptor; the key is ignored")
                continue
            }
            try clock.watch(descriptor: descriptor) { [self] in
                do {
                    for edge in try drain(index) {
                        input(key.name, edge)
                    }
                } catch {
                    // Events left unread would keep the descriptor readable and the loop
                    // spinning: the key is given up instead.
                    log("key \(key.name): \(error); the key is ignored from now on")
                    clock.unwatch(descriptor: descriptor)
                }
            }
        }
    }
}
