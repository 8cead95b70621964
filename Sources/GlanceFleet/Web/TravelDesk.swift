import FoundationEssentials
import GlanceHost
import GlanceSystem
import GlanceText
import Glibc
import NIOCore
import Synchronization

/// Time travel for the web page, off the daemon's thread.
///
/// Travel runs every wake of the way through the widgets' code: a week over a calendar
/// with an event every minute is minutes of work. On the daemon's thread that held every
/// wake of the panel and every `glance status` until it was done, and a bound per address
/// let eight addresses ask for eight such weeks. So: one journey at a time for the whole
/// daemon (a request while one runs is answered 429); each on a thread of its own at the
/// lowest priority (nice 19), with fonts of the desk's own (FreeType faces are not used
/// by two threads at once); stopped between wakes when its client has gone, and stopped
/// short after `TimeTravel.maximumSeconds` or `TimeTravel.maximumWakes` (the answer says
/// where and why). Answers are kept a minute by instant and the display's state, so
/// asking again costs nothing.
final class TravelDesk: Sendable {
    private struct State {
        var busy = false
        var kept: [String: (answer: HTTPAnswer, at: Date)] = [:]
    }

    private let state = Mutex(State())
    /// The desk's fonts, made on the first journey's thread and used by one journey at a time.
    private let fonts = Mutex<UncheckedBox<FontLibrary>?>(nil)
    static let keptFor: TimeInterval = 60

    private final class UncheckedBox<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Whether a journey runs now.
    var isBusy: Bool { state.withLock { $0.busy } }

    /// The answer kept for `key`, at most `keptFor` old.
    func kept(_ key: String, at now: Date) -> HTTPAnswer? {
        state.withLock { state in
            state.kept = state.kept.filter { now.timeIntervalSince($0.value.at) < Self.keptFor && $0.value.at <= now }
            return state.kept[key]?.answer
        }
    }

    /// Starts `journey` on a thread of its own unless one runs (then false, and nothing
    /// is started); `answer` turns its outcome into the HTTP answer, on that thread, and the
    /// answer completes `promise` (with the page's security headers) and is kept under `key`.
    func start(_ journey: TravelJourney, key: String, isGone: @escaping @Sendable () -> Bool,
               answer: @escaping @Sendable (Result<TravelResult, TravelError>) -> HTTPAnswer, promise: EventLoopPromise<HTTPAnswer>) -> Bool {
        let free = state.withLock { state in
            guard !state.busy else { return false }
            state.busy = true
            return true
        }
        guard free else { return false }
        startThread { [self] in
            nameThisThread("glance-travel")
            // The lowest priority: the panel's wakes and the control socket go first.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            let outcome: Result<TravelResult, TravelError>
            do {
                let fonts = try self.fonts.withLock { box in
                    if let box { return box.value }
                    let made = try FontLibrary()
                    box = UncheckedBox(made)
                    return made
                }
                let deadline = Date().addingTimeInterval(TimeTravel.maximumSeconds)
                outcome = .success(try journey.run(fonts: fonts, deadline: deadline, shouldStop: isGone))
            } catch let error as TravelError {
                outcome = .failure(error)
            } catch {
                outcome = .failure(.failed("time travel: the fonts could not be loaded: \(error)"))
            }
            let result = answer(outcome)
            state.withLock { state in
                state.busy = false
                if case .success(let travel) = outcome, travel.cutShort == nil { state.kept[key] = (result, Date()) }
            }
            var secured = result
            WebServer.secure(&secured)
            promise.succeed(secured)
        }
        return true
    }
}
