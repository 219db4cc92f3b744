import ArgumentParser
import Foundation
import TodoMDKit

struct Init: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create the vault folder.")
    @Flag(help: "Add a few sample tasks to explore with.") var sample = false
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let existed = FileManager.default.fileExists(atPath: context.vaultPath)
        try Vault.create(at: context.vaultPath)
        context.line(existed ? "The vault at \(context.vaultPath) already exists." : "Created a vault at \(context.vaultPath).")
        if sample {
            let vault = try context.openVault()
            let added = try SampleTasks.add(to: vault)
            context.line("Added \(added) sample tasks. Try: todomd today")
        }
    }
}

struct Doctor: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "doctor", abstract: "List unparseable files and tasks with warnings.")
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let report = try context.openVault().doctor()
        if output.json {
            let json = JSONValue.object([
                ("tasks", .number(Double(report.taskCount))),
                ("unparseable", .array(report.unparseable.map {
                    .object([("path", .string($0.path)), ("reason", .string($0.reason))]) })),
                ("warnings", .array(report.warnings.map {
                    .object([("id", .string($0.id)), ("warnings", .array($0.warnings.map(JSONValue.string)))]) })),
            ])
            context.line(json.compact())
            return
        }
        let s = context.style
        context.line("\(report.taskCount) tasks, \(report.unparseable.count) unparseable files, "
                     + "\(report.warnings.count) tasks with warnings.")
        if !report.unparseable.isEmpty {
            context.line("\n" + s.bold("Not tasks (left untouched):"))
            for item in report.unparseable { context.line("  \(s.red("✕")) \(item.path): \(item.reason)") }
        }
        if !report.warnings.isEmpty {
            context.line("\n" + s.bold("Tasks with warnings (read with repairs; files not rewritten):"))
            for item in report.warnings {
                context.line("  \(s.yellow("⚠")) \(item.id)")
                for w in item.warnings { context.line("      \(w)") }
            }
        }
        if report.unparseable.isEmpty, report.warnings.isEmpty { context.line(s.green("All good.")) }
    }
}

struct Reindex: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "reindex", abstract: "Rebuild the index from the files.")
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        // The index is a cache: deleting it loses nothing.
        let folder = try VaultFolder(path: context.vaultPath)
        let path = TaskIndex.defaultPath(forVaultAt: folder.root, environment: context.environment)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let start = DispatchTime.now().uptimeNanoseconds
        let vault = try context.openVault()
        let ms = (DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
        let report = try vault.doctor()
        context.line("Indexed \(report.taskCount) tasks (\(report.unparseable.count) unparseable files) in \(ms) ms.")
    }
}

struct Serve: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Run the web app (coming soon; lists Today meanwhile).")
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port.") var port = 8750
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        if !FileManager.default.fileExists(atPath: context.vaultPath) {
            try Vault.create(at: context.vaultPath)
            let vault = try context.openVault()
            let n = try SampleTasks.add(to: vault)
            context.line("No vault at \(context.vaultPath): created one with \(n) sample tasks.")
        }
        let vault = try context.openVault()
        context.line("The web app (http://\(host):\(port)/) is coming in the next release. Meanwhile, here is Today:\n")
        context.out(TaskRenderer(style: context.style, today: context.clock.today).render(try vault.list("today")))
    }
}
