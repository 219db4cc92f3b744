import Foundation

/// One task: the fields of a task file's frontmatter, its body, and what reading it repaired.
///
/// The model knows nothing of files or YAML: ``TaskFileCodec`` turns bytes into a `TodoTask`
/// and changes into bytes. Absent optional fields are `nil`; defaults (`priority` none,
/// `flagged` false, `recurrenceMode` fixed) are values, as §21 asks.
public struct TodoTask: Sendable, Equatable {
    /// The path relative to the vault root with `/` separators, including `.md` (§4).
    public var id: String
    public var title: String
    public var status: TaskStatus
    public var due: LocalDate?
    /// The time of day of `due`, when it has one (§24).
    public var dueTime: TimeOfDay?
    /// `defer` in the file: hidden until this date.
    public var deferDate: LocalDate?
    /// The time of day of `defer`, when it has one.
    public var deferTime: TimeOfDay?
    public var scheduled: LocalDate?
    /// The time of day of `scheduled`, when it has one.
    public var scheduledTime: TimeOfDay?
    public var priority: Priority
    public var flagged: Bool
    public var area: String?
    public var project: String?
    public var tags: [String]
    public var recurrence: String?
    public var recurrenceMode: RecurrenceMode
    public var estimatedMinutes: Int?
    /// The parent task as written (§23): an id, a filename, or an Obsidian wikilink.
    public var parent: String?
    /// The tasks this one waits for, as written (§23): references, or TaskNotes' dependency
    /// objects in their flow form (see ``TaskReference``).
    public var blockedBy: [String]
    /// Only the first open child is available (§23).
    public var sequential: Bool
    /// When to remind (§24), as written: ISO 8601 offsets before `due` (`-PT15M`), local
    /// date-times, or TaskNotes' reminder objects in their flow form (see ``TaskReminder``).
    public var reminders: [String]
    /// Remind again every ``nagInterval`` minutes from the first reminder until done (§24).
    public var nag: Bool
    /// Minutes between nagging reminders; absent means 5.
    public var nagInterval: Int?
    /// No reminders before this local date and time (§24).
    public var snoozedUntil: TaskDate?
    /// Tracked time (§27), as held: entries in their canonical YAML flow form
    /// (`{start: "…Z", end: "…Z" | null, note: "…"}`), or items kept as written (see ``TimeEntry``).
    public var timeEntries: [String]
    public var description: String?
    public var created: Date
    public var modified: Date?
    public var completed: Date?
    public var source: String
    public var region: PlanRegion?
    public var bucket: PlanBucket?
    public var planDate: LocalDate?
    public var carryCount: Int?
    public var backlogSince: LocalDate?
    public var note: String?
    public var noteLine: Int?
    /// The Markdown body, byte-exact (§21).
    public var body: String
    /// Keys todo.md does not know, in file order, with their values.
    public var extra: [ExtraField]
    /// What reading the file repaired or ignored, each naming its key.
    public var warnings: [String]
    /// What the rest of the vault says about this task (§23): its resolved parent, children,
    /// progress, whether it is blocked; and its checklist. Not a frontmatter field: the index
    /// computes it, and ``Vault/read(_:)`` fills it in.
    public var links: TaskLinks

    /// Creates a task with the given title and every other field at its default.
    public init(id: String = "", title: String, status: TaskStatus = .todo, created: Date,
                source: String = "user") {
        self.id = id
        self.title = title
        self.status = status
        self.priority = .none
        self.flagged = false
        self.tags = []
        self.blockedBy = []
        self.sequential = false
        self.reminders = []
        self.nag = false
        self.timeEntries = []
        self.recurrenceMode = .fixed
        self.created = created
        self.source = source
        self.body = ""
        self.extra = []
        self.warnings = []
        self.links = TaskLinks()
    }

    /// The file name: the last component of the id.
    public var filename: String { TodoTask.filename(ofID: id) }

    /// The last component of a task id (a `/`-separated path). Cut on the bytes: `/` is one
    /// byte that no multi-byte character contains, and splitting by `Character` cost a fifth
    /// of a structure pass.
    public static func filename(ofID id: String) -> String {
        guard let slash = id.utf8.lastIndex(of: UInt8(ascii: "/")) else { return id }
        return String(id[id.utf8.index(after: slash)...])
    }

    /// `due` with its time (§24).
    public var dueAt: TaskDate? {
        get { due.map { TaskDate($0, time: dueTime) } }
        set { due = newValue?.date; dueTime = newValue?.time }
    }

    /// `scheduled` with its time.
    public var scheduledAt: TaskDate? {
        get { scheduled.map { TaskDate($0, time: scheduledTime) } }
        set { scheduled = newValue?.date; scheduledTime = newValue?.time }
    }

    /// `defer` with its time.
    public var deferAt: TaskDate? {
        get { deferDate.map { TaskDate($0, time: deferTime) } }
        set { deferDate = newValue?.date; deferTime = newValue?.time }
    }

    /// Overdue at `now` (§24): active, and its `due` has passed — a date-only one once its day is
    /// over, a timed one as soon as its time has.
    public func isOverdue(at now: TaskDate) -> Bool {
        isActive && (dueAt?.hasPassed(at: now) ?? false)
    }

    /// Active: todo or in-progress (§6).
    public var isActive: Bool { status.isActive }

    /// Available: active, not deferred past `today` (§6) and not blocked (§23).
    public func isAvailable(today: LocalDate) -> Bool {
        isActive && (deferDate.map { $0 <= today } ?? true) && !links.blocked
    }
}

/// A frontmatter key todo.md does not know, kept with its value (§3, §21 `extra`).
public struct ExtraField: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(_ key: String, _ value: JSONValue) {
        self.key = key
        self.value = value
    }
}
