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
        // Keys with a value (not empty, not null), and keys whose value was used: a file has a
        // few of them, and only the few repairable fields are looked up, so a list searched
        // from the start is cheaper than hashing every key into a set.
        var present: [TaskField] = []
        var used: [TaskField] = []
        present.reserveCapacity(document.pairs.count)
        used.reserveCapacity(document.pairs.count)

        for (key, fileNode, _) in document.pairs {
            let field: TaskField
            var node = fileNode
            if let map = fieldMap {
                guard let mapped = map.field(forKey: key) else {
                    task.extra.append(ExtraField(key, TaskReader.json(node)))
                    continue
                }
                field = mapped
                node = map.incoming(mapped, fileNode)
            } else {
                guard let known = TaskField.exactly(key) else {
                    task.extra.append(ExtraField(key, TaskReader.json(node)))
                    continue
                }
                field = known
            }
            if isAbsent(node) { continue }
            present.append(field)
            switch read(field, node, into: &task) {
            case .ok: used.append(field)
            case let .wrongType(problem): warnings.append("\(key): \(problem); ignored")
            case let .overLimit(reason): return .unparseable(reason: reason)
            }
        }

        // Repairs of required fields (§3), each a warning. A wrong-type value already has one.
        // (The specs are read in place: copying each, its strings and closures retained and
        // released, was a twentieth of a cold build's parsing, with the copy in `read(_:_:into:)`.)
        let repairable = TaskFieldSpec.repairable
        for i in repairable.indices {
            let field = repairable[i].field
            guard let repair = repairable[i].repair, !used.contains(field) else { continue }
            let note: String
            switch repair {
            case .titleFromFilename:
                let title = TaskReader.titleFromFilename(id)
                repairable[i].set(.string(title), on: &task)
                note = "the filename (\"\(title)\")"
            case let .value(value, shown):
                repairable[i].set(value, on: &task)
                note = shown
            case .fileModificationTime:
                repairable[i].set(.dateTime(fileModified), on: &task)
                note = "the file's modification time"
            }
            if !present.contains(field) { warnings.append("\(field.key): missing; using \(note)") }
        }
        if let rule = task.recurrence, let problem = TaskReader.ruleProblem(rule) {
            // An invalid rule is a warning; the task still loads and keeps its text (§11).
            warnings.append("recurrence: \(problem); it will not repeat")
        }
        warnings += TaskReader.timeEntryWarnings(task.timeEntries)
        task.warnings = warnings
        return .task(task)
    }

    /// Why `rule` is not a rule todo.md can repeat by, or nil when it is one. Most repeating
    /// tasks of a vault share a few rules: each is parsed once per process (a cold build
    /// parsed a rule for every repeating file, 3 % of its parsing).
    static func ruleProblem(_ rule: String) -> String? {
        if let known = ruleProblems.withLock({ $0[rule] }) { return known }
        var problem: String?
        do {
            _ = try RecurrenceRule(parsing: rule)
        } catch {
            problem = error.localizedDescription
        }
        ruleProblems.withLock { cache in
            // A bounded memory: a vault of many distinct rules starts over now and then.
            if cache.count >= 512 { cache.removeAll(keepingCapacity: true) }
            cache[rule] = .some(problem)
        }
        return problem
    }

    /// ``ruleProblem(_:)``'s answers: `.some(nil)` for a rule that parses.
    private static let ruleProblems = Locked<[String: String?]>([:])

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
        let index = field.canonicalIndex
        switch value(field, TaskFieldSpec.table[index].kind, node) {
        case let .success(value):
            TaskFieldSpec.table[index].set(value, on: &task)
            return .ok
        case let .failure(error):
            return error.outcome
        }
    }

    /// A node read as a value of the field's kind, or why it is not one.
    func value(_ field: TaskField, _ fieldKind: FieldKind, _ node: Node) -> Result<FieldValue, OutcomeError> {
        switch fieldKind {
        case let .text(limit):
            // `parent: [[Plan the trip]]` unquoted is a list in a list to YAML: the wikilink meant.
            let wikilink = field == .parent ? TaskReader.unquotedWikilink(node) : nil
            guard let s = text(node) ?? wikilink else { return .failure(.wrongType("expected text, found \(kind(node))")) }
            if let limit, s.count > limit {
                return .failure(.overLimit("the \(field.key) is \(s.count) characters; the limit is \(limit)"))
            }
            return .success(.string(s))
        case .rule:
            guard let s = text(node) else { return .failure(.wrongType("expected text, found \(kind(node))")) }
            return .success(.string(s))
        case let .choice(values):
            guard let s = text(node)?.trimmedSpaces.lowercased(), values.contains(s) else {
                return .failure(.wrongType("\(show(node)) is not one of \(values.joined(separator: ", "))"))
            }
            return .success(.string(s))
        case .date:
            guard let d = date(node) else { return .failure(.wrongType("\(show(node)) is not a date (YYYY-MM-DD)")) }
            return .success(.date(d))
        case .timedDate:
            guard let d = text(node).flatMap({ TaskDate(reading: $0, timeZone: timeZone) }) else {
                return .failure(.wrongType("\(show(node)) is not a date (YYYY-MM-DD) or a date and time (YYYY-MM-DDTHH:MM)"))
            }
            return .success(FieldValue(d))
        case .dateTime:
            guard let s = text(node), let instant = DateTimeFormat.parse(s, timeZone: timeZone) else {
                return .failure(.wrongType("\(show(node)) is not an ISO 8601 date-time"))
            }
            return .success(.dateTime(instant))
        case .flag:
            guard let b = bool(node) else { return .failure(.wrongType("\(show(node)) is not true or false")) }
            return .success(.bool(b))
        case .count, .minutes:
            guard let n = integer(node), n >= 0 else { return .failure(.wrongType("\(show(node)) is not a whole number ≥ 0")) }
            return .success(.int(n))
        case .list:
            guard let tags = tags(node) else {
                if case .sequence = node { return .failure(.wrongType("a tag must be text, not a list or a mapping")) }
                return .failure(.wrongType("expected a list of tags, found \(kind(node))"))
            }
            return .success(.list(tags))
        case .references:
            guard let items = listItems(node, reference) else {
                return .failure(.wrongType(listFailure(node, of: TaskReader.referenceNames, reference)))
            }
            return .success(.list(items))
        case .reminders:
            guard let items = listItems(node, reminder) else {
                return .failure(.wrongType(listFailure(node, of: TaskReader.reminderNames, reminder)))
            }
            return .success(.list(items))
        case .timeEntries:
            return .success(.list(timeEntries(node)))
        }
    }

    /// An ``Outcome`` other than ``Outcome/ok``, as a `Result` failure.
    struct OutcomeError: Error {
        let outcome: Outcome
        static func wrongType(_ problem: String) -> OutcomeError { OutcomeError(outcome: .wrongType(problem)) }
        static func overLimit(_ reason: String) -> OutcomeError { OutcomeError(outcome: .overLimit(reason)) }
    }

    // MARK: - Scalars

    /// A scalar's text; nil for lists and mappings.
    func text(_ node: Node) -> String? {
        guard case let .scalar(s) = node else { return nil }
        return s.string
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
                if let t = itemText(s) { out.append(t) }
            }
            return out
        default:
            return nil
        }
    }

    /// A list item's text, trimmed; nil for an empty item or a plain `null`/`~`.
    func itemText(_ s: Node.Scalar) -> String? {
        let t = s.string.trimmedSpaces
        return t.isEmpty || (s.style == .plain && TaskFileCodec.isNullText(t)) ? nil : t
    }

    /// `[[name]]` written without quotes, which YAML reads as a one-item list in a one-item list.
    static func unquotedWikilink(_ node: Node) -> String? {
        guard case let .sequence(outer) = node, outer.count == 1, case let .sequence(inner)? = outer.first,
              inner.count == 1, case let .scalar(s)? = inner.first, !s.string.isEmpty else { return nil }
        return "[[" + s.string + "]]"
    }

    /// One item of a list field: the text it is held as, nothing (an empty or null item), or not
    /// an item of that list.
    enum ListItem: Equatable {
        case item(String)
        case empty, invalid
    }

    /// The items of a list field (references, reminders): a list of items, or one scalar item
    /// written alone (one `[[link]]` unquoted is one item too). Nil when the node is no list or an
    /// item is not one: the field is then ignored with a warning (``listFailure(_:of:_:)``), not
    /// half-read.
    func listItems(_ node: Node, _ read: (Node) -> ListItem) -> [String]? {
        guard let items = elements(node) else { return nil }
        var out: [String] = []
        for item in items {
            switch read(item) {
            case let .item(text): out.append(text)
            case .empty: continue
            case .invalid: return nil
            }
        }
        return out
    }

    /// The items of a list field's node: a scalar or an unquoted `[[link]]` alone is one item.
    /// Nil for a mapping alone: it is no list (§3, a value of the wrong type).
    func elements(_ node: Node) -> [Node]? {
        switch node {
        case .scalar: return [node]
        case let .sequence(seq): return TaskReader.unquotedWikilink(node) == nil ? Array(seq) : [node]
        case .mapping, .alias: return nil
        }
    }

    /// Why ``listItems(_:_:)`` read nothing from `node`: the first item that is not one of
    /// `names` (a list, and what an item is), or what was found instead of a list.
    func listFailure(_ node: Node, of names: (list: String, item: String), _ read: (Node) -> ListItem) -> String {
        guard case .sequence = node, TaskReader.unquotedWikilink(node) == nil, let items = elements(node),
              let i = items.firstIndex(where: { read($0) == .invalid }) else {
            return "expected \(names.list), found \(show(node))"
        }
        return "item \(i + 1) (\(show(items[i]))) is not \(names.item)"
    }

    static let referenceNames = (list: "a list of task references (a path, a filename, a title, a [[link]] or {uid: …})",
                                 item: "a task reference (a path, a filename, a title, a [[link]] or {uid: …})")

    /// A task reference (§23): a scalar (names may hold commas), an unquoted `[[link]]`, or a
    /// dependency object of scalars, held in its flow form (``TaskReference``).
    func reference(_ item: Node) -> ListItem {
        switch item {
        case let .scalar(s):
            return itemText(s).map { .item($0) } ?? .empty
        case .sequence:
            return TaskReader.unquotedWikilink(item).map { .item($0) } ?? .invalid
        case .mapping:
            guard let form = objectForm(item), form.pairs.contains(where: { $0.0 == "uid" }) else { return .invalid }
            return .item(form.text)
        case .alias:
            return .invalid
        }
    }

    static let reminderNames = (list: "a list of reminders (-PT15M, -1h, YYYY-MM-DDTHH:MM)",
                                item: "a reminder (-PT15M, -1h, YYYY-MM-DDTHH:MM)")

    /// A reminder (§24), held in its canonical form (`-15m` → `-PT15M`), or TaskNotes' reminder
    /// object of scalars, held in its flow form.
    func reminder(_ item: Node) -> ListItem {
        switch item {
        case let .scalar(s):
            guard let t = itemText(s) else { return .empty }
            return TaskReminder.canonical(t).map { .item($0) } ?? .invalid
        case .mapping:
            guard let form = objectForm(item), TaskReminder(form.text) != nil else { return .invalid }
            return .item(form.text)
        case .sequence, .alias:
            return .invalid
        }
    }

    /// A mapping of scalars, and its flow form; nil for anything else.
    func objectForm(_ node: Node) -> (pairs: [(String, String)], text: String)? {
        guard case let .mapping(m) = node else { return nil }
        var pairs: [(String, String)] = []
        for (k, v) in m {
            guard case let .scalar(ks) = k, case let .scalar(vs) = v else { return nil }
            pairs.append((ks.string, vs.string))
        }
        return (pairs, TaskReference.objectForm(pairs))
    }

    /// Time entries (§27): a list (or one mapping) whose items are held as entries in their
    /// canonical flow form, or — when an item is not an entry — as the item's own flow text, so
    /// that nothing is lost; ``timeEntryWarnings(_:)`` names those. Never a wrong type.
    func timeEntries(_ node: Node) -> [String] {
        let items: [Node] = if case let .sequence(seq) = node { Array(seq) } else { [node] }
        return items.filter { !isAbsent($0) }.map { TimeEntry.held($0, timeZone: timeZone) }
    }

    /// One warning per held `time_entries` item that is not an entry.
    static func timeEntryWarnings(_ items: [String]) -> [String] {
        items.enumerated().compactMap { i, item in
            guard TimeEntry(item) == nil else { return nil }
            let shown = item.count > 60 ? String(item.prefix(60)) + "…" : item
            return "time_entries: item \(i + 1) (`\(shown)`) is not an entry {start, end, note} with ISO 8601 times; kept as written"
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
