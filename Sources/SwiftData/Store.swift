import CSQLite
import Foundation
import GlanceSystem

/// One SQLite file (or an in-memory database) holding a container's models: a table per
/// model class, each row the model's stored properties as one JSON object. SQLite keeps a
/// save whole across a power cut (its journal) and a full disk (the transaction fails,
/// the file keeps what it had); a writer in another process (the app's side) is waited
/// for at most `busyTimeout`.
package final class SQLiteStore: @unchecked Sendable {
    /// How long a statement waits for another process's write lock.
    static let busyTimeoutMilliseconds: Int32 = 2_000
    /// A row's JSON larger than this is refused on save, and skipped (with an error) on fetch.
    static let rowLimit = 4 << 20

    package let location: String
    private let path: String?
    fileprivate var database: OpaquePointer?
    private let lock = NSLock()
    private let readOnly: Bool

    /// Opens (and, unless `readOnly`, makes) the store at `path`; `nil` for memory only. A
    /// read-only store whose file does not exist yet reads as empty.
    package init(path: String?, readOnly: Bool) throws {
        self.readOnly = readOnly
        self.path = path
        location = path ?? ":memory:"
        if let path {
            if readOnly && !FileManager.default.fileExists(atPath: path) { return }
            if !readOnly {
                let folder = (path as NSString).deletingLastPathComponent
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                        attributes: [.posixPermissions: 0o700])
            }
        }
        var flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        // A symlink planted where the store goes is not followed.
        flags |= SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_FULLMUTEX
        let status = sqlite3_open_v2(location, &database, flags, nil)
        guard status == SQLITE_OK else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(database)
            database = nil
            throw SwiftDataError.store("\(location): \(message)")
        }
        sqlite3_busy_timeout(database, Self.busyTimeoutMilliseconds)
        if !readOnly, path != nil { try execute("PRAGMA journal_mode=WAL") }
    }

    deinit { sqlite3_close_v2(database) }

    /// A read-only store whose file did not exist when it was opened is opened once the
    /// app's side has made it (the widget's process outlives that first read).
    private func openWhenMade() {
        guard database == nil, readOnly, let path, FileManager.default.fileExists(atPath: path) else { return }
        var opened: OpaquePointer?
        if sqlite3_open_v2(path, &opened, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_FULLMUTEX, nil) == SQLITE_OK {
            sqlite3_busy_timeout(opened, Self.busyTimeoutMilliseconds)
            database = opened
        } else {
            sqlite3_close(opened)
        }
    }

    fileprivate func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(database, sql, nil, nil, &error) != SQLITE_OK {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw SwiftDataError.store("\(location): \(message)")
        }
    }

    private func failure(_ what: String) -> SwiftDataError {
        SwiftDataError.store("\(location): \(what): \(String(cString: sqlite3_errmsg(database)))")
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// Every row of `entity`, in the order they were first saved.
    package func rows(of entity: String) throws -> [(id: Int64, json: Data)] {
        lock.lock(); defer { lock.unlock() }
        openWhenMade()
        guard let database else { return [] }
        var statement: OpaquePointer?
        let sql = "SELECT id, data FROM \(Self.quoted(entity)) ORDER BY id"
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            // A model never saved has no table yet.
            if String(cString: sqlite3_errmsg(database)).hasPrefix("no such table") { return [] }
            throw failure("reading \(entity)")
        }
        defer { sqlite3_finalize(statement) }
        var result: [(id: Int64, json: Data)] = []
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw failure("reading \(entity)") }
            let id = sqlite3_column_int64(statement, 0)
            let count = Int(sqlite3_column_bytes(statement, 1))
            guard count <= Self.rowLimit else {
                throw SwiftDataError.store("\(location): \(entity) row \(id) is \(count) bytes, over \(Self.rowLimit)")
            }
            let bytes = sqlite3_column_blob(statement, 1)
            result.append((id, bytes.map { Data(bytes: $0, count: count) } ?? Data()))
        }
        return result
    }

    /// The row `id` of `entity`, if there is one.
    package func row(of entity: String, id: Int64) throws -> Data? {
        lock.lock(); defer { lock.unlock() }
        openWhenMade()
        guard let database else { return nil }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "SELECT data FROM \(Self.quoted(entity)) WHERE id = ?", -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            if String(cString: sqlite3_errmsg(database)).hasPrefix("no such table") { return nil }
            throw failure("reading \(entity)")
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, id)
        let step = sqlite3_step(statement)
        if step == SQLITE_DONE { return nil }
        guard step == SQLITE_ROW else { throw failure("reading \(entity)") }
        let count = Int(sqlite3_column_bytes(statement, 0))
        guard count <= Self.rowLimit else { throw SwiftDataError.store("\(location): \(entity) row \(id) is \(count) bytes, over \(Self.rowLimit)") }
        return sqlite3_column_blob(statement, 0).map { Data(bytes: $0, count: count) } ?? Data()
    }

    /// The writes of one save, inside one SQLite transaction.
    package struct Transaction {
        fileprivate let store: SQLiteStore
        fileprivate let made: Box

        final class Box { var tables: Set<String> = [] }

        /// A new row of `entity` holding `json`; its id.
        package func insert(_ entity: String, json: Data) throws -> Int64 {
            if made.tables.insert(entity).inserted {
                try store.execute("CREATE TABLE IF NOT EXISTS \(SQLiteStore.quoted(entity)) (id INTEGER PRIMARY KEY AUTOINCREMENT, data BLOB NOT NULL)")
            }
            try store.run("INSERT INTO \(SQLiteStore.quoted(entity)) (data) VALUES (?)", json: json, id: nil)
            return sqlite3_last_insert_rowid(store.database)
        }
        package func update(_ entity: String, id: Int64, json: Data) throws {
            try store.run("UPDATE \(SQLiteStore.quoted(entity)) SET data = ? WHERE id = ?", json: json, id: id)
        }
        /// Every row of `entity` (none when it was never saved).
        package func deleteAll(_ entity: String) throws {
            do {
                try store.execute("DELETE FROM \(SQLiteStore.quoted(entity))")
            } catch let error as SwiftDataError where error.description.contains("no such table") {}
        }
        package func delete(_ entity: String, id: Int64) throws {
            try store.run("DELETE FROM \(SQLiteStore.quoted(entity)) WHERE id = ?", json: nil, id: id)
        }
    }

    /// Runs `body`'s writes in one transaction: all of them, or (on any failure, a full
    /// disk among them) none.
    package func transaction<R>(_ body: (Transaction) throws -> R) throws -> R {
        lock.lock(); defer { lock.unlock() }
        guard database != nil, !readOnly else {
            throw SwiftDataError.store("\(location): this configuration does not allow saving (allowsSave: false)")
        }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body(Transaction(store: self, made: Transaction.Box()))
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    fileprivate func run(_ sql: String, json: Data?, id: Int64?) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw failure("saving")
        }
        defer { sqlite3_finalize(statement) }
        var index: Int32 = 1
        if let json {
            guard json.count <= Self.rowLimit else { throw SwiftDataError.store("\(location): a row of \(json.count) bytes is over \(Self.rowLimit)") }
            // SQLITE_TRANSIENT: SQLite copies the bytes before this returns.
            let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
            let bound = json.withUnsafeBytes { sqlite3_bind_blob(statement, index, $0.baseAddress, Int32($0.count), transient) }
            guard bound == SQLITE_OK else { throw failure("saving") }
            index += 1
        }
        if let id { sqlite3_bind_int64(statement, index, id) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("saving") }
    }
}

/// What SwiftData's calls throw on a wall: a store that cannot be opened or written, a
/// row that does not decode into its model.
public enum SwiftDataError: Error, CustomStringConvertible {
    case store(String)
    case decoding(String)

    public var description: String {
        switch self {
        case .store(let message): "SwiftData store \(message)"
        case .decoding(let message): "SwiftData: \(message)"
        }
    }
}
