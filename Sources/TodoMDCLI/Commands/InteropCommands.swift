import ArgumentParser
import Foundation
import TodoMDKit

// MARK: - Export

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export",
        abstract: "Export tasks (data to standard output or --output FILE, messages to standard error).",
        discussion: """
            Formats:
            \(ExportFormat.allCases.map { "  \($0.rawValue + String(repeating: " ", count: max(0, 12 - $0.rawValue.count))) \($0.summary)" }.joined(separator: "\n"))

            --scope all (default), active, area:NAME, project:NAME or completed-before:DATE; give \
            several to narrow further. See docs/interop.md for what each format keeps.
            """,
        subcommands: [ExportJSON.self, ExportCSV.self, ExportTaskPaper.self, ExportTodoistCSV.self, ExportOPML.self,
                      ExportICS.self, ExportTaskwarrior.self, ExportTodoTxt.self])
}

/// `--scope` and `--output`, shared by every export format.
struct ExportOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Which tasks: all, active, area:NAME, project:NAME, completed-before:DATE (repeatable).",
                                            valueName: "scope"))
    var scope: [String] = []
    @Option(name: .long, help: "Write to this file (atomically) instead of standard output.")
    var output: String?
}

/// One export format as a subcommand.
protocol ExportCommand: VaultCommand {
    static var format: ExportFormat { get }
    var options: ExportOptions { get }
    /// For `ics`: to-dos instead of events.
    var asToDos: Bool { get }
}

extension ExportCommand {
    var asToDos: Bool { false }

    func run(_ context: CommandContext) throws {
        let scopes = try options.scope.map { try ExportScope(parsing: $0, today: context.clock.today) }
        let vault = try context.openVault()
        let result = try vault.export(Self.format, scopes: scopes.isEmpty ? [.all] : scopes, vtodo: asToDos)
        guard let output = options.output else {
            context.out(result.text)
            context.err("Exported \(result.count) \(result.noun).")
            return
        }
        try vault.saveExport(result.text, to: output)
        context.err("Exported \(result.count) \(result.noun) to \(output).")
    }
}

struct ExportJSON: ExportCommand {
    static let format = ExportFormat.json
    static let configuration = CommandConfiguration(commandName: "json", abstract: "Every field and the body (lossless).")
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
}

struct ExportCSV: ExportCommand {
    static let format = ExportFormat.csv
    static let configuration = CommandConfiguration(commandName: "csv",
        abstract: "RFC 4180 CSV: the §3 keys in canonical order, then notes (the body).")
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
}

struct ExportTaskPaper: ExportCommand {
    static let format = ExportFormat.taskpaper
    static let configuration = CommandConfiguration(commandName: "taskpaper",
        abstract: "A TaskPaper outline (OmniFocus-style @tags), areas and projects as headings.")
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
}

struct ExportTodoistCSV: ExportCommand {
    static let format = ExportFormat.todoistCSV
    static let configuration = CommandConfiguration(commandName: "todoist-csv",
        abstract: "Todoist's CSV template: open tasks, projects as sections, tags as @labels.")
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
}

struct ExportOPML: ExportCommand {
    static let format = ExportFormat.opml
    static let configuration = CommandConfiguration(commandName: "opml",
        abstract: "An OPML outline: areas → projects → tasks, bodies as notes.")
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
}

struct ExportICS: ExportCommand {
    static let format = ExportFormat.ics
    static let configuration = CommandConfiguration(commandName: "ics",
        abstract: "An iCalendar file of dated active tasks, with alarms at notify_time.",
        discussion: """
            One all-day event per active task with a scheduled or due date (on the scheduled date if \
            set), UID = file name + @todomd. --vtodo writes to-dos (DUE, DTSTART) instead.
            """)
    @Flag(name: .long, help: "Write VTODO to-dos instead of events.") var vtodo = false
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
    var asToDos: Bool { vtodo }
}

struct ExportTaskwarrior: ExportCommand {
    static let format = ExportFormat.taskwarrior
    static let configuration = CommandConfiguration(commandName: "taskwarrior",
        abstract: "A JSON array for `task import` (project Area.Project, H/M/L, wait = defer).")
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
}

struct ExportTodoTxt: ExportCommand {
    static let format = ExportFormat.todotxt
    static let configuration = CommandConfiguration(commandName: "todotxt",
        abstract: "todo.txt lines: (A) priorities, x done, +Project @Area due: t: sched: #tags.")
    @OptionGroup var options: ExportOptions
    @OptionGroup var global: GlobalOptions
}

// MARK: - Import

struct Import: VaultCommand {
    static let configuration = CommandConfiguration(commandName: "import",
        abstract: "Create tasks from another tool's file (never changes the file).",
        discussion: """
            FORMAT is json, csv, taskpaper, todoist-csv, taskwarrior, todotxt or markdown (FILE is then \
            a folder). Tasks get source: import-FORMAT (json keeps each task's own). Ends with a \
            summary naming every record that had a problem. --dry-run shows what would be created.

            --map for csv: COLUMN=FIELD,… (FIELD a §3 key, body, or ignore) over the guessed columns.
            --map for markdown: THEIRKEY=FIELD,… and/or preset=tasknotes.
            """)
    @Argument(help: "json, csv, taskpaper, todoist-csv, taskwarrior, todotxt or markdown.") var format: String
    @Argument(help: "The file to read (a folder for markdown; - for standard input).") var file: String
    @Option(name: .long, help: "Column (csv) or key (markdown) mapping, e.g. \"Due Date=due,Memo=body\".") var map: String?
    @Flag(name: .long, help: "Show what would be created; write nothing.") var dryRun = false
    @OptionGroup var output: OutputOptions
    @OptionGroup var global: GlobalOptions

    func run(_ context: CommandContext) throws {
        guard let format = ImportFormat(rawValue: format.lowercased()) else {
            throw ValidationError("unknown format `\(self.format)`; use "
                                  + ImportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if map != nil, format != .csv, format != .markdown {
            throw ValidationError("--map applies to csv and markdown imports only")
        }
        let vault = try context.openVault()
        let today = context.clock.today
        let zone = context.clock.timeZone
        let batch: ImportBatch
        do {
            switch format {
            case .markdown:
                batch = try MarkdownImport.parse(folder: file, fieldMap: try map.map(MarkdownImport.fieldMap(option:)),
                                                 timeZone: zone)
            case .json: batch = try JSONInterop.parse(try readText(), timeZone: zone)
            case .csv:
                batch = try CSVInterop.parse(try readText(), overrides: try map.map(CSVInterop.parseMap) ?? [:],
                                             today: today, timeZone: zone)
            case .taskpaper: batch = TaskPaper.parse(try readText(), today: today, timeZone: zone)
            case .todoistCSV: batch = try TodoistCSV.parse(try readText(), today: today, timeZone: zone)
            case .taskwarrior: batch = try Taskwarrior.parse(try readText(), timeZone: zone)
            case .todotxt: batch = TodoTxt.parse(try readText(), today: today, timeZone: zone)
            }
        } catch let error as ImportError {
            throw ImportError.inFile(file, error)
        }
        let bar = context.output.errorIsTerminal
            ? ProgressBar(output: context.output, label: dryRun ? "Checking" : "Importing", minimumTotal: 200, unit: "tasks")
            : nil
        let report = try vault.importTasks(batch, dryRun: dryRun) { done, total in bar?.update(done, total) }
        bar?.finish()
        if output.json {
            context.line(JSONValue.object([
                ("dry_run", .bool(dryRun)), ("summary", .string(report.summary)),
                ("created", .array(report.created.compactMap { try? JSONValue.parse(TaskJSON.encode($0)) })),
                ("problems", .array(report.problems.map { .object([("location", .string($0.location)),
                                                                    ("message", .string($0.message))]) })),
            ]).compact())
        } else {
            if dryRun {
                for task in report.created {
                    var details: [String] = []
                    if let a = task.area { details.append("area: \(a)") }
                    if let p = task.project { details.append("project: \(p)") }
                    if let d = task.dueAt { details.append("due \(d)") }
                    if task.status != .todo { details.append(task.status.rawValue) }
                    let suffix = details.isEmpty ? "" : "  " + context.style.dim("(" + details.joined(separator: ", ") + ")")
                    context.line("\(task.id)  \(task.title)\(suffix)")
                }
            }
            context.line(report.summary)
        }
        if report.created.isEmpty, !report.problems.isEmpty {
            throw ImportError.nothingImported(file: file)
        }
    }

    /// The source file's text (standard input for `-`); never written to.
    func readText() throws -> String {
        let data: Data
        if file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue,
                  let contents = FileManager.default.contents(atPath: file) else {
                throw TodoError.io(path: file, reason: "no such file, or it cannot be read")
            }
            data = contents
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw TodoError.io(path: file, reason: "not UTF-8 text")
        }
        return text
    }
}
