import FoundationEssentials
import GlanceCalendar
import GlanceFetch
import GlanceSystem
import Synchronization

/// The last good copy of each calendar the process reads, with the validators (ETag,
/// Last-Modified) it came with: the next GET is conditional, and a 304 hands back the
/// parsed feed without parsing anything; a failed read falls back to the copy.
///
/// One table for the process (`shared`), keyed by calendar name and source, so every
/// slot showing a calendar shares its copy.
///
/// A running slot claims the calendars it reads (`claim`, kept in its `SlotResources`):
/// a copy goes when the last claim on it does (the slot ended, or was configured anew
/// without that calendar or with another address), so calendars that leave the
/// configuration do not stay in memory for the process's life. Copies read outside a
/// slot (previews, `glance render`) are claimed by no one and go at the next claim.
final class AgendaFeeds: Sendable {
    static let shared = AgendaFeeds()

    struct Copy: Sendable {
        let feed: ICalendarFeed
        let etag: String?
        let lastModified: String?
    }

    /// What one read gave: a feed to show (fresh or the last good copy) and, when the read
    /// failed, why, in one line naming the calendar.
    struct Reading: Sendable {
        let feed: ICalendarFeed?
        let problem: String?
    }

    /// The copies, and how many live claims name each key. One lock for both, so a copy
    /// is never dropped between a slot's claim and its read.
    private let table = Mutex<(copies: [String: Copy], claims: [String: Int])>(([:], [:]))
    private let parseCount = Atomic<Int>(0)

    init() {}

    /// The calendars one slot reads, claimed for as long as the slot keeps this (in its
    /// `SlotResources` under `key`); released, it drops the copies no other claim names.
    final class Claim: Sendable {
        static let key = "agenda.claim"
        let keys: Set<String>
        private let feeds: AgendaFeeds

        fileprivate init(_ keys: Set<String>, feeds: AgendaFeeds) {
            self.keys = keys
            self.feeds = feeds
        }

        deinit { feeds.release(keys) }
    }

    /// Claims `calendars` for a slot, and drops every copy no claim names (read by a
    /// preview, or left by a claim released while its read was still running). Made
    /// before the slot reads, and kept in place of the slot's previous claim, so a
    /// calendar the slot still reads is claimed throughout.
    func claim(_ calendars: [AgendaCalendar]) -> Claim {
        let keys = Set(calendars.map(Self.key))
        table.withLock { table in
            for key in keys { table.claims[key, default: 0] += 1 }
            table.copies = table.copies.filter { table.claims[$0.key] != nil }
        }
        return Claim(keys, feeds: self)
    }

    private func release(_ keys: Set<String>) {
        table.withLock { table in
            for key in keys {
                guard let count = table.claims[key] else { continue }
                if count > 1 {
                    table.claims[key] = count - 1
                } else {
                    table.claims[key] = nil
                    table.copies[key] = nil
                }
            }
        }
    }

    /// How many copies are kept (tests).
    var count: Int { table.withLock { $0.copies.count } }

    /// How many times a calendar's text was parsed (tests: a 304 costs none).
    var parses: Int { parseCount.load(ordering: .relaxed) }

    /// The last good copy of `calendar`, if one was read.
    func copy(of calendar: AgendaCalendar) -> Copy? { table.withLock { $0.copies[Self.key(calendar)] } }

    /// Reads `calendar` now: a file whole (up to `maximumBytes`), a URL with a
    /// conditional GET (an answer over `maximumBytes` is refused unread).
    func read(_ calendar: AgendaCalendar, timeout: Double, maximumBytes: Int) -> Reading {
        let key = Self.key(calendar)
        let kept = table.withLock { $0.copies[key] }
        let result: Result<Copy, AgendaProblem>
        switch calendar.source {
        case .file(let path):
            do throws(RegularFile.Refusal) {
                let bytes = try RegularFile.read(path, limit: maximumBytes)
                result = parse(bytes, calendar, maximumBytes: maximumBytes).map { Copy(feed: $0, etag: nil, lastModified: nil) }
            } catch {
                result = .failure(AgendaProblem("\(calendar.name): \(path): \(error)"))
            }
        case .url(let url):
            var headers: [(name: String, value: String)] = []
            if let etag = kept?.etag { headers.append(("If-None-Match", etag)) }
            if let lastModified = kept?.lastModified { headers.append(("If-Modified-Since", lastModified)) }
            do throws(HTTPFailure) {
                let response = try HTTPClient.get(HTTPRequest(url: url, headers: headers, timeout: timeout, maximumBytes: maximumBytes))
                if response.status == 304, let kept {
                    // Unchanged: the copy as it is, no parse.
                    return Reading(feed: kept.feed, problem: nil)
                }
                guard (200..<300).contains(response.status) else { throw HTTPFailure.status(response.status) }
                result = parse(response.body, calendar, maximumBytes: maximumBytes).map {
                    Copy(feed: $0, etag: response.etag, lastModified: response.lastModified)
                }
            } catch {
                // libcurl's messages name the host at most, never the path.
                result = .failure(AgendaProblem("\(calendar.name) (\(calendar.shownSource)): \(error)"))
            }
        }
        switch result {
        case .success(let copy):
            table.withLock { $0.copies[key] = copy }
            return Reading(feed: copy.feed, problem: nil)
        case .failure(let problem):
            guard let kept else { return Reading(feed: nil, problem: problem.description) }
            return Reading(feed: kept.feed, problem: problem.description + "; showing the last copy read")
        }
    }

    private func parse(_ bytes: [UInt8], _ calendar: AgendaCalendar, maximumBytes: Int) -> Result<ICalendarFeed, AgendaProblem> {
        parseCount.add(1, ordering: .relaxed)
        do throws(CalendarError) {
            return .success(try ICalendarFeed.parse(bytes, name: calendar.name, maximumBytes: maximumBytes))
        } catch {
            return .failure(AgendaProblem(error.description))
        }
    }

    static func key(_ calendar: AgendaCalendar) -> String {
        switch calendar.source {
        case .file(let path): "\(calendar.name)\nfile:\(path)"
        case .url(let url): "\(calendar.name)\n\(url)"
        }
    }
}
