import Foundation
import GRDB

/// A task as a listing needs it: the fields that sort, group and display, plus its TASK JSON.
public struct TaskRow: Sendable, Equatable {
    public let id: String
    public let filename: String
    public let title: String
    /// ``TextFolding/sortKey(_:)`` of the title.
    public let titleKey: String
    public let status: TaskStatus
    public let due: LocalDate?
    public let deferDate: LocalDate?
    public let scheduled: LocalDate?
    public let priority: Priority
    public let flagged: Bool
    public let area: String?
    public let project: String?
    public let tags: [String]
    public let estimatedMinutes: Int?
    public let description: String?
    public let recurrence: String?
    public let created: Double
    public let modified: Double?
    public let completed: Double?
    public let source: String
    public let region: PlanRegion?
    public let bucket: PlanBucket?
    public let planDate: LocalDate?
    public let warningCount: Int
    /// The TASK object of §19, as JSON text.
    public let json: String

    static let columns = """
        id, filename, title, title_key, status, due, defer, scheduled, priority, flagged, area, project, tags,
        estimated_minutes, description, recurrence, created, modified, completed, source, region, bucket,
        plan_date, warning_count, json
        """

    init(row: Row) {
        id = row[0]
        filename = row[1]
        title = row[2]
        titleKey = row[3]
        status = TaskStatus(rawValue: row[4]) ?? .todo
        due = (row[5] as String?).flatMap { LocalDate(iso: $0) }
        deferDate = (row[6] as String?).flatMap { LocalDate(iso: $0) }
        scheduled = (row[7] as String?).flatMap { LocalDate(iso: $0) }
        let rank: Int = row[8]
        priority = Priority.allCases.indices.contains(rank) ? Priority.allCases[rank] : .none
        flagged = row[9]
        area = row[10]
        project = row[11]
        let joined: String = row[12]
        tags = joined.isEmpty ? [] : joined.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
        estimatedMinutes = row[13]
        description = row[14]
        recurrence = row[15]
        created = row[16]
        modified = row[17]
        completed = row[18]
        source = row[19]
        region = (row[20] as String?).flatMap(PlanRegion.init(rawValue:))
        bucket = (row[21] as String?).flatMap(PlanBucket.init(rawValue:))
        planDate = (row[22] as String?).flatMap { LocalDate(iso: $0) }
        warningCount = row[23]
        json = row[24]
    }

    /// Whether the task is todo or in-progress.
    public var isActive: Bool { status.isActive }
}

extension TaskIndex {
    /// Tasks matching `filter`, in no particular order.
    public func rows(matching filter: SQLFragment) throws -> [TaskRow] {
        try database.read { db in
            var rows: [TaskRow] = []
            let cursor = try Row.fetchCursor(db, sql: "SELECT \(TaskRow.columns) FROM task WHERE \(filter.sql)",
                                             arguments: StatementArguments(filter.arguments))
            while let row = try cursor.next() { rows.append(TaskRow(row: row)) }
            return rows
        }
    }

    /// Number of tasks matching `filter`.
    public func count(matching filter: SQLFragment) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM task WHERE \(filter.sql)",
                             arguments: StatementArguments(filter.arguments)) ?? 0
        }
    }

    /// Unparseable files with their reasons, by path.
    public func unparseable() throws -> [(path: String, reason: String)] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT path, reason FROM file WHERE reason IS NOT NULL ORDER BY path")
                .map { ($0[0], $0[1]) }
        }
    }

    /// Tasks with warnings: (id, warnings).
    public func tasksWithWarnings() throws -> [(id: String, warnings: [String])] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, json FROM task WHERE warning_count > 0 ORDER BY id").map { row in
                let json = try? JSONValue.parse(row[1] as String)
                let warnings = json?["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
                return (row[0], warnings)
            }
        }
    }

    /// The number of files known to the index, tasks and unparseable ones.
    public func fileCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? 0 }
    }
}
