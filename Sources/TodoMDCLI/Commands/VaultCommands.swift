import ArgumentParser
import Foundation
import TodoMDKit

struct Init: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Create the vault folder.")
    @Flag(help: "Add a few sample tasks to explore with.") var sample = false
    @Flag(name: .customLong("no-categories"), help: "Do not write the 8 default categories to .tags.json.")
    var noCategories = false
    @OptionGroup var global: GlobalOptions
    func run(_ context: CommandContext) throws {
        let existed = FileManager.default.fileExists(atPath: context.vaultPath)
        try Vault.create(at: context.vaultPath)
        context.line(existed ? "The vault at \(context.vaultPath) already exists." : "Created a vault at \(context.vaultPath).")
        // The default categories (§15) are written once, when the vault has no .tags.json yet.
        if !noCategories, try context.openVault().writeDefaultCategories() {
            context.line("Added 8 categories (house, garage, printing, vehicle, tech, finance, shopping, travel): todomd tag list")
        }
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

struct Serve: AsyncVaultCommand {
    static let configuration = CommandConfiguration(commandName: "serve",
        abstract: "Run the web app and its JSON API (http://127.0.0.1:8750/).",
        discussion: """
            Creates a vault with sample tasks when there is none. Binding to another address than \
            loopback needs a token (--token, or one is generated and printed). Ctrl-C stops it.
            """)
    @Option(help: "Address to listen on.") var host = "127.0.0.1"
    @Option(help: "Port (0 picks a free one).") var port = 8750
    @Option(help: "Require this token on every request (generated when --host is not loopback).") var token: String?
    @Flag(help: "Watch the folder by polling instead of inotify.") var poll = false
    @Flag(inversion: .prefixedNo, help: "Deliver reminders at notify_time (to open pages and notify-send).")
    var remind = true
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) async throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let token, token.count < 16 { throw ValidationError("--token must be at least 16 characters") }
        // The web server lives in the helper program (HelperCommands): run there.
        if let serve = context.helpers.serve {
            try await serve(ServeSettings(host: host, port: port, token: token, poll: poll, remind: remind), context)
        } else {
            try context.runInHelper(HelperCommands.servingProgram)
        }
    }
}
