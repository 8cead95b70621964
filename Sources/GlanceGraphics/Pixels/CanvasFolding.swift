/// A canvas put away while nothing draws on it (a display asleep for minutes): its
/// pixels and flags as runs of equal values, a widget's grounds and flat marks being
/// long runs. Unfolding gives back the same canvas, pixel for pixel and flag for flag.
///
/// Each run is its value (a grey canvas: the grey and the flags byte; an RGBA one: the
/// four channels and the flags byte) followed by its length less one, seven bits a byte,
/// lowest first, the top bit set on every byte but the last.
extension Canvas {
    public struct Folded: Sendable, Equatable {
        /// The canvas without its pixel and flag arrays (size, storage, grey rule, clip).
        fileprivate let shell: Canvas
        fileprivate let runs: [UInt8]

        /// The bytes the runs take.
        public var byteCount: Int { runs.count }
    }

    /// The bytes this canvas's pixel and flag arrays hold.
    public var heldBytes: Int { width * height * (storage == .grey ? 2 : 5) }

    /// This canvas as runs (see `Folded`).
    public func folded() -> Folded {
        folded(under: .max)!
    }

    /// This canvas as runs, or nil when they would take `limit` bytes or more (a photo's
    /// pixels are runs of one each: folding it would hold more, not less).
    public func folded(under limit: Int) -> Folded? {
        var runs: [UInt8] = []
        let count = width * height
        var fits = true
        flags.withUnsafeBufferPointer { flags in
            if storage == .grey {
                greys.withUnsafeBufferPointer { greys in
                    var index = 0
                    while index < count {
                        guard runs.count < limit else { fits = false; return }
                        let grey = greys[index], flag = flags[index]
                        var end = index &+ 1
                        while end < count, greys[end] == grey, flags[end] == flag { end &+= 1 }
                        runs.append(grey)
                        runs.append(flag)
                        ByteRuns.appendLength(end &- index &- 1, to: &runs)
                        index = end
                    }
                }
            } else {
                rgba.withUnsafeBufferPointer { pixels in
                    pixels.withMemoryRebound(to: UInt32.self) { words in
                        var index = 0
                        while index < count {
                            guard runs.count < limit else { fits = false; return }
                            let word = words[index], flag = flags[index]
                            var end = index &+ 1
                            while end < count, words[end] == word, flags[end] == flag { end &+= 1 }
                            let pixel = pixels[index]
                            runs.append(pixel.r)
                            runs.append(pixel.g)
                            runs.append(pixel.b)
                            runs.append(pixel.a)
                            runs.append(flag)
                            ByteRuns.appendLength(end &- index &- 1, to: &runs)
                            index = end
                        }
                    }
                }
            }
        }
        guard fits, runs.count < limit else { return nil }
        var shell = self
        shell.rgba = []
        shell.greys = []
        shell.flags = []
        return Folded(shell: shell, runs: ByteRuns.exactCopy(runs))
    }

    /// The canvas `folded` was made from.
    public init(unfolding folded: Folded) {
        self = folded.shell
        let count = width * height
        var flags = [UInt8](repeating: 0, count: count)
        let grey = storage == .grey
        var greys = grey ? [UInt8](repeating: 0, count: count) : []
        var rgba = grey ? [] : [RGBA](repeating: .white, count: count)
        folded.runs.withUnsafeBufferPointer { runs in
            flags.withUnsafeMutableBufferPointer { flags in
                greys.withUnsafeMutableBufferPointer { greys in
                    rgba.withUnsafeMutableBufferPointer { rgba in
                        var at = 0, index = 0
                        while at < runs.count, index < count {
                            let value: RGBA, flag: UInt8
                            if grey {
                                value = RGBA(runs[at], runs[at], runs[at])
                                flag = runs[at &+ 1]
                                at &+= 2
                            } else {
                                value = RGBA(runs[at], runs[at &+ 1], runs[at &+ 2], runs[at &+ 3])
                                flag = runs[at &+ 4]
                                at &+= 5
                            }
                            let end = min(count, index &+ ByteRuns.readLength(runs, at: &at) &+ 1)
                            if grey {
                                greys[index..<end].update(repeating: value.r)
                            } else {
                                rgba[index..<end].update(repeating: value)
                            }
                            flags[index..<end].update(repeating: flag)
                            index = end
                        }
                    }
                }
            }
        }
        self.flags = flags
        self.greys = greys
        self.rgba = rgba
    }
}

/// Runs of equal bytes, each its value followed by its length less one (seven bits a
/// byte, lowest first, the top bit set on every byte but the last): how a picture or a
/// shown frame is put away during a long sleep (`Canvas.Folded`, `QuantisedFrame.Folded`).
enum ByteRuns {
    /// `bytes` as runs, or nil when they would take `limit` bytes or more.
    static func fold(_ bytes: [UInt8], under limit: Int) -> [UInt8]? {
        var runs: [UInt8] = []
        let fits = bytes.withUnsafeBufferPointer { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                guard runs.count < limit else { return false }
                let value = bytes[index]
                var end = index &+ 1
                while end < bytes.count, bytes[end] == value { end &+= 1 }
                runs.append(value)
                appendLength(end &- index &- 1, to: &runs)
                index = end
            }
            return runs.count < limit
        }
        return fits ? exactCopy(runs) : nil
    }

    /// The `count` bytes `runs` were folded from.
    static func unfold(_ runs: [UInt8], count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        runs.withUnsafeBufferPointer { runs in
            bytes.withUnsafeMutableBufferPointer { bytes in
                var at = 0, index = 0
                while at < runs.count, index < count {
                    let value = runs[at]
                    at &+= 1
                    let end = min(count, index &+ readLength(runs, at: &at) &+ 1)
                    bytes[index..<end].update(repeating: value)
                    index = end
                }
            }
        }
        return bytes
    }

    static func appendLength(_ length: Int, to runs: inout [UInt8]) {
        var rest = length
        while rest >= 0x80 {
            runs.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        runs.append(UInt8(rest))
    }

    /// The length less one stored at `at`, which moves past it.
    @inline(__always)
    static func readLength(_ runs: UnsafeBufferPointer<UInt8>, at: inout Int) -> Int {
        var length = 0, shift = 0
        while at < runs.count {
            let byte = runs[at]
            at &+= 1
            length |= Int(byte & 0x7F) << shift
            shift &+= 7
            if byte & 0x80 == 0 { break }
        }
        return length
    }

    /// An exact copy: a growing array's spare capacity is not kept.
    static func exactCopy(_ runs: [UInt8]) -> [UInt8] {
        Array(unsafeUninitializedCapacity: runs.count) { buffer, initialised in
            initialised = buffer.initialize(fromContentsOf: runs)
        }
    }
}

/// A shown frame put away while the display sleeps for minutes (`DisplayPipeline`
/// keeps the frame the panel shows, for the next refresh's difference): its inks as runs
/// of equal bytes (`ByteRuns`). An 800x480 bw frame's 47 KiB become a few KiB.
extension QuantisedFrame {
    public struct Folded: Sendable, Equatable {
        /// The frame without its ink array.
        fileprivate let shell: QuantisedFrame
        fileprivate let runs: [UInt8]
        fileprivate let count: Int

        /// The bytes the runs take.
        public var byteCount: Int { runs.count }
    }

    /// The bytes this frame's ink arrays hold.
    public var heldBytes: Int { bits.count + storedBytes.count + storedColours.count * 4 }

    /// This frame as runs, or nil when they would take `limit` bytes or more, or for a
    /// frame of packed colours (an LCD's: a run a pixel where it shows a photo).
    public func folded(under limit: Int) -> Folded? {
        guard storedColours.isEmpty else { return nil }
        let packed = isBitPacked
        let inks = packed ? bits : storedBytes
        guard let runs = ByteRuns.fold(inks, under: limit) else { return nil }
        var shell = self
        shell.dropInks()
        return Folded(shell: shell, runs: runs, count: inks.count)
    }

    /// The frame `folded` was made from.
    public init(unfolding folded: Folded) {
        self = folded.shell
        restoreInks(ByteRuns.unfold(folded.runs, count: folded.count))
    }
}
