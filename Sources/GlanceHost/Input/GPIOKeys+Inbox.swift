import GlanceWake

extension GPIOKeys {
    /// Watches every key line from `clock`'s wait; `input` gets each debounced press and
    /// release as the host's input.
    public func attach(to clock: LinuxEventClock, input: @escaping (HostInbox.Input) -> Void, log: @escaping (String) -> Void) throws {
        try attach(to: clock, edges: { name, edge in
            input(edge.down ? .keyDown(name, atNanoseconds: edge.atNanoseconds) : .keyUp(name, atNanoseconds: edge.atNanoseconds))
        }, log: log)
    }
}
