import Foundation

/// The formats `todomd export` writes (§20).
public enum ExportFormat: String, CaseIterable, Sendable {
    case json, csv, taskpaper
    case todoistCSV = "todoist-csv"
    case opml, ics, taskwarrior, todotxt

    /// What the format is, for help texts.
    public var summary: String {
        switch self {
        case .json: return "every field and the body, lossless"
        case .csv: return "one row per task, the §3 keys then notes"
        case .taskpaper: return "a TaskPaper / OmniFocus outline"
        case .todoistCSV: return "Todoist's CSV template (open tasks)"
        case .opml: return "an OPML outline for outliners"
        case .ics: return "iCalendar events (or --vtodo to-dos)"
        case .taskwarrior: return "JSON for `task import`"
        case .todotxt: return "todo.txt lines"
        }
    }
}

/// The formats `todomd import` reads (§20).
public enum ImportFormat: String, CaseIterable, Sendable {
    case json, csv, taskpaper
    case todoistCSV = "todoist-csv"
    case taskwarrior, todotxt, markdown

    /// The `source` imported tasks get (§22): `import-FORMAT`; a `json` import keeps each
    /// task's own.
    public var source: String { "import-" + rawValue }
}

/// Which tasks an export includes (§20). Several scopes together must all match.
public enum ExportScope: Sendable, Equatable {
    case all
    /// todo or in-progress.
    case active
    case area(String)
    case project(String)
    /// Done or cancelled before this date (by the local date of `completed`).
    case completedBefore(LocalDate)

    /// Reads `all`, `active`, `area:NAME`, `project:NAME` or `completed-before:DATE`.
    ///
    /// - Parameter today: for a date phrase after `completed-before:`.
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the scope.
    public init(parsing text: String, today: LocalDate) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        func rest(_ prefix: String) -> String { String(trimmed.dropFirst(prefix.count)) }
        switch trimmed.lowercased() {
        case "all": self = .all
        case "active": self = .active
        default:
            let lower = trimmed.lowercased()
            if lower.hasPrefix("area:"), !rest("area:").isEmpty {
                self = .area(rest("area:"))
            } else if lower.hasPrefix("project:"), !rest("project:").isEmpty {
                self = .project(rest("project:"))
            } else if lower.hasPrefix("completed-before:") {
                self = .completedBefore(try DateInput.require(rest("completed-before:"), field: "completed-before",
                                                               today: today))
            } else {
                throw TodoError.invalidValue(field: "scope", value: text,
                                             reason: "use all, active, area:NAME, project:NAME or completed-before:DATE")
            }
        }
    }

    /// Whether `task` is in this scope.
    public func includes(_ task: TodoTask, timeZone: TimeZone) -> Bool {
        switch self {
        case .all: return true
        case .active: return task.isActive
        case let .area(name): return task.area == name
        case let .project(name): return task.project == name
        case let .completedBefore(date):
            guard task.status.isClosed, let completed = task.completed else { return false }
            return LocalDate(completed, in: timeZone) < date
        }
    }
}

/// Something an import could not take as it was, naming where (a line, a record, a file).
public struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
    /// Where: "line 12", "record 3", "Work/plan.md".
    public let location: String
    /// What went wrong and what was done about it.
    public let message: String

    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// One task read from an import source, before it is written.
public struct ImportRecord: Sendable {
    /// Where it came from, for problems ("line 4", "record 2").
    public var location: String
    /// The task to create (its id is a wish, kept only by `json` imports when free).
    public var task: TodoTask
    /// Problems with this record; the task is still created without the values named.
    public var problems: [String] = []
    /// Whether `created`, `modified` and `source` are the record's own (kept as read).
    public var keepsStamps = false
    /// Whether `created` came from the source (else it is the time of the import).
    public var hasCreated = false
    /// The record (an index into the batch's records, always an earlier one) this task is a
    /// subtask of, from an outline's indentation (§23); the import writes it as `parent`.
    public var parentRecord: Int?

    public init(location: String, task: TodoTask) {
        self.location = location
        self.task = task
    }
}

/// What an import source held: the tasks to create and the records that could not be read.
public struct ImportBatch: Sendable {
    public var records: [ImportRecord] = []
    /// Records skipped entirely.
    public var skipped: [ImportProblem] = []

    public init() {}
}

/// What an import did (or, in a dry run, would do).
public struct ImportReport: Sendable {
    /// The tasks created (or that would be), with their ids.
    public var created: [TodoTask] = []
    /// Every problem: records skipped and values left out, by location.
    public var problems: [ImportProblem] = []
    /// Whether nothing was written.
    public var dryRun = false

    /// The number of distinct projects among the created tasks.
    public var projectCount: Int { Set(created.compactMap(\.project)).count }

    /// §20's summary: "Created 247 tasks across 12 projects. 3 had problems: …".
    public var summary: String {
        let n = created.count
        var text = (dryRun ? "Would create " : "Created ") + "\(n) \(n == 1 ? "task" : "tasks")"
        let p = projectCount
        if p > 0 { text += " across \(p) \(p == 1 ? "project" : "projects")" }
        text += "."
        let places = Set(problems.map(\.location)).count
        if places > 0 {
            text += " \(places) had \(places == 1 ? "a problem" : "problems"):"
            for problem in problems { text += "\n  " + problem.description }
        }
        return text
    }
}

/// The tasks of an export as a tree (§23): a task whose parent is also exported is written
/// under it by the formats that nest (TaskPaper, Todoist CSV); the others keep `parent`.
struct ExportTree {
    /// Tasks whose parent is not exported, in the given order.
    let roots: [TodoTask]
    private let byParent: [String: [TodoTask]]

    init(_ tasks: [TodoTask]) {
        let ids = Set(tasks.map(\.id))
        var byParent: [String: [TodoTask]] = [:]
        var roots: [TodoTask] = []
        for t in tasks {
            if let parent = t.links.parentID, ids.contains(parent) { byParent[parent, default: []].append(t) } else { roots.append(t) }
        }
        // Children in their parent's order.
        let order = Dictionary(tasks.map { ($0.id, $0.links.children) }, uniquingKeysWith: { a, _ in a })
        for (parent, kids) in byParent {
            let rank = Dictionary((order[parent] ?? []).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            byParent[parent] = kids.sorted { (rank[$0.id] ?? Int.max) < (rank[$1.id] ?? Int.max) }
        }
        self.roots = roots
        self.byParent = byParent
    }

    func children(of t: TodoTask) -> [TodoTask] { byParent[t.id] ?? [] }
}
