import Foundation

/// TaskPaper outlines, as OmniFocus exports them: `Name:` lines are projects (a project holding
/// projects is a folder, which becomes the area), `- ` lines are tasks, deeper lines under a task
/// are its note; `@tag` and `@key(value)` carry the fields.
///
/// Read: `@tags(a, b)`, `@context(x)` and bare `@word` → tags; `@due(…)`, `@defer(…)`/`@start(…)`,
/// `@scheduled(…)`/`@planned(…)`; `@flagged`; `@estimated(…)`/`@estimate(…)`; `@priority(…)`;
/// `@done(…)`, `@cancelled(…)`/`@dropped(…)`, `@someday`, `@in-progress`; `@repeat-rule(RRULE)` and
/// `@repeat-method(…)`; other `@key(value)` pairs are kept as unknown keys. Export writes the same.
public enum TaskPaper {
    // MARK: - Export

    /// The outline: tasks without area or project first, then each area with its projects.
    public static func export(_ tasks: [TodoTask]) -> String {
        var out = ""
        // Subtasks are written indented under their parent (§23), not again at the top.
        let tree = ExportTree(tasks)
        func emit(_ t: TodoTask, depth: Int) {
            out += lines(t, depth: depth)
            for child in tree.children(of: t) { emit(child, depth: depth + 1) }
        }
        let roots = tree.roots
        let loose = roots.filter { $0.area == nil && $0.project == nil }
        for t in loose { emit(t, depth: 0) }
        let arealess = roots.filter { $0.area == nil && $0.project != nil }
        for project in ordered(arealess.compactMap(\.project)) {
            out += name(project) + ":\n"
            for t in arealess where t.project == project { emit(t, depth: 1) }
        }
        let inAreas = roots.filter { $0.area != nil }
        for area in ordered(inAreas.compactMap(\.area)) {
            out += name(area) + ": @folder\n"
            let mine = inAreas.filter { $0.area == area }
            for t in mine where t.project == nil { emit(t, depth: 1) }
            for project in ordered(mine.compactMap(\.project)) {
                out += "\t" + name(project) + ":\n"
                for t in mine where t.project == project { emit(t, depth: 2) }
            }
        }
        return out
    }

    /// Names in first-seen order.
    static func ordered(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A project or folder name on one line, without a trailing colon of its own.
    static func name(_ s: String) -> String {
        s.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    /// A tag value: parentheses would end it early.
    static func value(_ s: String) -> String {
        s.replacingOccurrences(of: "(", with: "[").replacingOccurrences(of: ")", with: "]")
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// A date as OmniFocus writes it in TaskPaper: `2026-11-24`, or `2026-11-24 15:00` with its
    /// time of day (§24).
    static func stamp(_ d: TaskDate) -> String {
        d.time.map { "\(d.date) \($0)" } ?? d.date.description
    }

    /// The task line and its note lines.
    static func lines(_ t: TodoTask, depth: Int) -> String {
        let indent = String(repeating: "\t", count: depth)
        var words = ["- " + name(t.title)]
        if !t.tags.isEmpty { words.append("@tags(" + t.tags.map(value).joined(separator: ", ") + ")") }
        if let d = t.deferAt { words.append("@defer(\(stamp(d)))") }
        if let d = t.scheduledAt { words.append("@scheduled(\(stamp(d)))") }
        if let d = t.dueAt { words.append("@due(\(stamp(d)))") }
        if t.flagged { words.append("@flagged") }
        if t.priority != .none { words.append("@priority(\(t.priority.rawValue))") }
        if let m = t.estimatedMinutes { words.append("@estimated(\(ImportValues.duration(m)))") }
        if let r = t.recurrence {
            words.append("@repeat-rule(\(value(r)))")
            if t.recurrenceMode == .afterCompletion { words.append("@repeat-method(after-completion)") }
        }
        switch t.status {
        case .done: words.append("@done(\(DateTimeFormat.string(t.completed ?? t.created)))")
        case .cancelled: words.append("@cancelled(\(DateTimeFormat.string(t.completed ?? t.created)))")
        case .someday: words.append("@someday")
        case .inProgress: words.append("@in-progress")
        case .todo: break
        }
        var out = indent + words.joined(separator: " ") + "\n"
        var note: [String] = []
        if let d = t.description, !d.isEmpty { note.append(d) }
        if !t.body.isEmpty {
            var body = t.body
            while body.hasSuffix("\n") { body.removeLast() }
            note.append(body)
        }
        for line in note.isEmpty ? [] : note.joined(separator: "\n\n").split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
            out += indent + "\t" + text + "\n"
        }
        return out
    }

    // MARK: - Import

    struct Line {
        let number: Int
        let depth: Int
        let text: String
        var isTask: Bool { text.hasPrefix("- ") || text == "-" }
        var isProject: Bool { !isTask && text.count > 1 && (text.hasSuffix(":") || text.contains(": @")) }
    }

    /// Reads an outline.
    public static func parse(_ text: String, today: LocalDate, timeZone: TimeZone) -> ImportBatch {
        var lines: [Line] = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var s = Substring(raw)
            if s.hasSuffix("\r") { s = s.dropLast() }
            var depth = 0
            var spaces = 0
            while let c = s.first, c == "\t" || c == " " {
                if c == "\t" { depth += 1 } else { spaces += 1; if spaces == 4 { depth += 1; spaces = 0 } }
                s = s.dropFirst()
            }
            lines.append(Line(number: n + 1, depth: depth, text: String(s)))
        }
        var batch = ImportBatch()
        // The open projects: (depth, name, line index); a project with projects inside is a folder.
        var stack: [(depth: Int, name: String, folder: Bool)] = []
        var current: (record: ImportRecord, depth: Int)? = nil
        // The open tasks above the current line: (depth, record index); a deeper task is a subtask.
        var tasks: [(depth: Int, record: Int)] = []
        var noteLines: [String] = []
        func finish() {
            guard var (record, _) = current else { return }
            while noteLines.last?.isEmpty == true { noteLines.removeLast() }
            if !noteLines.isEmpty { record.task.body = noteLines.joined(separator: "\n") + "\n" }
            batch.records.append(record)
            current = nil
            noteLines = []
        }
        for line in lines {
            if let (_, depth) = current, line.depth > depth, !line.isTask || line.text.isEmpty {
                noteLines.append(String(repeating: "\t", count: max(0, line.depth - depth - 1)) + line.text)
                continue
            }
            if line.text.trimmingCharacters(in: .whitespaces).isEmpty {
                if current != nil { noteLines.append("") }
                continue
            }
            if line.isTask {
                finish()
                while let top = stack.last, top.depth >= line.depth { stack.removeLast() }
                while let top = tasks.last, top.depth >= line.depth { tasks.removeLast() }
                var (task, problems, hasCreated) = parseTask(String(line.text.dropFirst(2)), today: today, timeZone: timeZone)
                if let last = stack.last {
                    if last.folder {
                        task.area = last.name
                    } else {
                        task.project = last.name
                        if stack.count >= 2 { task.area = stack[stack.count - 2].name }
                    }
                }
                let location = "line \(line.number)"
                guard !task.title.isEmpty else {
                    batch.skipped.append(ImportProblem(location, "a task without a title; skipped"))
                    continue
                }
                var record = ImportRecord(location: location, task: task)
                record.problems = problems
                record.hasCreated = hasCreated
                // Under a task that is deeper than the project it is in: that task's subtask.
                if let above = tasks.last, above.depth >= (stack.last?.depth ?? -1) { record.parentRecord = above.record }
                tasks.append((line.depth, batch.records.count))
                current = (record, line.depth)
                problems.removeAll()
                continue
            }
            finish()
            if line.isProject {
                while let top = stack.last, top.depth >= line.depth { stack.removeLast() }
                while let top = tasks.last, top.depth >= line.depth { tasks.removeLast() }
                let colon = line.text.hasSuffix(":") ? line.text.index(before: line.text.endIndex)
                    : line.text.range(of: ": @", options: .backwards)?.lowerBound ?? line.text.endIndex
                let title = String(line.text[..<colon])
                let folder = line.text[colon...].contains("@folder")
                stack.append((line.depth, title, folder))
            }
            // Any other line (a note of a project, free text) holds no task.
        }
        finish()
        return batch
    }

    /// The title and fields of one task line (without `- `).
    static func parseTask(_ text: String, today: LocalDate, timeZone: TimeZone) -> (TodoTask, [String], Bool) {
        var task = TodoTask(title: "", created: Date(timeIntervalSince1970: 0), source: ImportFormat.taskpaper.source)
        var problems: [String] = []
        var hasCreated = false
        var title = ""
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let at = rest.firstIndex(of: "@") else { title += rest; break }
            let before = rest[..<at]
            // `@` inside a word (an address) is text.
            if let last = before.last, !last.isWhitespace {
                title += rest[...at]
                rest = rest[rest.index(after: at)...]
                continue
            }
            title += before
            var i = rest.index(after: at)
            var name = ""
            while i < rest.endIndex, rest[i].isLetter || rest[i].isNumber || rest[i] == "-" || rest[i] == "_" || rest[i] == "." {
                name.append(rest[i])
                i = rest.index(after: i)
            }
            if name.isEmpty { title += "@"; rest = rest[i...]; continue }
            var value: String? = nil
            if i < rest.endIndex, rest[i] == "(", let close = rest[i...].firstIndex(of: ")") {
                value = String(rest[rest.index(after: i)..<close])
                i = rest.index(after: close)
            }
            rest = rest[i...]
            if let problem = apply(tag: name, value: value, to: &task, hasCreated: &hasCreated, today: today, timeZone: timeZone) {
                problems.append(problem)
            }
        }
        task.title = title.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return (task, problems, hasCreated)
    }

    /// One `@tag` or `@key(value)`; a problem text when the value does not fit.
    static func apply(tag name: String, value: String?, to task: inout TodoTask, hasCreated: inout Bool,
                      today: LocalDate, timeZone: TimeZone) -> String? {
        let key = name.lowercased()
        func set(_ field: TaskField) -> String? {
            guard let value else { return "@\(name) needs a value; left out" }
            return ImportValues.set(field, value, on: &task, today: today, timeZone: timeZone).map { "@\(name): \($0); left out" }
        }
        func addTags(_ text: String) {
            for t in text.split(separator: ",") {
                let tag = t.trimmingCharacters(in: .whitespaces)
                if !tag.isEmpty, !task.tags.contains(tag) { task.tags.append(tag) }
            }
        }
        func closed(_ status: TaskStatus) {
            task.status = status
            if let value, let t = DateTimeFormat.parse(value, timeZone: timeZone) { task.completed = t }
            if task.completed == nil { task.completed = task.created }
        }
        switch key {
        case "tags", "context", "contexts": if let value { addTags(value) }
        case "due": return set(.due)
        case "defer", "start": return set(.deferDate)
        case "scheduled", "planned": return set(.scheduled)
        case "flagged": task.flagged = true
        case "priority": return set(.priority)
        case "estimated", "estimate": return set(.estimatedMinutes)
        case "repeat-rule": return set(.recurrence)
        case "repeat-method":
            let v = (value ?? "").lowercased()
            task.recurrenceMode = v.contains("completion") ? .afterCompletion : .fixed
        case "done", "completed": closed(.done)
        case "cancelled", "canceled", "dropped": closed(.cancelled)
        case "someday": task.status = .someday
        case "in-progress", "started": task.status = .inProgress
        case "added", "created":
            if let value, let t = DateTimeFormat.parse(value, timeZone: timeZone) { task.created = t; hasCreated = true }
        case "parallel", "autodone", "repeat-start", "today":
            break  // OmniFocus outline settings with no todo.md field
        default:
            if let value { task.extra.append(ExtraField(name, .string(value))) } else if !task.tags.contains(name) { task.tags.append(name) }
        }
        return nil
    }
}
