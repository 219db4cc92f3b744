import Foundation

/// Todoist's CSV template (§20): `TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR,
/// RESPONSIBLE, DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT`.
///
/// The file is one Todoist project: each todo.md project is a `section` row, tasks are `task`
/// rows with their tags as `@label`s in CONTENT, PRIORITY 1 (p1, highest) to 4 (none), DATE the
/// due date (or `every …` with the first date for a simple repeat), DURATION the estimate in
/// minutes. DESCRIPTION holds the description and the body. Todoist's own exports also hold
/// `note` rows (comments), which are read into the body of the task above them.
public enum TodoistCSV {
    /// The header of the template.
    public static let header = ["TYPE", "CONTENT", "DESCRIPTION", "PRIORITY", "INDENT", "AUTHOR", "RESPONSIBLE",
                                "DATE", "DATE_LANG", "TIMEZONE", "DURATION", "DURATION_UNIT"]

    // MARK: - Export

    /// The CSV for `tasks` (callers leave out done and cancelled tasks: the template has no
    /// place for them).
    public static func export(_ tasks: [TodoTask], timeZone: TimeZone) -> String {
        var out = CSV.record(header)
        // Subtasks follow their parent with INDENT one deeper (§23); Todoist nests up to 4 levels.
        let tree = ExportTree(tasks)
        func emit(_ t: TodoTask, indent: Int) {
            out += row(t, timeZone: timeZone, indent: min(indent, 4))
            for child in tree.children(of: t) { emit(child, indent: indent + 1) }
        }
        for t in tree.roots where t.project == nil { emit(t, indent: 1) }
        var seen: [String] = []
        for p in tree.roots.compactMap(\.project) where !seen.contains(p) { seen.append(p) }
        for project in seen {
            out += CSV.record(["section", project, "", "", "", "", "", "", "", "", "", ""])
            for t in tree.roots where t.project == project { emit(t, indent: 1) }
        }
        return out
    }

    static func priority(_ p: Priority) -> String {
        switch p {
        case .high: return "1"
        case .medium: return "2"
        case .low: return "3"
        case .none: return "4"
        }
    }

    static func row(_ t: TodoTask, timeZone: TimeZone, indent: Int = 1) -> String {
        var content = t.title.replacingOccurrences(of: "\n", with: " ")
        for tag in t.tags { content += " @" + tag.replacingOccurrences(of: " ", with: "_") }
        var description: [String] = []
        if let d = t.description, !d.isEmpty { description.append(d) }
        if !t.body.isEmpty { description.append(t.body) }
        // Todoist reads `2026-11-24 15:00`, and `every day at 15:00 starting 2026-11-24` (§24).
        var date = t.dueAt.map(TaskPaper.stamp) ?? ""
        if let rule = t.recurrence, let due = t.due, let phrase = everyPhrase(rule) {
            date = "\(phrase)\(t.dueTime.map { " at \($0)" } ?? "") starting \(due)"
        }
        return CSV.record(["task", content, description.joined(separator: "\n\n"), priority(t.priority), String(indent), "", "",
                           date, date.isEmpty ? "" : "en", timeZone.identifier,
                           t.estimatedMinutes.map(String.init) ?? "", t.estimatedMinutes == nil ? "" : "minute"])
    }

    /// `every day`, `every 2 weeks`… for a rule with only FREQ and INTERVAL.
    static func everyPhrase(_ rule: String) -> String? {
        guard let recur = Taskwarrior.recur(fromRule: rule) else { return nil }
        switch recur {
        case "daily": return "every day"
        case "weekly": return "every week"
        case "monthly": return "every month"
        case "yearly": return "every year"
        case "weekdays": return "every weekday"
        default:
            let n = recur.prefix { $0.isNumber }
            return "every \(n) \(recur.dropFirst(n.count))"
        }
    }

    // MARK: - Import

    /// Reads a Todoist CSV (its export or the template).
    ///
    /// - Throws: when the text is not CSV or lacks the TYPE and CONTENT columns.
    public static func parse(_ text: String, today: LocalDate, timeZone: TimeZone) throws -> ImportBatch {
        let rows = try CSV.parse(text)
        guard let head = rows.first else { throw ImportError.emptyFile }
        let names = head.fields.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        func column(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let typeColumn = column("TYPE"), let contentColumn = column("CONTENT") else {
            throw ImportError.notTodoistCSV(header: head.fields)
        }
        var batch = ImportBatch()
        var section: String? = nil
        // The last record at each INDENT level: a task's parent is the last one a level up (§23).
        var levels: [Int: Int] = [:]
        for row in rows.dropFirst() {
            func cell(_ name: String) -> String {
                guard let i = column(name), i < row.fields.count else { return "" }
                return row.fields[i].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let location = "line \(row.line)"
            let type = typeColumn < row.fields.count ? row.fields[typeColumn].lowercased() : ""
            let content = contentColumn < row.fields.count ? row.fields[contentColumn] : ""
            switch type {
            case "section":
                section = content.trimmingCharacters(in: .whitespaces).isEmpty ? nil : content.trimmingCharacters(in: .whitespaces)
                levels = [:]
                continue
            case "note":
                if var last = batch.records.popLast() {
                    last.task.body += (last.task.body.isEmpty ? "" : "\n\n") + content
                    batch.records.append(last)
                } else {
                    batch.skipped.append(ImportProblem(location, "a note before any task; skipped"))
                }
                continue
            case "task":
                break
            case "":
                continue
            default:
                batch.skipped.append(ImportProblem(location, "unknown row TYPE `\(type)`; skipped"))
                continue
            }
            var task = TodoTask(title: "", created: Date(timeIntervalSince1970: 0), source: ImportFormat.todoistCSV.source)
            var problems: [String] = []
            var words: [String] = []
            for word in content.split(separator: " ", omittingEmptySubsequences: true) {
                if word.count > 1, word.hasPrefix("@") { task.tags.append(String(word.dropFirst())) } else { words.append(String(word)) }
            }
            task.title = words.joined(separator: " ")
            guard !task.title.isEmpty else {
                batch.skipped.append(ImportProblem(location, "a task without content; skipped"))
                continue
            }
            task.project = section
            let description = cell("DESCRIPTION")
            if !description.isEmpty {
                if !description.contains("\n"), description.count <= TaskFileCodec.Limits.descriptionCharacters {
                    task.description = description
                } else if let i = column("DESCRIPTION") {
                    task.body = row.fields[i]  // a body keeps its own spacing and final line break
                }
            }
            switch cell("PRIORITY") {
            case "1": task.priority = .high
            case "2": task.priority = .medium
            case "3": task.priority = .low
            case "4", "": break
            case let other: problems.append("PRIORITY: `\(other)` is not 1–4; left out")
            }
            let date = cell("DATE")
            if !date.isEmpty {
                if date.lowercased().hasPrefix("every") {
                    let parts = date.components(separatedBy: " starting ")
                    // `every day at 15:00` (or Todoist's own `every day at 8pm`): the time is the due
                    // date's (§24), not the rule's.
                    var phrase = parts[0]
                    var time: TimeOfDay?
                    let words = phrase.split(separator: " ").map(String.init)
                    if let at = words.lastIndex(where: { $0.lowercased() == "at" }),
                       let match = TimePhrase.match(in: words, at: at), at + match.length == words.count {
                        time = match.time
                        phrase = words[..<at].joined(separator: " ")
                    }
                    do {
                        task.recurrence = try RecurrenceInput.rule(from: phrase)
                        if parts.count > 1, let d = ImportValues.date(parts[1], today: today, timeZone: timeZone) {
                            task.due = d
                        } else {
                            task.dateFirstOccurrence(onOrAfter: today)
                        }
                        if task.due != nil { task.dueTime = time }
                    } catch {
                        problems.append("DATE: `\(date)` is not a repeat todo.md knows; left out")
                    }
                } else if let problem = ImportValues.set(.due, date, on: &task, today: today, timeZone: timeZone) {
                    problems.append("DATE: \(problem); left out")
                }
            }
            let duration = cell("DURATION")
            if !duration.isEmpty {
                if let n = Int(duration), n >= 0 {
                    task.estimatedMinutes = cell("DURATION_UNIT").lowercased().hasPrefix("day") ? n * 1440 : n
                } else {
                    problems.append("DURATION: `\(duration)` is not a whole number; left out")
                }
            }
            var record = ImportRecord(location: location, task: task)
            let indent = Int(cell("INDENT")) ?? 1
            if indent > 1 {
                if let parent = levels[indent - 1] {
                    record.parentRecord = parent
                } else {
                    problems.append("INDENT: \(indent) has no task one level up; imported as a top-level task")
                }
            }
            record.problems = problems
            levels = levels.filter { $0.key < indent }
            levels[indent] = batch.records.count
            batch.records.append(record)
        }
        return batch
    }
}
