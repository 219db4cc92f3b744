import ArgumentParser
import TodoMDKit

/// The root command: `todomd [--vault PATH] COMMAND`.
struct TodoMD: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todomd",
        abstract: "A task manager whose database is a folder of Markdown files.",
        discussion: """
            The vault is --vault PATH, else $TODOMD_VAULT, else ~/todo.md. Every listing takes --json.
            Exit codes: 0 success, 1 runtime error, 2 usage error or unknown/ambiguous task, 3 conflict.
            """,
        version: TodoMDVersion.string,
        subcommands: [
            Init.self, Add.self, List.self,
            Today.self, Inbox.self, Upcoming.self, Anytime.self, Someday.self, Flagged.self, Logbook.self,
            Show.self, Edit.self, DuplicateCommand.self, Done.self, Reopen.self, Cancel.self, Delete.self, Restore.self, TrashCommand.self, Check.self, Uncheck.self, Skip.self, Defer.self, Move.self,
            Search.self, AgendaCommand.self, FreeCommand.self, RambleCommand.self, TemplateCommand.self, Areas.self, Projects.self, Tags.self, TagCommand.self, NoteCommand.self, PerspectiveCommand.self, Doctor.self, Reindex.self, Serve.self, Watch.self,
            MCPCommand.self, Plan.self, Backlog.self, StatsCommand.self,
            Open.self, InstallURLHandler.self, Conflicts.self, Resolve.self, Remind.self, Snooze.self, StartTimer.self, StopTimer.self, TimeCommand.self, Export.self, Sync.self, Import.self,
        ]
    )
}

/// Options every command shows in its help (`--vault` is read before parsing, anywhere).
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: "The vault folder (default: $TODOMD_VAULT, else ~/todo.md).")
    var vault: String?
}

/// `--json` for commands that print tasks.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false
}
