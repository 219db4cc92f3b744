import Foundation

/// RFC 4180 comma-separated values: fields with a comma, a quote or a line break are quoted,
/// quotes doubled, records end with CRLF.
public enum CSV {
    /// One record as a line, with CRLF.
    public static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, quoted when it must be.
    public static func field(_ value: String) -> String {
        let needsQuotes = value.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
            || value.hasPrefix(" ") || value.hasSuffix(" ")
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A parsed record and the line it starts on (1-based).
    public struct Row: Sendable {
        public let line: Int
        public let fields: [String]
    }

    /// Parses CSV text (CRLF or LF; a leading byte-order mark is skipped). Quoted fields may hold
    /// commas, doubled quotes and line breaks. Blank lines are skipped.
    ///
    /// - Throws: ``ImportError/unclosedQuote(line:)`` for a quote left open, naming its line.
    public static func parse(_ text: String) throws -> [Row] {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var fieldStarted = false
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let p = pending { pending = nil; return p }
            return iterator.next()
        }
        func endRecord() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !fieldStarted) { rows.append(Row(line: recordLine, fields: fields)) }
            fields = []
            field = ""
            fieldStarted = false
        }
        while let c = next() {
            if inQuotes {
                if c == "\"" {
                    if let after = next() {
                        if after == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = after }
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"" where field.isEmpty:
                inQuotes = true
                fieldStarted = true
                quoteLine = line
            case ",":
                fields.append(field)
                field = ""
                fieldStarted = true
            case "\r":
                if let after = next(), after != "\n" { pending = after }
                endRecord()
                line += 1
                recordLine = line
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                field.unicodeScalars.append(c)
                fieldStarted = true
            }
        }
        if inQuotes { throw ImportError.unclosedQuote(line: quoteLine) }
        if fieldStarted || !field.isEmpty || !fields.isEmpty { endRecord() }
        return rows
    }
}

/// The `csv` format (§20, §22): a header of the §3 keys in canonical order, then `notes` (the
/// body); one row per task; lists joined with `,`.
public enum CSVInterop {
    /// The header row.
    public static let header: [String] = TaskField.allCases.map(\.key) + ["notes"]

    /// The CSV document for `tasks`.
    public static func export(_ tasks: [TodoTask]) -> String {
        var out = CSV.record(header)
        for task in tasks {
            var row: [String] = TaskField.allCases.map { value($0, of: task) }
            row.append(task.body)
            out += CSV.record(row)
        }
        return out
    }

    /// One cell: the value as TASK JSON has it (defaults included), empty when absent.
    static func value(_ field: TaskField, of t: TodoTask) -> String {
        field.spec.value(of: t)?.plainText ?? ""
    }

    /// Where a column goes.
    public enum Target: Sendable, Equatable {
        case field(TaskField)
        case body
        /// Kept as an unknown key of this name.
        case extra(String)
        case ignore
    }

    /// Header names other tools use, to the field they mean (after lower-casing and turning
    /// spaces and dashes into `_`).
    static let synonyms: [String: Target] = {
        var table: [String: Target] = [:]
        let groups: [(Target, [String])] = [
            (.field(.title), ["title", "name", "task", "task_name", "content", "subject", "todo", "item"]),
            (.body, ["notes", "body", "details", "comments", "note_text", "text"]),
            (.field(.due), ["due", "due_date", "duedate", "deadline", "date", "due_on"]),
            (.field(.deferDate), ["defer", "defer_date", "defer_until", "start", "start_date", "startdate", "wait", "available", "threshold"]),
            (.field(.scheduled), ["scheduled", "scheduled_date", "planned", "planned_date", "do_date", "when"]),
            (.field(.tags), ["tags", "tag", "labels", "label", "contexts", "keywords"]),
            (.field(.area), ["area", "folder", "list", "context", "category"]),
            (.field(.project), ["project", "project_name", "projects", "parent_project"]),
            (.field(.priority), ["priority", "importance", "pri"]),
            (.field(.flagged), ["flagged", "flag", "starred", "star"]),
            (.field(.status), ["status", "state"]),
            (.field(.completed), ["completed", "completed_at", "completion_date", "completed_date", "done_date", "date_completed", "end"]),
            (.field(.created), ["created", "created_at", "date_created", "creation_date", "added", "entry", "date_added"]),
            (.field(.modified), ["modified", "updated", "updated_at", "date_modified", "last_modified"]),
            (.field(.estimatedMinutes), ["estimated_minutes", "estimate", "estimated", "duration", "time_estimate", "minutes", "estimated_duration"]),
            (.field(.recurrence), ["recurrence", "repeat", "rrule", "recurring", "repeat_rule", "recur"]),
            (.field(.recurrenceMode), ["recurrence_mode", "repeat_method", "repeat_mode"]),
            (.field(.description), ["description", "subtitle"]),
            (.ignore, ["source", "id", "uuid"]),
        ]
        for (target, names) in groups { for n in names { table[n] = target } }
        for field in TaskField.allCases where table[field.key] == nil { table[field.key] = .field(field) }
        return table
    }()

    /// A header name as the guess compares it.
    static func normalized(_ header: String) -> String {
        header.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
    }

    /// The target a header name most likely means; unknown names are kept as unknown keys.
    public static func guess(_ header: String) -> Target {
        if let t = synonyms[normalized(header)] { return t }
        let key = header.trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? .ignore : .extra(key)
    }

    /// Parses `--map column=field,…`: a field is a §3 key, `body`/`notes`, or `ignore`.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming the bad entry.
    public static func parseMap(_ text: String) throws -> [String: Target] {
        var map: [String: Target] = [:]
        for entry in text.split(separator: ",") {
            let parts = entry.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw TodoError.invalidValue(field: "map", value: String(entry), reason: "write column=field")
            }
            let target: Target
            switch parts[1].lowercased() {
            case "body", "notes": target = .body
            case "ignore", "skip", "-": target = .ignore
            default:
                guard let field = TaskField(key: parts[1]) else {
                    throw TodoError.invalidValue(field: "map", value: parts[1],
                                                 reason: "not a task field (a §3 key, body, or ignore)")
                }
                target = .field(field)
            }
            map[parts[0].lowercased()] = target
        }
        return map
    }

    /// The targets of a header row: `overrides` (by column name, case-insensitive) win over
    /// the guess.
    ///
    /// - Throws: when an override names a column the header does not have.
    public static func columns(_ header: [String], overrides: [String: Target]) throws -> [Target] {
        let names = Set(header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        for column in overrides.keys.sorted() where !names.contains(column) {
            throw TodoError.invalidValue(field: "map", value: column,
                                         reason: "no such column (the header has: \(header.joined(separator: ", ")))")
        }
        return header.map { overrides[$0.trimmingCharacters(in: .whitespaces).lowercased()] ?? guess($0) }
    }

    /// Reads CSV with a header row into records.
    ///
    /// - Throws: when the text is not CSV, has no header, or no column holds titles.
    public static func parse(_ text: String, overrides: [String: Target], today: LocalDate,
                             timeZone: TimeZone) throws -> ImportBatch {
        let rows = try CSV.parse(text)
        guard let header = rows.first else { throw ImportError.emptyFile }
        let targets = try columns(header.fields, overrides: overrides)
        guard targets.contains(.field(.title)) else {
            throw ImportError.noTitleColumn(header: header.fields)
        }
        var batch = ImportBatch()
        for row in rows.dropFirst() {
            let location = "line \(row.line)"
            var task = TodoTask(title: "", created: Date(timeIntervalSince1970: 0), source: ImportFormat.csv.source)
            var problems: [String] = []
            var hasCreated = false
            if row.fields.count > targets.count {
                problems.append("\(row.fields.count - targets.count) cells past the last column; left out")
            }
            for (i, cell) in row.fields.prefix(targets.count).enumerated() {
                switch targets[i] {
                case .ignore: continue
                case .body: task.body = cell
                case let .extra(key):
                    if !cell.isEmpty { task.extra.append(ExtraField(key, .string(cell))) }
                case let .field(field):
                    if field == .source { continue }
                    if let problem = ImportValues.set(field, cell, on: &task, today: today, timeZone: timeZone) {
                        problems.append("\(header.fields[i]): \(problem); left out")
                    } else if field == .created, !cell.trimmingCharacters(in: .whitespaces).isEmpty {
                        hasCreated = true
                    }
                }
            }
            guard !task.title.trimmingCharacters(in: .whitespaces).isEmpty else {
                batch.skipped.append(ImportProblem(location, "no title; skipped"))
                continue
            }
            var record = ImportRecord(location: location, task: task)
            record.problems = problems
            record.hasCreated = hasCreated
            batch.records.append(record)
        }
        return batch
    }
}
