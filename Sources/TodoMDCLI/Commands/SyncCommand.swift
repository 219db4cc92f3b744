import ArgumentParser
import Foundation
import TodoMDKit
import TodoMDSync

/// `todomd sync`: two-way sync of the vault's tasks and notes with PostgreSQL (§16, §22).
struct Sync: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "sync",
        abstract: "Sync tasks and notes with a PostgreSQL database, once or continuously.",
        discussion: """
            The database is --database URL, else "sync_url" in .todomd/config.json: \
            postgres://USER:PASSWORD@HOST:PORT/DATABASE?sslmode=disable|prefer|require (default prefer). \
            Local changes are recorded in .todomd/sync/ before they are sent, so nothing is lost \
            offline. A field changed on both sides goes to the newer `modified`; the losing version \
            is kept as `NAME (conflict YYYY-MM-DD HHmm).md` (see `todomd conflicts`). \
            Prints `↑ PUSHED ↓ PULLED, N conflicts`. Exit 1 when the database cannot be reached.
            """)
    @Option(help: "The database URL (default: sync_url in .todomd/config.json).") var database: String?
    @Option(help: ArgumentHelp("Sync as this owner: rows carry it as user_id, and only its rows are read "
        + "(default: sync_owner in .todomd/config.json, else the owner the vault synced as).", valueName: "ID"))
    var owner: String?
    @Flag(help: "Turn on row-level security for the sync tables (needs the tables' owner), then stop.")
    var installPolicies = false
    @Flag(help: "Keep syncing: after every local change and every --interval seconds. Ctrl-C stops it.")
    var watch = false
    @Option(help: "With --watch, seconds between polls of the database.") var interval: Double = 2
    @Flag(help: "With --watch, watch the folder by polling instead of inotify.") var poll = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard interval > 0, interval <= 86_400 else {
            throw ValidationError("--interval must be a number of seconds above 0 (got \(interval))")
        }
    }

    func run(_ context: CommandContext) async throws {
        let url = try SyncEngine.databaseURL(option: database, vaultPath: context.vaultPath)
        let engine = try SyncEngine(vaultPath: context.vaultPath, url: url, clock: context.clock,
                                    owner: try SyncEngine.owner(option: owner, vaultPath: context.vaultPath))
        if installPolicies {
            try await engine.installPolicies()
            context.line("Row-level security is on: each database role sees only the rows of its user_id "
                         + "(todomd_uid(): the JWT subject on Supabase, else the role name).")
            return
        }
        if watch {
            try await runWatching(engine, context)
            return
        }
        let display = SyncProgressDisplay(output: context.output)
        let summary: SyncSummary
        do {
            summary = try await engine.sync { display.show($0) }
        } catch {
            display.finish()
            throw error
        }
        display.finish()
        report(summary, context)
    }

    private func runWatching(_ engine: SyncEngine, _ context: CommandContext) async throws {
        if !output.json {
            context.line("Syncing \(context.vaultPath) with \(engine.url) every \(Self.seconds(interval)) s "
                         + "and on every change. Press Ctrl-C to stop.")
        }
        let task = Task {
            try await engine.watch(interval: .milliseconds(Int64(interval * 1000)), pollFiles: poll) { result in
                switch result {
                case let .success(summary):
                    // Quiet passes say nothing: only passes that moved something are printed.
                    if summary.pushed + summary.pulled + summary.conflicts > 0 || !summary.skipped.isEmpty {
                        report(summary, context)
                    }
                case let .failure(error):
                    context.err("warning: \(ErrorText.describe(error))")
                }
            }
        }
        let signals = Watch.onInterrupt { task.cancel() }
        defer { for signal in signals { signal.cancel() } }
        try await task.value
        if !output.json { context.line("Stopped.") }
    }

    private func report(_ summary: SyncSummary, _ context: CommandContext) {
        if output.json {
            context.line(summary.json.compact())
            return
        }
        for reason in summary.skipped { context.err("warning: \(reason)") }
        for copy in summary.conflictCopies { context.line("conflict copy: \(copy)") }
        context.line(summary.line)
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Progress bars on a terminal's standard error while a pass scans, pulls and pushes.
final class SyncProgressDisplay: @unchecked Sendable {
    private let output: OutputSink
    private let lock = NSLock()
    private var bar: ProgressBar?
    private var phase = ""

    init(output: OutputSink) { self.output = output }

    func show(_ progress: SyncProgress) {
        guard output.errorIsTerminal else { return }
        let (label, done, total): (String, Int, Int)
        switch progress {
        case let .scanning(d, t): (label, done, total) = ("Reading ", d, t)
        case let .pulling(d, t): (label, done, total) = ("Pulling ", d, t)
        case let .pushing(d, t): (label, done, total) = ("Pushing ", d, t)
        }
        lock.lock()
        defer { lock.unlock() }
        if label != phase {
            bar?.finish()
            bar = ProgressBar(output: output, label: label)
            phase = label
        }
        bar?.update(done, total)
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        bar?.finish()
        bar = nil
    }
}
