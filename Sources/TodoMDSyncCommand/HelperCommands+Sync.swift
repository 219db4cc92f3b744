import Foundation
import TodoMDCLI
import TodoMDKit
import TodoMDSync

extension HelperCommands {
    /// `sync` runs in this process: the `todomd-sync` helper's, and the tests' in-process CLI.
    public static let syncing = HelperCommands(sync: sync)

    /// `todomd sync`: one pass (or `--watch`), with progress bars on a terminal (§16).
    static func sync(_ settings: SyncSettings, _ context: CommandContext) async throws {
        let url = try SyncEngine.databaseURL(option: settings.database, vaultPath: context.vaultPath)
        let engine = try SyncEngine(vaultPath: context.vaultPath, url: url, clock: context.clock,
                                    owner: try SyncEngine.owner(option: settings.owner, vaultPath: context.vaultPath),
                                    environment: context.environment)
        if settings.installPolicies {
            try await engine.installPolicies()
            context.line("Row-level security is on: each database role sees only the rows of its user_id "
                         + "(todomd_uid(): the JWT subject on Supabase, else the role name).")
            return
        }
        if settings.watch {
            try await watch(engine, settings, context)
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
        report(summary, settings, context)
    }

    /// `sync --watch`: a pass after every local change and every `interval` seconds, until Ctrl-C.
    static func watch(_ engine: SyncEngine, _ settings: SyncSettings, _ context: CommandContext) async throws {
        if !settings.json {
            context.line("Syncing \(context.vaultPath) with \(engine.url) every \(seconds(settings.interval)) s "
                         + "and on every change. Press Ctrl-C to stop.")
        }
        let task = Task {
            try await engine.watch(interval: .milliseconds(Int64(settings.interval * 1000)), pollFiles: settings.poll) { result in
                switch result {
                case let .success(summary):
                    // Quiet passes say nothing: only passes that moved something are printed.
                    if summary.pushed + summary.pulled + summary.conflicts > 0 || !summary.skipped.isEmpty {
                        report(summary, settings, context)
                    }
                case let .failure(error):
                    context.err("warning: \(ErrorText.describe(error))")
                }
            }
        }
        let signals = Interrupts.onInterrupt { task.cancel() }
        defer { for signal in signals { signal.cancel() } }
        try await task.value
        if !settings.json { context.line("Stopped.") }
    }

    static func report(_ summary: SyncSummary, _ settings: SyncSettings, _ context: CommandContext) {
        if settings.json {
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
