import ArgumentParser
import Dispatch
import Foundation
import TodoMDKit
#if canImport(Glibc)
import Glibc
#endif

/// `todomd watch`: keeps the index current while other programs change the folder, records
/// their changes in `.todomd/audit.jsonl`, and raises the ingest alert (§17).
struct Watch: AsyncVaultCommand {
    static let configuration = CommandConfiguration(commandName: "watch",
        abstract: "Watch the vault: keep the index current, log changes, alert on floods of new tasks.",
        discussion: """
            Prints one line per change (who made it: external, or cli/web/mcp for todo.md's own), \
            and an alert when more than 50 tasks arrive within a minute. Ctrl-C stops it.
            """)
    @Flag(help: "Watch by polling instead of inotify.") var poll = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        let vault = try context.openVault(actor: "watch")
        let monitor = VaultMonitor(vault: vault)
        let (wakeups, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watcher = try monitor.startWatching(mode: poll ? .polling(interval: .milliseconds(500)) : .automatic) { _ in
            continuation.yield()
        }
        let signals = Interrupts.onInterrupt { continuation.finish() }
        defer {
            watcher.stop()
            for signal in signals { signal.cancel() }
        }
        if !output.json {
            context.line("Watching \(vault.folder.root) (\(watcher.activeMode)). Press Ctrl-C to stop.")
        }
        report(try monitor.process(), context)
        for await _ in wakeups {
            do {
                report(try monitor.process(), context)
            } catch {
                context.err("warning: \(ErrorText.describe(error))")
            }
        }
        if !output.json { context.line("Stopped.") }
    }

    func report(_ report: VaultMonitor.Report, _ context: CommandContext) {
        let time = DateTimeFormat.string(context.clock.now)
        for change in report.changes {
            if output.json {
                var o: [(String, JSONValue)] = [("time", .string(time)), ("kind", .string(change.kind.rawValue)),
                                                ("id", .string(change.id)), ("who", .string(change.who))]
                if let source = change.source { o.append(("source", .string(source))) }
                context.line(JSONValue.object(o).compact())
            } else {
                let source = change.source.map { ", source \($0)" } ?? ""
                context.line("\(change.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(change.id)  (\(change.who)\(source))")
            }
        }
        if let alert = report.alert {
            if output.json {
                context.line(JSONValue.object([("time", .string(time)), ("alert", .string(alert.message)),
                                               ("count", .number(Double(alert.count)))]).compact())
            } else {
                context.line(context.style.yellow("⚠ " + alert.message))
            }
        }
    }
}

/// Ctrl-C and `kill` for the commands that run until stopped (`watch`, `sync --watch`).
package enum Interrupts {
    /// Calls `stop` on SIGINT or SIGTERM (the sources must be kept alive).
    package static func onInterrupt(_ stop: @escaping @Sendable () -> Void) -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
    }
}
