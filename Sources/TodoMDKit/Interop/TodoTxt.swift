import Foundation

/// todo.txt lines (§22): `(A)`/`(B)`/`(C)` for high/medium/low, `x COMPLETED CREATED` for done,
/// `+Project`, `@Area`, `due:`, `t:` (defer), `sched:`, tags as `#tag`.
///
/// Beyond those: `status:` for in-progress, someday and cancelled, `pri:` on completed tasks,
/// `flagged:yes`, `est:` (estimate), `rrule:` (repeat rule). Spaces in a project or area are
/// written `_` (todo.txt words hold none) and read back as spaces. Description and body do not
/// fit on a line.
public enum TodoTxt {
    // MARK: - Export

    /// One line per task.
    public static func export(_ tasks: [TodoTask], timeZone: TimeZone) -> String {
        tasks.map { line($0, timeZone: timeZone) + "\n" }.joined()
    }

    static func letter(_ p: Priority) -> String? {
        switch p {
        case .high: return "A"
        case .medium: return "B"
        case .low: return "C"
        case .none: return nil
        }
    }

    /// The todo.txt line of one task.
    public static func line(_ t: TodoTask, timeZone: TimeZone) -> String {
        var words: [String] = []
        let closed = t.status.isClosed
        if closed {
            words.append("x")
            words.append(LocalDate(t.completed ?? t.modified ?? t.created, in: timeZone).description)
        } else if let l = letter(t.priority) {
            words.append("(\(l))")
        }
        words.append(LocalDate(t.created, in: timeZone).description)
        words.append(t.title.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " "))
        if let p = t.project { words.append("+" + word(p)) }
        if let a = t.area { words.append("@" + word(a)) }
        if let d = t.due { words.append("due:\(d)") }
        if let d = t.deferDate { words.append("t:\(d)") }
        if let d = t.scheduled { words.append("sched:\(d)") }
        for tag in t.tags { words.append("#" + word(tag)) }
        if closed, let l = letter(t.priority) { words.append("pri:\(l)") }
        if t.status != .todo, t.status != .done { words.append("status:\(t.status.rawValue)") }
        if t.flagged { words.append("flagged:yes") }
        if let m = t.estimatedMinutes { words.append("est:" + ImportValues.duration(m)) }
        if let r = t.recurrence, !r.contains(" ") { words.append("rrule:" + r) }
        return words.joined(separator: " ")
    }

    static func word(_ s: String) -> String { s.replacingOccurrences(of: " ", with: "_") }
    static func unword(_ s: Substring) -> String { s.replacingOccurrences(of: "_", with: " ") }

    // MARK: - Import

    /// Reads todo.txt text, one task per non-blank line.
    public static func parse(_ text: String, today: LocalDate, timeZone: TimeZone) -> ImportBatch {
        var batch = ImportBatch()
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (n, raw) in lines.enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            let location = "line \(n + 1)"
            var (task, problems, hasCreated) = parseLine(line, today: today, timeZone: timeZone)
            guard !task.title.isEmpty else {
                batch.skipped.append(ImportProblem(location, "no title; skipped"))
                continue
            }
            task.source = ImportFormat.todotxt.source
            var record = ImportRecord(location: location, task: task)
            record.problems = problems
            record.hasCreated = hasCreated
            batch.records.append(record)
            problems.removeAll()
        }
        return batch
    }

    /// One line as a task, the problems found, and whether it named a creation date.
    static func parseLine(_ line: String, today: LocalDate, timeZone: TimeZone) -> (TodoTask, [String], Bool) {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        var task = TodoTask(title: "", created: Date(timeIntervalSince1970: 0), source: ImportFormat.todotxt.source)
        var problems: [String] = []
        var hasCreated = false
        if words.first == "x" {
            words = words.dropFirst()
            task.status = .done
            if let w = words.first, let d = LocalDate(iso: w) {
                task.completed = d.startOfDay(in: timeZone)
                words = words.dropFirst()
            }
        } else if let w = words.first, w.count == 3, w.hasPrefix("("), w.hasSuffix(")"),
                  let p = ImportValues.priority(String(w.dropFirst().dropLast()).lowercased()) {
            task.priority = p
            words = words.dropFirst()
        }
        if let w = words.first, let d = LocalDate(iso: w) {
            task.created = d.startOfDay(in: timeZone)
            hasCreated = true
            words = words.dropFirst()
        }
        var title: [Substring] = []
        for w in words {
            if w.count > 1, w.hasPrefix("+") { task.project = unword(w.dropFirst()); continue }
            if w.count > 1, w.hasPrefix("@") { task.area = unword(w.dropFirst()); continue }
            if w.count > 1, w.hasPrefix("#"), w.dropFirst().first?.isLetter == true || w.dropFirst().first?.isNumber == true {
                let tag = String(w.dropFirst())
                if !task.tags.contains(tag) { task.tags.append(tag) }
                continue
            }
            if let colon = w.firstIndex(of: ":"), colon != w.startIndex, w.index(after: colon) != w.endIndex,
               w[w.startIndex].isLetter, w[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
               !w[w.index(after: colon)...].hasPrefix("/") {
                let key = w[..<colon].lowercased()
                let value = String(w[w.index(after: colon)...])
                if let problem = apply(key: key, value: value, to: &task, today: today, timeZone: timeZone) {
                    problems.append(problem)
                }
                continue
            }
            title.append(w)
        }
        task.title = title.joined(separator: " ")
        if task.status.isClosed, task.completed == nil { task.completed = task.created }
        return (task, problems, hasCreated)
    }

    /// A `key:value` word; a problem text when the value does not fit.
    static func apply(key: String, value: String, to task: inout TodoTask, today: LocalDate,
                      timeZone: TimeZone) -> String? {
        func set(_ field: TaskField) -> String? {
            ImportValues.set(field, value, on: &task, today: today, timeZone: timeZone).map { "\(key): \($0); left out" }
        }
        switch key {
        case "due": return set(.due)
        case "t", "defer", "start", "wait", "threshold": return set(.deferDate)
        case "sched", "scheduled": return set(.scheduled)
        case "pri": return set(.priority)
        case "status":
            guard let s = ImportValues.status(value.lowercased()) else { return "status: `\(value)` is not a status; left out" }
            task.status = s
            if s.isClosed, task.completed == nil { task.completed = task.created }
        case "flagged", "star", "starred", "flag": return set(.flagged)
        case "est", "estimate", "duration": return set(.estimatedMinutes)
        case "rrule": return set(.recurrence)
        case "rec":
            guard let rule = rule(fromRec: value) else { return "rec: `\(value)` is not a repeat like 1w or 3m; left out" }
            task.recurrence = rule
        default:
            task.extra.append(ExtraField(key, .string(value)))
        }
        return nil
    }

    /// The RRULE of a todo.txt `rec:` value (`1d`, `2w`, `3m`, `1y`, `+1w`, `5b` business days).
    static func rule(fromRec text: String) -> String? {
        var t = text.lowercased()
        if t.hasPrefix("+") { t.removeFirst() }
        guard let unit = t.last else { return nil }
        let n = t.dropLast().isEmpty ? 1 : Int(t.dropLast()) ?? 0
        guard n >= 1 else { return nil }
        let freq: String
        switch unit {
        case "d": freq = "DAILY"
        case "w": freq = "WEEKLY"
        case "m": freq = "MONTHLY"
        case "y": freq = "YEARLY"
        case "b": return n == 1 ? "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR" : nil
        default: return nil
        }
        return n == 1 ? "FREQ=\(freq)" : "FREQ=\(freq);INTERVAL=\(n)"
    }
}
