import Foundation
import Yams

/// Turns a parsed frontmatter mapping into a ``TodoTask`` with §3's lenient rules.
///
/// Every repair and every ignored value becomes a warning that starts with its key.
struct TaskReader {
    let id: String
    let fileModified: Date
    let timeZone: TimeZone
    /// The other tool's key names and value forms, when the vault has a field map.
    var fieldMap: FieldMap? = nil

    func read(_ document: TaskFileCodec.Document) -> TaskDecoding {
        var warnings: [String] = []
        var task = TodoTask(id: id, title: "", created: fileModified, source: "unknown")
        task.body = document.body
        var present = Set<TaskField>()  // keys with a value (not empty, not null)
        var used = Set<TaskField>()     // keys whose value was used

        for (key, fileNode, _) in document.pairs {
            let field: TaskField
            var node = fileNode
            if let map = fieldMap {
                guard let mapped = map.field(forKey: key) else {
                    task.extra.append((key, TaskReader.json(node)))
                    continue
                }
                field = mapped
                node = map.incoming(mapped, fileNode)
            } else {
                guard let known = TaskField(rawValue: key) else {
                    task.extra.append((key, TaskReader.json(node)))
                    continue
                }
                field = known
            }
            if isAbsent(node) { continue }
            present.insert(field)
            switch read(field, node, into: &task) {
            case .ok: used.insert(field)
            case let .wrongType(problem): warnings.append("\(key): \(problem); ignored")
            case let .overLimit(reason): return .unparseable(reason: reason)
            }
        }

        // Repairs of required fields (§3), each a warning. A wrong-type value already has one.
        if !used.contains(.title) {
            task.title = TaskReader.titleFromFilename(id)
            if !present.contains(.title) {
                warnings.append("title: missing; using the filename (\"\(task.title)\")")
            }
        }
        if !present.contains(.status) { warnings.append("status: missing; using todo") }
        if !present.contains(.created) { warnings.append("created: missing; using the file's modification time") }
        if !present.contains(.source) { warnings.append("source: missing; using unknown") }
        if let rule = task.recurrence {
            // An invalid rule is a warning; the task still loads and keeps its text (§11).
            do {
                _ = try RecurrenceRule(parsing: rule)
            } catch {
                warnings.append("recurrence: \(error.localizedDescription); it will not repeat")
            }
        }
        task.warnings = warnings
        return .task(task)
    }

    enum Outcome {
        case ok
        case wrongType(String)
        case overLimit(String)
    }

    /// Empty string or null means absent (§3).
    func isAbsent(_ node: Node) -> Bool {
        guard case let .scalar(s) = node else { return false }
        if s.string.isEmpty { return true }
        return (s.style == .plain || s.style == .any) && TaskFileCodec.isNullText(s.string)
    }

    // MARK: - Fields

    func read(_ field: TaskField, _ node: Node, into task: inout TodoTask) -> Outcome {
        switch field {
        case .title:
            guard let s = text(node) else { return .wrongType("expected text, found \(kind(node))") }
            if s.count > TaskFileCodec.Limits.titleCharacters {
                return .overLimit("the title is \(s.count) characters; the limit is \(TaskFileCodec.Limits.titleCharacters)")
            }
            task.title = s
        case .status:
            guard let v: TaskStatus = enumValue(node) else { return wrongEnum(node, TaskStatus.allCases.map(\.rawValue)) }
            task.status = v
        case .priority:
            guard let v: Priority = enumValue(node) else { return wrongEnum(node, Priority.allCases.map(\.rawValue)) }
            task.priority = v
        case .recurrenceMode:
            guard let v: RecurrenceMode = enumValue(node) else {
                return wrongEnum(node, RecurrenceMode.allCases.map(\.rawValue))
            }
            task.recurrenceMode = v
        case .region:
            guard let v: PlanRegion = enumValue(node) else { return wrongEnum(node, PlanRegion.allCases.map(\.rawValue)) }
            task.region = v
        case .bucket:
            guard let v: PlanBucket = enumValue(node) else { return wrongEnum(node, PlanBucket.allCases.map(\.rawValue)) }
            task.bucket = v
        case .due, .deferDate, .scheduled, .planDate, .backlogSince:
            guard let d = date(node) else { return .wrongType("\(show(node)) is not a date (YYYY-MM-DD)") }
            switch field {
            case .due: task.due = d
            case .deferDate: task.deferDate = d
            case .scheduled: task.scheduled = d
            case .planDate: task.planDate = d
            default: task.backlogSince = d
            }
        case .created, .modified, .completed:
            guard let s = text(node), let instant = DateTimeFormat.parse(s, timeZone: timeZone) else {
                return .wrongType("\(show(node)) is not an ISO 8601 date-time")
            }
            switch field {
            case .created: task.created = instant
            case .modified: task.modified = instant
            default: task.completed = instant
            }
        case .flagged:
            guard let b = bool(node) else { return .wrongType("\(show(node)) is not true or false") }
            task.flagged = b
        case .area, .project, .recurrence, .source, .note:
            guard let s = text(node) else { return .wrongType("expected text, found \(kind(node))") }
            switch field {
            case .area: task.area = s
            case .project: task.project = s
            case .recurrence: task.recurrence = s
            case .source: task.source = s
            default: task.note = s
            }
        case .description:
            guard let s = text(node) else { return .wrongType("expected text, found \(kind(node))") }
            if s.count > TaskFileCodec.Limits.descriptionCharacters {
                return .overLimit("the description is \(s.count) characters; the limit is \(TaskFileCodec.Limits.descriptionCharacters)")
            }
            task.description = s
        case .estimatedMinutes, .carryCount, .noteLine:
            guard let n = integer(node), n >= 0 else { return .wrongType("\(show(node)) is not a whole number ≥ 0") }
            switch field {
            case .estimatedMinutes: task.estimatedMinutes = n
            case .carryCount: task.carryCount = n
            default: task.noteLine = n
            }
        case .tags:
            guard let tags = tags(node) else {
                if case .sequence = node { return .wrongType("a tag must be text, not a list or a mapping") }
                return .wrongType("expected a list of tags, found \(kind(node))")
            }
            task.tags = tags
        }
        return .ok
    }

    // MARK: - Scalars

    /// A scalar's text; nil for lists and mappings.
    func text(_ node: Node) -> String? {
        guard case let .scalar(s) = node else { return nil }
        return s.string
    }

    func enumValue<E: RawRepresentable>(_ node: Node) -> E? where E.RawValue == String {
        guard let s = text(node) else { return nil }
        return E(rawValue: s.trimmedSpaces.lowercased())
    }

    func wrongEnum(_ node: Node, _ allowed: [String]) -> Outcome {
        .wrongType("\(show(node)) is not one of \(allowed.joined(separator: ", "))")
    }

    /// A date, or a date-time's local date (§3).
    func date(_ node: Node) -> LocalDate? {
        guard let s = text(node)?.trimmedSpaces else { return nil }
        if let d = LocalDate(iso: s) { return d }
        guard s.count > 10, let instant = DateTimeFormat.parse(s, timeZone: timeZone) else { return nil }
        return LocalDate(instant, in: timeZone)
    }

    func bool(_ node: Node) -> Bool? {
        guard let s = text(node)?.trimmedSpaces.lowercased() else { return nil }
        switch s {
        case "true", "yes": return true
        case "false", "no": return false
        default: return nil
        }
    }

    func integer(_ node: Node) -> Int? {
        guard let s = text(node)?.trimmedSpaces, !s.isEmpty,
              s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) || (s.hasPrefix("+") && s.count > 1)
        else { return nil }
        return Int(s)
    }

    /// A list of scalars, or one comma-separated string (§3); items trimmed, empty ones dropped.
    func tags(_ node: Node) -> [String]? {
        switch node {
        case let .scalar(s):
            return s.string.split(separator: ",").map { String($0).trimmedSpaces }.filter { !$0.isEmpty }
        case let .sequence(seq):
            var out: [String] = []
            for item in seq {
                guard case let .scalar(s) = item else { return nil }
                let t = s.string.trimmedSpaces
                if !t.isEmpty, !(s.style == .plain && TaskFileCodec.isNullText(t)) { out.append(t) }
            }
            return out
        default:
            return nil
        }
    }

    func kind(_ node: Node) -> String {
        switch node {
        case .scalar: return "text"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        case .alias: return "an alias"
        }
    }

    func show(_ node: Node) -> String {
        if let s = text(node) { return "`\(s.count > 40 ? String(s.prefix(40)) + "…" : s)`" }
        return kind(node)
    }

    // MARK: - Helpers

    /// The title for a file without one: drop `.md` and a leading `YYYYMMDD-HHmm-` stamp,
    /// dashes become spaces, case kept (§21).
    static func titleFromFilename(_ id: String) -> String {
        var name = id.split(separator: "/").last.map(String.init) ?? id
        if name.lowercased().hasSuffix(".md") { name = String(name.dropLast(3)) }
        let u = Array(name.utf8)
        if u.count > 14, u[8] == UInt8(ascii: "-"), u[13] == UInt8(ascii: "-"),
           u[0..<8].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), u[9..<13].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            name = String(decoding: u[14...], as: UTF8.self)
        }
        let title = name.replacingOccurrences(of: "-", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        return title.isEmpty ? "Untitled" : title
    }

    /// An unknown key's value as JSON (§21 `extra`): plain scalars are typed as YAML would.
    static func json(_ node: Node) -> JSONValue {
        switch node {
        case let .scalar(s):
            if s.style == .plain || s.style == .any {
                let t = s.string
                if TaskFileCodec.isNullText(t) { return .null }
                switch t {
                case "true", "True", "TRUE", "yes", "Yes", "YES": return .bool(true)
                case "false", "False", "FALSE", "no", "No", "NO": return .bool(false)
                default: break
                }
                if let i = Int(t) { return .number(Double(i)) }
                if t.contains("."), t.first.map({ $0.isNumber || $0 == "-" }) == true, let d = Double(t), d.isFinite {
                    return .number(d)
                }
            }
            return .string(s.string)
        case let .sequence(seq):
            return .array(seq.map(json))
        case let .mapping(m):
            return .object(m.compactMap { k, v in
                guard case let .scalar(ks) = k else { return nil }
                return (ks.string, json(v))
            })
        case .alias:
            return .null
        }
    }
}
