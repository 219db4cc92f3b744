import Foundation
import GRDB
import GRDBSQLite

/// The columns of the index's `task` table, derived from ``TaskFieldSpec/table``: one column
/// per field, named by its key, holding its value in a form SQLite compares correctly (dates
/// as `YYYY-MM-DD` text, timed dates as `YYYY-MM-DDTHH:MM`, date-times as seconds since 1970, flags as 0/1, lists joined by U+001F),
/// plus the columns only the index has.
enum TaskColumns {
    /// The list separator in a list column: a control character no tag can hold.
    static let listSeparator = "\u{1F}"

    /// The SQL column type of a field kind.
    static func sqlType(_ kind: FieldKind) -> String {
        switch kind {
        case .text, .rule, .choice, .date, .timedDate, .list, .references, .reminders, .timeEntries: return "TEXT"
        case .dateTime: return "REAL"
        case .flag, .count, .minutes: return "INTEGER"
        }
    }

    /// The field columns' definitions, in canonical order (lists are `''` when empty, never NULL,
    /// so `tags = ''` finds untagged tasks).
    static var fieldDefinitions: [String] {
        TaskFieldSpec.table.map { spec in
            "\"\(spec.key)\" \(sqlType(spec.kind))" + (spec.kind.isList ? " NOT NULL" : "")
        }
    }

    /// Columns the index adds: the id and filename, the sort key, the warning count, folded
    /// copies of the title and description (nil when plain lower-casing folds them the same)
    /// and the body's checklist tally.
    static let indexOnly = ["id", "filename", "title_key", "warning_count", "title_fold", "description_fold",
                            "checklist_done", "checklist_total"]

    /// The columns of `task_text`, after its `rid`: the large text a row's filters rarely read
    /// — the body, its folded copy, and the TASK JSON a listing answers with, whole and in its
    /// row form. Kept out of `task` so that a listing's scan of `task` reads a tenth of the
    /// bytes, and the text of only the rows it returns.
    static let textColumns = ["body", "body_fold", "json", "row_json"]

    /// What a query reading ``textColumns`` selects from: every task joined with its text,
    /// `task` the outer loop (its filters and indexes decide the rows).
    static let withText = "task CROSS JOIN task_text USING (rid)"

    /// Every column a new `task` row is inserted with, in order.
    static let insertColumns: [String] = ["id", "filename"] + TaskFieldSpec.table.map(\.key) + Array(indexOnly.dropFirst(2))

    /// The values a task is stored with: `task`'s (``insertColumns``) and `task_text`'s
    /// (``textColumns``): the body and its folded copy as values, then both JSON forms as
    /// UTF-8 text (bound as they are, never made into a `String`).
    static func insertValues(_ t: TodoTask) -> (task: [DatabaseValue], text: [DatabaseValue], json: [[UInt8]]) {
        var values: [DatabaseValue] = [t.id.databaseValue, t.filename.databaseValue]
        values.reserveCapacity(insertColumns.count)
        let fields = TaskJSON.fieldValues(t)
        for i in fields.indices { values.append(databaseValue(fields[i], kind: TaskJSON.fieldKinds[i])) }
        values.append(TextFolding.sortKey(t.title).databaseValue)
        values.append(t.warnings.count.databaseValue)
        values.append(TaskColumns.foldIfNeeded(t.title).databaseValue)
        values.append((t.description.flatMap(TaskColumns.foldIfNeeded)).databaseValue)
        let checklist = Checklist.tally(of: t.body)
        values.append(checklist?.done.databaseValue ?? .null)
        values.append(checklist?.total.databaseValue ?? .null)
        var head = JSONBytes(capacity: TaskJSON.headCapacity(t))
        TaskJSON.writeHead(t, values: fields, into: &head)
        var rowHead = JSONBytes(capacity: 240)
        TaskJSON.writeRowHead(t, values: fields, into: &rowHead)
        return (values, [t.body.databaseValue, TaskColumns.foldIfNeeded(t.body).databaseValue], [head.bytes, rowHead.bytes])
    }

    /// A field value as stored.
    static func databaseValue(_ value: FieldValue?, kind: FieldKind) -> DatabaseValue {
        switch value {
        case nil, .null?: return kind.isList ? "".databaseValue : .null
        case let .string(s)?: return s.databaseValue
        case let .date(d)?: return d.description.databaseValue
        case let .timed(d, t)?: return TaskDate(d, time: t).description.databaseValue
        case let .dateTime(d)?: return d.timeIntervalSince1970.databaseValue
        case let .bool(b)?: return (b ? 1 : 0).databaseValue
        case let .int(n)?: return n.databaseValue
        case let .list(items)?: return items.joined(separator: listSeparator).databaseValue
        }
    }

    /// A stored value as a field value; nil for NULL (and for an empty list).
    static func fieldValue(_ value: DatabaseValue, kind: FieldKind) -> FieldValue? {
        if value.isNull { return nil }
        switch kind {
        case .text, .rule, .choice:
            return String.fromDatabaseValue(value).map(FieldValue.string)
        case .date:
            return String.fromDatabaseValue(value).flatMap { LocalDate(iso: $0) }.map(FieldValue.date)
        case .timedDate:
            return String.fromDatabaseValue(value).flatMap { TaskDate(iso: $0) }.map(FieldValue.init)
        case .dateTime:
            return Double.fromDatabaseValue(value).map { .dateTime(Date(timeIntervalSince1970: $0)) }
        case .flag:
            return Bool.fromDatabaseValue(value).map(FieldValue.bool)
        case .count, .minutes:
            return Int.fromDatabaseValue(value).map(FieldValue.int)
        case .list, .references, .reminders, .timeEntries:
            return .list(String.fromDatabaseValue(value).map(split) ?? [])
        }
    }

    /// The items of a stored list (`''` is the empty list): every list column is read through
    /// this. The separator is one byte in UTF-8 that no multi-byte character contains, so the
    /// bytes are split (splitting the `String` by a `String` went through a generic substring
    /// search: 6 % of a listing's time).
    static func split(_ joined: String) -> [String] {
        if joined.isEmpty { return [] }
        return joined.utf8.split(separator: 0x1F, omittingEmptySubsequences: false).map { String(Substring($0)) }
    }

    /// The folded text for `string_contains`, or nil when SQLite's ASCII `lower()` gives the
    /// same result (pure-ASCII text): most tasks then store nothing extra.
    static func foldIfNeeded(_ text: String) -> String? {
        TextFolding.isASCII(text) ? nil : TextFolding.fold(text)
    }

    /// The one folding rule for a searchable text column in SQL: its folded copy, else its
    /// lower-cased text (the same thing for ASCII). Compare with ``TextFolding/fold(_:)`` of the needle.
    /// The body lives in `task_text`: a condition on it reads it there, for the current task
    /// only, so conditions stay conditions on `task` whatever the query joins.
    static func folded(_ column: String) -> String {
        if column == "body" {
            return "(SELECT IFNULL(body_fold, lower(body)) FROM task_text WHERE task_text.rid = task.rid)"
        }
        return "IFNULL(\(column)_fold, lower(\(column)))"
    }

    /// The columns a listing row is read from (``TaskRow``): the fields, the id, the sort key,
    /// the warning count, the JSON the file decides (whole and the row form) and the links the
    /// vault decides (§23).
    static let rowColumns = rowColumns(fields: Array(TaskFieldSpec.table.indices))

    /// ``rowColumns`` with only the fields at `fields` (positions in ``TaskFieldSpec/table``) and
    /// only the JSON form `json` (nil: both), or no JSON at all when `readingJSON` is false (and
    /// then only the links that order rows, ``TaskIndex/orderingLinkColumns``).
    static func rowColumns(fields: [Int], json: TaskJSON.Fields? = nil, readingJSON: Bool = true) -> String {
        let forms = !readingJSON ? [] : json.map { [$0 == .all ? "json" : "row_json"] } ?? ["json", "row_json"]
        return (["id"] + fields.map { "\"\(TaskFieldSpec.table[$0].key)\"" } + ["title_key", "warning_count"] + forms
            + (readingJSON ? TaskIndex.linkColumns : TaskIndex.orderingLinkColumns)).joined(separator: ", ")
    }

    /// The positions in ``TaskFieldSpec/table`` of `fields`, in the table's order.
    static func positions(of fields: Set<TaskField>) -> [Int] {
        TaskFieldSpec.table.indices.filter { fields.contains(TaskFieldSpec.table[$0].field) }
    }
}

/// Reads ``TaskRow``s from a statement's rows by column name: the names are looked up once per
/// statement, so each row costs one read per column.
struct TaskRowDecoder {
    private let id: Int
    /// Per field read: its column's position and how to set the field from the stored value —
    /// built once per statement, so a row costs no copy of the field table.
    private let columns: [Int]
    private let setters: [@Sendable (inout TodoTask, DatabaseValue) -> Void]
    private let titleKey: Int
    private let warningCount: Int
    /// The JSON forms' columns, when the statement reads them.
    private let json: Int?
    private let rowJSON: Int?
    private let links: [Int]
    /// The clock's now, which a running timer (§27) counts up to in TASK's `time_spent_minutes`.
    private let now: Date?

    /// - Parameters:
    ///   - fields: the fields to read (positions in ``TaskFieldSpec/table``); nil, every one. The
    ///     others stay absent.
    ///   - readingJSON: false for rows whose JSON is read later, for some of them only.
    /// - Throws: when the statement lacks a column a row needs.
    init(columns names: [String], fields: [Int]? = nil, now: Date?, readingJSON: Bool = true) throws {
        self.now = now
        var positions: [String: Int] = [:]
        for (i, name) in names.enumerated() where positions[name] == nil { positions[name] = i }
        func position(_ name: String) throws -> Int {
            guard let i = positions[name] else {
                throw TodoError.io(path: "index", reason: "the index query has no column `\(name)`")
            }
            return i
        }
        id = try position("id")
        let read = fields ?? Array(TaskFieldSpec.table.indices)
        columns = try read.map { try position(TaskFieldSpec.table[$0].key) }
        setters = read.map { i in
            let spec = TaskFieldSpec.table[i], kind = spec.kind
            return { task, value in spec.set(TaskColumns.fieldValue(value, kind: kind), on: &task) }
        }
        titleKey = try position("title_key")
        warningCount = try position("warning_count")
        json = positions["json"]
        rowJSON = positions["row_json"]
        guard json != nil || rowJSON != nil || !readingJSON else {
            throw TodoError.io(path: "index", reason: "the index query has neither JSON column")
        }
        // Rows whose JSON is read later are only sorted, grouped and nested: their parent and
        // children are all the links they need.
        links = try (readingJSON ? TaskIndex.linkColumns : TaskIndex.orderingLinkColumns).map(position)
    }

    /// The task of the row `statement` stands on. Its columns are read with the one
    /// non-generic read GRDB has: through `Row`'s generic subscript, a third of the decoding
    /// went to looking up type metadata.
    func row(_ statement: SQLiteStatement) -> TaskRow {
        func value(_ i: Int) -> DatabaseValue {
            sqlite3_column_type(statement, CInt(i)) == SQLITE_TEXT
                ? Self.text(statement, i).databaseValue : DatabaseValue(sqliteStatement: statement, index: CInt(i))
        }
        func text(_ i: Int) -> String { Self.text(statement, i) }
        var task = TodoTask(id: text(id), title: "", created: Date(timeIntervalSince1970: 0), source: "")
        for i in columns.indices {
            let stored = value(columns[i])
            // NULL is every field's absence, as a new task already has it.
            if !stored.isNull { setters[i](&task, stored) }
        }
        if links.count == TaskIndex.linkColumns.count {
            task.links = TaskIndex.links(value, at: links)
        } else {
            task.links.parentID = String.fromDatabaseValue(value(links[0]))
            task.links.children = String.fromDatabaseValue(value(links[1])).map(TaskColumns.split) ?? []
        }
        task.links.asOf = now
        let warnings = Int.fromDatabaseValue(value(warningCount)) ?? 0
        var whole: [UInt8]?
        if let json {
            // Room for the tail, so that appending it does not copy the stored JSON once more.
            var text = JSONBytes(continuing: Self.bytes(statement, json, reserving: 256))
            TaskJSON.tail(task, afterWarnings: warnings > 0, into: &text)
            whole = text.bytes
        }
        return TaskRow(task: task, titleKey: text(titleKey), warningCount: warnings + task.links.warnings.count,
                       storedJSON: whole, rowHead: rowJSON.map { Self.bytes(statement, $0) })
    }

    /// Column `i`'s text as UTF-8 bytes (none for NULL), with capacity for `extra` more: JSON
    /// the index wrote, passed on as it is.
    static func bytes(_ statement: SQLiteStatement, _ i: Int, reserving extra: Int = 0) -> [UInt8] {
        guard let text = sqlite3_column_text(statement, CInt(i)) else { return [] }
        let count = Int(sqlite3_column_bytes(statement, CInt(i)))
        return [UInt8](unsafeUninitializedCapacity: count + extra) { buffer, initialized in
            _ = buffer.initialize(from: UnsafeBufferPointer(start: text, count: count))
            initialized = count
        }
    }

    /// Column `i`'s text ("" for NULL), copied once from SQLite's buffer by its known length (GRDB
    /// measures it with `strlen` and copies it again).
    static func text(_ statement: SQLiteStatement, _ i: Int) -> String {
        guard let bytes = sqlite3_column_text(statement, CInt(i)) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, CInt(i)))
        return String(unsafeUninitializedCapacity: count) { buffer in
            _ = buffer.initialize(from: UnsafeBufferPointer(start: bytes, count: count))
            return count
        }
    }

    /// The rows of `sql`, decoded; `fields` as for ``init(columns:fields:now:)``.
    static func fetch(_ db: Database, sql: String, arguments: StatementArguments = StatementArguments(),
                      fields: [Int]? = nil, now: Date?, readingJSON: Bool = true) throws -> [TaskRow] {
        let statement = try db.makeStatement(sql: sql)
        let decoder = try TaskRowDecoder(columns: statement.columnNames, fields: fields, now: now, readingJSON: readingJSON)
        var rows: [TaskRow] = []
        let cursor = try Row.fetchCursor(statement, arguments: arguments)
        // Each step of the cursor leaves the statement on the next row; it is read from there.
        while try cursor.next() != nil { rows.append(decoder.row(statement.sqliteStatement)) }
        return rows
    }
}
