import Foundation
import Logging
import PostgresNIO
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDSync

/// The PostgreSQL the sync tests run against: `TODOMD_TEST_DATABASE_URL`, set by
/// `scripts/with-postgres`. Without it the database tests are skipped.
enum TestDatabase {
    static let url: String? = {
        let value = ProcessInfo.processInfo.environment["TODOMD_TEST_DATABASE_URL"]
        return value?.isEmpty == false ? value : nil
    }()

    static let skipReason: Comment =
        "TODOMD_TEST_DATABASE_URL is not set: run the sync tests under scripts/with-postgres"

    /// The test database's URL with a schema of its own, so tests do not see each other's rows.
    static func isolated() throws -> DatabaseURL {
        let base = try #require(url)
        let schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        return try DatabaseURL(parsing: base + (base.contains("?") ? "&" : "?") + "schema=\(schema)")
    }

    /// Runs one SQL query in `url`'s database and returns the rows' first columns as strings.
    static func query(_ url: DatabaseURL, _ sql: String) async throws -> [String?] {
        let remote = try await RemoteStore.connect(url, logger: Logger(label: "test"))
        do {
            var out: [String?] = []
            for try await row in try await remote.connection.query(PostgresQuery(unsafeSQL: sql), logger: remote.logger) {
                out.append(try row.decode(String?.self))
            }
            await remote.close()
            return out
        } catch {
            await remote.close()
            throw error
        }
    }
}

/// One machine in a sync test: a temporary vault whose clock the test moves.
final class Machine: @unchecked Sendable {
    let vault: TemporaryVault
    let url: DatabaseURL

    init(_ url: DatabaseURL) throws {
        vault = try TemporaryVault(now: "2026-11-21T09:00:00")
        self.url = url
    }

    var root: String { vault.root }

    /// `todomd watch` on this vault, as a test drives it.
    struct Watching {
        let monitor: VaultMonitor
        let watcher: FileWatcher
        /// The vault's environment, with time for the watcher to answer.
        let environment: [String: String]
        let cacheFolder: String

        /// Returns once the watcher has indexed every change the kernel delivered and vouches
        /// for the index (its own thread may be handling the last ones meanwhile).
        func vouched() throws {
            let deadline = ContinuousClock.now + .seconds(20)
            repeat {
                _ = try monitor.process()
                if case .current = WatcherAnswer.ask(cacheFolder: cacheFolder, timeout: .seconds(5)) { return }
                Thread.sleep(forTimeInterval: 0.02)
            } while ContinuousClock.now < deadline
            Issue.record("the watcher never vouched for the index")
        }
    }

    /// Starts watching the vault (stop it with `watcher.stop()`).
    func watch() throws -> Watching {
        let environment = vault.environment.merging(["TODOMD_WATCHER_TIMEOUT_MS": "5000"]) { $1 }
        let monitor = VaultMonitor(vault: try vault.open())
        let watcher = try monitor.startWatching(mode: .inotify) { _ in }
        let cacheFolder = (TaskIndex.defaultPath(forVaultAt: try VaultFolder(path: root).root, environment: environment)
            as NSString).deletingLastPathComponent
        return Watching(monitor: monitor, watcher: watcher, environment: environment, cacheFolder: cacheFolder)
    }

    /// A clock frozen at `time` (Europe/Berlin, as `TemporaryVault`).
    func clock(_ time: String) throws -> TodoClock {
        try TodoClock.system(environment: ["TODOMD_NOW": time, "TZ": TemporaryVault.defaultZone])
    }

    /// Opens the vault at `time` and lets `body` change it as a user would.
    @discardableResult
    func edit<T>(at time: String, _ body: (Vault) throws -> T) throws -> T {
        let vault = try Vault(path: root, clock: try clock(time), environment: self.vault.environment)
        return try body(vault)
    }

    /// One sync pass at `time`, against `database` (default: the test's); with `environment`, as
    /// `todomd sync` runs it, asking a running watcher whether the files need a walk.
    @discardableResult
    func sync(at time: String = "2026-11-21T12:00:00", database: DatabaseURL? = nil,
              environment: [String: String]? = nil) async throws -> SyncSummary {
        let engine = try SyncEngine(vaultPath: root, url: database ?? url, clock: try clock(time), environment: environment)
        return try await engine.sync()
    }

    /// Changes waiting in the outbox.
    func pending() throws -> Int {
        try SyncEngine(vaultPath: root, url: url, clock: try clock("2026-11-21T12:00:00")).pendingCount()
    }

    /// Every synced file's record by row id (what two converged vaults must agree on).
    func records() throws -> [String: SyncRecord] {
        var folder = try VaultFolder(path: root)
        folder.fieldMap = try FieldMap.load(from: folder)
        let files = LocalFiles(folder: folder, clock: try clock("2026-11-21T12:00:00"))
        var out: [String: SyncRecord] = [:]
        for file in files.scan().files {
            if case let .record(record, _) = files.read(file.kind, path: file.path) {
                out["\(file.kind.rawValue):\(file.id)"] = record
            }
        }
        return out
    }

    /// The task at `id`, read from its file.
    func task(_ id: String) throws -> TodoTask {
        try Vault(path: root, clock: try clock("2026-11-21T12:00:00"), environment: vault.environment).read(id).0
    }

    /// Conflict copies beside tasks, as `todomd conflicts` finds them.
    func conflictCopies() -> [ConflictCopy] {
        ConflictCopy.find(in: ((try? VaultFolder(path: root))?.scan() ?? []).map(\.id))
    }
}

/// `todomd`, built next to the test bundle (as `Tests/TodoMDCLITests/ProcessTests.swift` finds it).
enum TodomdBinary {
    static var path: String? {
        let candidates = [CommandLine.arguments.first, Bundle.main.executablePath]
            .compactMap { $0 }
            .map { (($0 as NSString).deletingLastPathComponent as NSString).appendingPathComponent("todomd") }
            + [(Bundle.main.bundlePath as NSString).deletingLastPathComponent + "/todomd"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
