import GlanceHardware

/// A board's keys as a wake source: each key line (a pulled-up input, low while pressed)
/// queues its edges in the kernel; when one polls readable, the host's clock wakes and
/// the edges are read here, debounced by their kernel timestamps, and each new press is
/// handed to the host. Nothing polls while no key is touched.
public final class GPIOKeys {
    public let keys: [(name: String, line: GPIOLine)]
    /// Edges closer than this to the last accepted edge of the same key are contact bounce.
    public var debounceNanoseconds: UInt64 = 30_000_000
    private var lastPress: [String: UInt64] = [:]
    private var lastRelease: [String: UInt64] = [:]

    public init(keys: [(name: String, line: GPIOLine)]) { self.keys = keys }

    /// Reads every queued edge of key `index` and returns how many new presses it held.
    public func drain(_ index: Int) throws -> Int {
        let (name, line) = keys[index]
        var presses = 0
        while try line.waitForEdge(timeoutNanoseconds: 0) {
            let edge = try line.readEdge()
            let at = edge.timestampNanoseconds
            // A press is a falling edge (pull-up, key to ground); a release a rising one.
            // A falling edge soon after the last press or the last release is bounce.
            if edge.rising {
                lastRelease[name] = at
            } else if lastPress[name].map({ at &- $0 >= debounceNanoseconds }) ?? true,
                      lastRelease[name].map({ at &- $0 >= debounceNanoseconds }) ?? true {
                lastPress[name] = at
                presses += 1
            }
        }
        return presses
    }

    /// Watches every key line from `clock`'s wait; `press` runs once per debounced press.
    public func attach(to clock: LinuxEventClock, press: @escaping (String) -> Void, log: @escaping (String) -> Void) throws {
        for (index, key) in keys.enumerated() {
            guard let descriptor = key.line.eventDescriptor else {
                log("key \(key.name): its line has no event descriptor; the key is ignored")
                continue
            }
            try clock.watch(descriptor: descriptor) { [self] in
                do {
                    for _ in 0..<(try drain(index)) { press(key.name) }
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
