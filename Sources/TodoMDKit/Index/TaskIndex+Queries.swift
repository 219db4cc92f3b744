import Foundation
import GRDB

/// Every question the rest of the core asks the index. The SQL lives here and in the files next
/// to it, and nowhere else: callers get rows, ids and counts.
extension TaskIndex {
    // MARK: - Listings

    /// Tasks matching `predicate` (every task when nil), in no particular order.
    ///
    /// - Parameters:
    ///   - timeZone: for comparing date-time fields by their local date.
    ///   - fields: the only fields to read into each row's task (the rest stay absent); nil,
    ///     every field.
    ///   - json: the only JSON form to read (``TaskRow/json`` or ``TaskRow/rowJSON``); nil, both.
    public func rows(matching predicate: Predicate?, timeZone: TimeZone, fields: Set<TaskField>? = nil,
                     json: TaskJSON.Fields? = nil, readingJSON: Bool = true) throws -> [TaskRow] {
        prepareFullText(for: [predicate])
        return try rows(fields: fields, json: json, readingJSON: readingJSON) { db in
            try TaskIndex.filter(predicate, timeZone: timeZone, db)
        }
    }

    /// The most entries of a manual order ``leadingRows(matching:timeZone:count:order:fields:)``
    /// looks up by name; with more, the listing reads every row.
    static let leadingEntriesLimit = 1000

    /// The rows of `predicate`'s listing that can be among its first `count` in `order`, and how
    /// many rows the whole listing has: what a listing cut to its first rows sorts instead of
    /// every row. Read as ``rows(matching:timeZone:fields:json:readingJSON:)`` reads them
    /// without their JSON (`readingJSON` false), with `fields`.
    ///
    /// The rows are a superset: sorted by `order` and cut to `count`, they are the first `count`
    /// of every matching row sorted by it. SQLite leaves out only the rows `created` puts after
    /// the `count`-th (through the index `task_created`, without reading them), which neither
    /// order can put before it:
    /// - `created`: the rows from the `count`-th on in its direction, ties included;
    /// - `manual`: unlisted rows keep `created` ascending after the listed ones, so an unlisted
    ///   row after the `count`-th by `created` has `count` rows before it. The order's entries
    ///   are read by id and by file name, every row of such a name: a bare file name places a
    ///   task only when it is the one row of the listing with that name (§21).
    ///
    /// At 10k tasks, Anytime's first 200 rows are read from ~200 rows instead of 10,000.
    ///
    /// - Returns: nil, for the caller to read every row, when the order has another key (the
    ///   rows' ties and absent values are Swift's to order), when a matching task's parent
    ///   matches too (nesting then moves rows out of the sort's order, §23), when the manual
    ///   order has more than ``leadingEntriesLimit`` entries, or when the listing has no more
    ///   than `count` rows.
    func leadingRows(matching predicate: Predicate?, timeZone: TimeZone, count: Int, order: SortOrder,
                     fields: Set<TaskField>) throws -> (rows: [TaskRow], total: Int)? {
        let descending: Bool
        var entries: [String] = []
        switch order.key {
        case .created: descending = order.direction == .descending
        case .manual:
            descending = false
            var seen: Set<String> = []
            entries = order.manualOrder.filter { seen.insert($0).inserted }
        default: return nil
        }
        guard count > 0, entries.count <= Self.leadingEntriesLimit else { return nil }
        prepareFullText(for: [predicate])
        let positions = TaskColumns.positions(of: fields)
        let columns = TaskColumns.rowColumns(fields: positions, readingJSON: false)
        return try database.read { db in
            let filter = try TaskIndex.filter(predicate, timeZone: timeZone, db)
            let matching = filter.arguments
            // A listed child of a listed parent: the children are read through the index of
            // parents (none in a vault without subtasks), their parents looked up 64 at a time,
            // up to the first that is listed (in a vault of subtasks, mostly the first lookup).
            let children = try String.fetchCursor(db, sql: """
                SELECT parent_id FROM task WHERE parent_id IS NOT NULL AND (\(filter.sql))
                """, arguments: StatementArguments(matching))
            var parents: [String] = []
            func anyListed() throws -> Bool {
                defer { parents.removeAll(keepingCapacity: true) }
                return try Bool.fetchOne(db, sql: """
                    SELECT EXISTS (SELECT 1 FROM task WHERE id IN (\(Self.marks(parents.count))) AND (\(filter.sql)))
                    """, arguments: StatementArguments(parents.map(\.databaseValue) + matching)) ?? true
            }
            while let parent = try children.next() {
                parents.append(parent)
                if parents.count == 64, try anyListed() { return nil }
            }
            if !parents.isEmpty, try anyListed() { return nil }
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM task WHERE \(filter.sql)",
                                         arguments: StatementArguments(matching)) ?? 0
            guard total > count else { return nil }
            let direction = descending ? "DESC" : "ASC"
            guard let last = try Double.fetchOne(db, sql: """
                SELECT created FROM task WHERE \(filter.sql) ORDER BY created \(direction) LIMIT 1 OFFSET ?
                """, arguments: StatementArguments(matching + [(count - 1).databaseValue])) else { return nil }
            var kept = "created \(descending ? ">=" : "<=") ?"
            var keptArguments = [last.databaseValue]
            if !entries.isEmpty {
                kept += " OR id IN (\(Self.marks(entries.count)))"
                keptArguments += entries.map(\.databaseValue)
                let names = entries.filter { !$0.contains("/") }
                if !names.isEmpty {
                    kept += " OR filename IN (\(Self.marks(names.count)))"
                    keptArguments += names.map(\.databaseValue)
                }
            }
            let rows = try TaskRowDecoder.fetch(db, sql: "SELECT \(columns) FROM task WHERE (\(filter.sql)) AND (\(kept))",
                                                arguments: StatementArguments(matching + keptArguments), fields: positions,
                                                now: clock?.now, readingJSON: false)
            return (rows, total)
        }
    }

    /// The rows of the tasks `ids` that exist, in no particular order; `fields` and `json` as for
    /// ``rows(matching:timeZone:fields:json:readingJSON:)``.
    func rows(ids: [String], fields: Set<TaskField>?, json: TaskJSON.Fields?) throws -> [TaskRow] {
        guard !ids.isEmpty else { return [] }
        return try rows(fields: fields, json: json, readingJSON: true) { _ in
            SQLFragment("id IN (\(Self.marks(ids.count)))", ids.map(\.databaseValue))
        }
    }

    /// How many tasks match `predicate` (every task when nil).
    public func count(matching predicate: Predicate?, timeZone: TimeZone) throws -> Int {
        prepareFullText(for: [predicate])
        return try database.read { db in
            let filter = try TaskIndex.filter(predicate, timeZone: timeZone, db)
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM task WHERE \(filter.sql)",
                                    arguments: StatementArguments(filter.arguments)) ?? 0
        }
    }

    /// `predicate`'s SQL (every row for nil), narrowing body tests by the full-text index only
    /// if it is whole in the transaction `db` reads: whether it is belongs to the same snapshot
    /// as the rows, so a build that empties it (a bulk load, ``holdsFullText(_:)``) between the
    /// check and the query cannot hide rows.
    static func filter(_ predicate: Predicate?, timeZone: TimeZone, _ db: Database) throws -> SQLFragment {
        guard let predicate else { return .all }
        return try predicate.sql(timeZone: timeZone, fullText: predicate.narrowsByFullText && holdsFullText(db))
    }

    /// Predicates that search bodies make the full-text index first, if a cold build left it
    /// for later (``buildFullText()``). If that fails (another process is writing), the query
    /// reads every body instead, which is slower but finds the same tasks.
    private func prepareFullText(for predicates: [Predicate?]) {
        if predicates.contains(where: { $0?.narrowsByFullText == true }) { _ = try? buildFullText() }
    }

    /// How many tasks match each of `predicates` (every task for nil), in one pass over the
    /// index: one statement with one count per predicate, however many there are.
    ///
    /// - Complexity: one scan of the task table, O(tasks × predicates) tests.
    public func counts(matching predicates: [Predicate?], timeZone: TimeZone) throws -> [Int] {
        guard !predicates.isEmpty else { return [] }
        prepareFullText(for: predicates)
        return try database.read { db in
            let fragments = try predicates.map { try TaskIndex.filter($0, timeZone: timeZone, db) }
            // A predicate's SQL is 1 for a match, else 0 or NULL. Counted as a CASE condition, it
            // stops at its first deciding test, as in a WHERE clause; inside sum(…) SQLite works
            // out every AND and OR in full (the sidebar's counts at 100k: 126 vs 40 ms).
            let sums = fragments.map { "count(CASE WHEN \($0.sql) THEN 1 END)" }.joined(separator: ", ")
            guard let row = try Row.fetchOne(db, sql: "SELECT \(sums) FROM task",
                                             arguments: StatementArguments(fragments.flatMap(\.arguments)))
            else { return predicates.map { _ in 0 } }
            return (0..<predicates.count).map { (row[$0] as Int?) ?? 0 }
        }
    }

    /// Tasks matching `filter`, in no particular order; `fields` as for
    /// ``rows(matching:timeZone:fields:)``.
    func rows(matching filter: SQLFragment, fields: Set<TaskField>? = nil) throws -> [TaskRow] {
        try rows(fields: fields, json: nil) { _ in filter }
    }

    /// Tasks matching the filter `where` makes inside the read transaction.
    private func rows(fields: Set<TaskField>?, json: TaskJSON.Fields?, readingJSON: Bool = true,
                      where filter: (Database) throws -> SQLFragment) throws -> [TaskRow] {
        let positions = fields.map(TaskColumns.positions)
        let columns = fields == nil && json == nil && readingJSON
            ? TaskColumns.rowColumns
            : TaskColumns.rowColumns(fields: positions ?? Array(TaskFieldSpec.table.indices), json: json,
                                     readingJSON: readingJSON)
        // Without JSON, the text table is not joined.
        let from = readingJSON ? TaskColumns.withText : "task"
        return try database.read { db in
            let filter = try filter(db)
            return try TaskRowDecoder.fetch(db, sql: "SELECT \(columns) FROM \(from) WHERE \(filter.sql)",
                                            arguments: StatementArguments(filter.arguments), fields: positions, now: clock?.now,
                                            readingJSON: readingJSON)
        }
    }

    // MARK: - Health

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
            try Row.fetchAll(db, sql: """
                SELECT id, json, warning_count, link_warnings FROM \(TaskColumns.withText)
                WHERE warning_count > 0 OR link_warnings != '' ORDER BY id
                """).map { row in
                var warnings: [String] = []
                if (row[2] as Int) > 0 {
                    // The stored JSON leaves its warnings open (TaskJSON.head): close it to read them.
                    let json = try? JSONValue.parse(row[1] as String + "]}")
                    warnings = json?["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
                }
                warnings += TaskColumns.split(row[3])
                return (row[0], warnings)
            }
        }
    }

    /// The number of files known to the index, tasks and unparseable ones.
    public func fileCount() throws -> Int {
        try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM file") ?? 0 }
    }

    // MARK: - References (§4)

    /// One step of resolving a user's reference to a task.
    public enum ReferenceStep: Sendable {
        /// The id exactly.
        case id(String)
        /// The filename exactly.
        case filename(String)
        /// Filenames starting with this text (case-sensitive).
        case filenamePrefix(String)
        /// Tasks in one of `statuses` whose folded title contains the folded text.
        case titleContaining(String, statuses: [TaskStatus])
    }

    /// The ids one step matches, sorted.
    public func ids(_ step: ReferenceStep) throws -> [String] {
        let condition: String
        var arguments: [DatabaseValueConvertible] = []
        switch step {
        case let .id(id):
            condition = "id = ?"
            arguments = [id]
        case let .filename(name):
            condition = "filename = ?"
            arguments = [name]
        case let .filenamePrefix(prefix):
            // substr counts characters, so the length comes from SQLite too.
            condition = "substr(filename, 1, length(?)) = ?"
            arguments = [prefix, prefix]
        case let .titleContaining(text, statuses):
            condition = "status IN (\(Self.marks(statuses.count))) AND instr(\(TaskColumns.folded("title")), ?) > 0"
            arguments = statuses.map(\.rawValue) + [TextFolding.fold(text)]
        }
        return try database.read { db in
            try String.fetchAll(db, sql: "SELECT id FROM task WHERE \(condition) ORDER BY id",
                                arguments: StatementArguments(arguments))
        }
    }

    /// Whether an indexed file has this name, at the root or in any folder.
    public func hasFile(named name: String) throws -> Bool {
        try database.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM file WHERE name = ?)", arguments: [name]) ?? false
        }
    }

    /// The first task (by id) with this filename: its id, title and status.
    public func task(withFilename name: String) throws -> (id: String, title: String, status: TaskStatus)? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, title, status FROM task WHERE filename = ? ORDER BY id LIMIT 1",
                             arguments: [name])
                .map { ($0[0], $0[1], TaskStatus(rawValue: $0[2]) ?? .todo) }
        }
    }

    // MARK: - Areas, projects, tags

    /// Open tasks (not done or cancelled) per project and area (a project's tasks may carry
    /// several areas), for what is asked: the tasks with an area (`project` then nil), those with
    /// a project, or both in one pass over the tasks, as the sidebar shows them.
    public func openCountsByProjectAndArea(areas: Bool, projects: Bool) throws -> [(project: String?, area: String?, count: Int)] {
        let sql = Self.openCountsByProjectAndAreaSQL(areas: areas, projects: projects)
        guard !sql.isEmpty else { return [] }
        return try database.read { db in
            try Row.fetchAll(db, sql: sql, arguments: StatementArguments(Self.openArguments)).map { ($0[0], $0[1], $0[2]) }
        }
    }

    /// Each filter names the condition of the index `task_project_area`
    /// (``TaskIndex/projectAreaIndexed``), so SQLite reads that index alone (`IndexTests`).
    static func openCountsByProjectAndAreaSQL(areas: Bool, projects: Bool) -> String {
        let indexed = projectAreaIndexed
        return switch (areas, projects) {
        case (true, false): """
            SELECT NULL, area, count(*) FROM task WHERE \(indexed) AND area IS NOT NULL AND \(open) GROUP BY area
            """
        case (false, true): """
            SELECT project, area, count(*) FROM task
            WHERE \(indexed) AND project IS NOT NULL AND \(open) GROUP BY project, area
            """
        case (true, true): "SELECT project, area, count(*) FROM task WHERE \(indexed) AND \(open) GROUP BY project, area"
        case (false, false): ""
        }
    }

    /// Open tasks per tag.
    ///
    /// Read from the tag index alone: each tag row holds whether its task is open, and a task
    /// holds each tag once (``RowValues``), so the index's rows in tag order are the counts: at
    /// 100k tasks ~10 ms, where the join of every open task to its tags that this replaced took
    /// ~80–90 ms, most of the sidebar's time.
    public func openCountsByTag() throws -> [(tag: String, count: Int)] {
        try database.read { db in
            try Row.fetchAll(db, sql: Self.openCountsByTagSQL).map { ($0[0], $0[1]) }
        }
    }

    static let openCountsByTagSQL = "SELECT tag, count(*) FROM task_tag WHERE open GROUP BY tag"

    // MARK: - The planner (§14)

    /// Tasks whose `plan_date` is `date` in one of `regions`, oldest first.
    public func plannedRows(on date: LocalDate, regions: [PlanRegion]) throws -> [TaskRow] {
        try database.read { db in
            try TaskRowDecoder.fetch(db, sql: """
                SELECT \(TaskColumns.rowColumns) FROM \(TaskColumns.withText) WHERE plan_date = ? AND region IN (\(Self.marks(regions.count)))
                ORDER BY created, id
                """, arguments: StatementArguments([date.description] + regions.map(\.rawValue)), now: clock?.now)
        }
    }

    /// Active tasks in `region`, oldest first.
    public func activeRows(in region: PlanRegion) throws -> [TaskRow] {
        try database.read { db in
            try TaskRowDecoder.fetch(db, sql: """
                SELECT \(TaskColumns.rowColumns) FROM \(TaskColumns.withText) WHERE region = ? AND \(Self.active) ORDER BY created, id
                """, arguments: StatementArguments([region.rawValue] + Self.activeArguments), now: clock?.now)
        }
    }

    /// How many active tasks are in `region`.
    public func activeCount(in region: PlanRegion) throws -> Int {
        try database.read { db in
            try Int.fetchOne(db, sql: Self.activeCountInRegionSQL,
                             arguments: StatementArguments([region.rawValue] + Self.activeArguments)) ?? 0
        }
    }

    static let activeCountInRegionSQL = "SELECT count(*) FROM task WHERE region = ? AND \(active)"

    /// Open tasks planned for a day before `date`: the rollover's candidates, by plan date.
    public func openTasksPlanned(before date: LocalDate) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: """
                SELECT id FROM task WHERE plan_date IS NOT NULL AND plan_date < ? AND \(Self.open)
                ORDER BY plan_date, created, id
                """, arguments: StatementArguments([date.description] + Self.openArguments))
        }
    }

    // MARK: - Insights (§27)

    /// The tasks insights are computed from: done ones completed at or after `since`, every task
    /// that has been through the planner (it has a `region`), for the Must-Do streak and the carry
    /// average, and every task with an estimate and time entries, for estimate vs tracked time.
    public func insightRows(completedSince since: Date) throws -> [TaskRow] {
        try database.read { db in
            try TaskRowDecoder.fetch(db, sql: """
                SELECT \(TaskColumns.rowColumns) FROM \(TaskColumns.withText)
                WHERE (status = ? AND completed >= ?) OR region IS NOT NULL
                   OR (estimated_minutes IS NOT NULL AND time_entries != '')
                """, arguments: [TaskStatus.done.rawValue, since.timeIntervalSince1970], now: clock?.now)
        }
    }

    // MARK: - Meta

    /// A value the index keeps about the vault (such as the last rollover day).
    public func meta(_ key: String) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
        }
    }

    /// Records a value about the vault.
    public func setMeta(_ key: String, _ value: String) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
        }
    }

    // MARK: - Side-file cache

    /// Caches a side file's last good text (used when the file later breaks).
    func storeSideFile(_ name: String, _ content: String, stamp: String? = nil) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO side_file (name, content, stamp) VALUES (?, ?, ?)",
                           arguments: [name, content, stamp])
        }
    }

    /// The size:mtime stamp of the file when it was cached.
    func sideFileStamp(_ name: String) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT stamp FROM side_file WHERE name = ?", arguments: [name])
        }
    }

    /// The cached text of a side file.
    func sideFile(_ name: String) throws -> String? {
        try database.read { db in
            try String.fetchOne(db, sql: "SELECT content FROM side_file WHERE name = ?", arguments: [name])
        }
    }

    // MARK: - Files, for the monitor

    /// Every indexed file's content hash, by path.
    func fileHashes() throws -> [String: String] {
        try database.read { db in
            var out: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT path, hash FROM file")
            while let row = try rows.next() { out[row[0]] = row[1] }
            return out
        }
    }

    /// Content hash and task `source` of each indexed file among `ids`.
    func fileInfo(_ ids: [String]) throws -> [String: (hash: String, source: String?)] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            var out: [String: (String, String?)] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT file.path, file.hash, task.source FROM file LEFT JOIN task ON task.id = file.path
                    WHERE file.path IN (\(Self.marks(chunk.count)))
                    """, arguments: StatementArguments(chunk))
                for row in rows { out[row[0]] = (row[1], row[2]) }
            }
            return out
        }
    }

    /// The searchable text of tasks — title, description, body — by id (for search snippets).
    func searchableText(_ ids: [String]) throws -> [String: (title: String, description: String?, body: String)] {
        guard !ids.isEmpty else { return [:] }
        return try database.read { db in
            var out: [String: (String, String?, String)] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT id, title, description, body FROM \(TaskColumns.withText) WHERE id IN (\(Self.marks(chunk.count)))
                    """, arguments: StatementArguments(chunk))
                for row in rows { out[row[0]] = (row[1], row[2], row[3] ?? "") }
            }
            return out
        }
    }

    // MARK: - Statuses

    /// `n` bound parameters: `?, ?, ?`.
    static func marks(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ", ") }

    /// Not done or cancelled (open), with ``openArguments``.
    static let open = "status NOT IN (\(marks(closedStatuses.count)))"
    static let closedStatuses = TaskStatus.allCases.filter(\.isClosed)
    static let openArguments: [String] = closedStatuses.map(\.rawValue)

    /// Todo or in-progress (active), with ``activeArguments``.
    static let active = "status IN (\(marks(activeStatuses.count)))"
    static let activeStatuses = TaskStatus.allCases.filter(\.isActive)
    static let activeArguments: [String] = activeStatuses.map(\.rawValue)
}
