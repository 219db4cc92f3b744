import Foundation
import TodoMDKit

/// What every command gets: the environment, the clock, where the vault is, and the output.
package final class CommandContext: Sendable {
    package let environment: [String: String]
    package let clock: TodoClock
    /// The vault folder: `--vault`, else `$TODOMD_VAULT`, else `~/todo.md` (§2).
    package let vaultPath: String
    package let output: OutputSink
    let style: TerminalStyle
    /// Where `serve` and `mcp` run (the helper program, §28).
    let helpers: HelperCommands

    /// The walk of the vault started before the command was parsed, for its first opening.
    let scanAhead: ScanAhead?

    init(environment: [String: String], vaultPath: String?, output: OutputSink, helpers: HelperCommands = .none,
         scanAhead: ScanAhead? = nil) throws {
        self.environment = environment
        self.output = output
        self.helpers = helpers
        self.scanAhead = scanAhead
        clock = try TodoClock.system(environment: environment)
        self.vaultPath = CommandContext.vaultPath(vaultPath, environment: environment)
        style = TerminalStyle(environment: environment, isTerminal: output.isTerminal)
    }

    /// The vault folder `--vault` (nil when not given) and `environment` name (§2).
    static func vaultPath(_ given: String?, environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let raw = given ?? environment["TODOMD_VAULT"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/todo.md"
        return raw.hasPrefix("~/") ? home + raw.dropFirst(1) : raw
    }

    /// Opens the vault, showing a progress bar on a terminal while many files are indexed.
    ///
    /// - Parameter actor: who this command's writes are recorded as in the audit log (§17).
    /// - Parameter dayStart: run the day's rollover (§14) when the day changed (default); only
    ///   `plan rollover`, which runs it itself to report what moved, says no.
    package func openVault(actor: String = "cli", dayStart: Bool = true) throws -> Vault {
        let bar = output.errorIsTerminal ? ProgressBar(output: output, label: "Indexing") : nil
        let progress: (@Sendable (Int, Int) -> Void)? = bar.map { bar in { @Sendable done, total in bar.update(done, total) } }
        let vault = try Vault(path: vaultPath, clock: clock, environment: environment, actor: actor,
                              progress: progress, scanAhead: scanAhead)
        bar?.finish()
        // §14: the rollover runs at the start of every command once the day changed (a missed
        // midnight is caught up). It never stops the command: a task it cannot write is retried.
        if dayStart { _ = try? vault.rolloverIfDayChanged() }
        return vault
    }

    func out(_ text: String) { output.out(text) }
    func out(utf8 bytes: UnsafeRawBufferPointer) { output.out(utf8: bytes) }
    package func line(_ text: String = "") { output.out(text + "\n") }
    package func err(_ text: String) { output.err(text + "\n") }
}
