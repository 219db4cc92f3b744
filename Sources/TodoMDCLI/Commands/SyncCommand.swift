import ArgumentParser
import TodoMDKit

/// `todomd sync`: two-way sync of the vault's tasks and notes with PostgreSQL (§16, §22).
struct Sync: AsyncVaultCommand {
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
        // postgres-nio, NIO and BoringSSL live in the helper program (HelperCommands): run there.
        let settings = SyncSettings(database: database, owner: owner, installPolicies: installPolicies, watch: watch,
                                    interval: interval, poll: poll, json: output.json)
        if let sync = context.helpers.sync {
            try await sync(settings, context)
        } else {
            try context.runInHelper(HelperCommands.syncProgram)
        }
    }
}
