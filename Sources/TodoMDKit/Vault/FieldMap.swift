import Foundation

/// How another tool's task files name and shape todo.md's fields, so a vault that tool keeps
/// can be read and edited in place (§20, `"field_map"` in `.todomd/config.json`).
///
/// A map renames keys (`due` → `dueDate`), translates enum values (`todo` ↔ `open`), changes a
/// value's form (a project as a list of wiki links `["[[Home]]"]`, `completed` as a bare date),
/// and can hide tags that only mark a file as a task (TaskNotes' `task`). Reading and editing
/// both go through it, so an edit writes the other tool's names and value forms and, as
/// always, rewrites only the lines it changes. A field the map does not mention keeps its §3 key;
/// the §3 key of a renamed field is an unknown key like any other (kept, not read).
///
/// ```json
/// "field_map": { "preset": "tasknotes", "due": "dueDate",
///                "values": { "status": { "todo": "open" } }, "forms": { "project": "wikilinks" },
///                "hidden_tags": ["task"] }
/// ```
public struct FieldMap: Sendable, Equatable {
    /// The shape a value takes in the other tool's files.
    public enum Form: String, Sendable, CaseIterable {
        /// As §3 writes it.
        case plain
        /// A list whose first item is the value (`contexts: ["home"]`).
        case list
        /// A list of Obsidian wiki links whose first target is the value (`projects: ["[[Home]]"]`).
        case wikilinks
        /// A date-time written as a bare date `YYYY-MM-DD` (read back as local midnight).
        case date
        /// Task references written as TaskNotes' dependency objects
        /// (`{uid: "[[name]]", reltype: "FINISHTOSTART"}`); objects already written are kept.
        case dependencies
        /// Reminders written as TaskNotes' reminder objects (`{id, type: "relative", relatedTo:
        /// "due", offset: "-PT15M"}`, `{id, type: "absolute", absoluteTime}`); objects already
        /// written are kept.
        case reminders
        /// Time entries written with TaskNotes' keys (`{startTime, endTime, description}`).
        case timeEntries
    }

    /// One enum value: ours (§3) and how the other tool writes it.
    public struct ValuePair: Sendable, Equatable {
        public let ours: String
        public let theirs: String
    }

    /// File key of each renamed field.
    public let keys: [TaskField: String]
    /// Value translations per field; the first pair for an `ours` value is the one written.
    public let values: [TaskField: [ValuePair]]
    /// Value forms that are not ``Form/plain``.
    public let forms: [TaskField: Form]
    /// Tags that mark a file as a task for the other tool: not shown, always written.
    public let hiddenTags: [String]
    /// Every key this map reads, to its field.
    let fieldByKey: [String: TaskField]

    /// A map from its parts.
    ///
    /// - Throws: ``FieldMapError`` when two fields would share a key, or a form does not
    ///   fit its field.
    public init(keys: [TaskField: String] = [:], values: [TaskField: [ValuePair]] = [:],
                forms: [TaskField: Form] = [:], hiddenTags: [String] = []) throws {
        var byKey: [String: TaskField] = [:]
        for field in TaskField.allCases {
            let key = keys[field] ?? field.key
            if key.isEmpty { throw FieldMap.problem("`\(field.key)` cannot be mapped to an empty key") }
            if let other = byKey[key] {
                throw FieldMap.problem("`\(other.key)` and `\(field.key)` would both use the key `\(key)`")
            }
            byKey[key] = field
        }
        for (field, form) in forms {
            switch form {
            case .plain: break
            case .list, .wikilinks:
                guard [.area, .project, .note, .source].contains(field) else {
                    throw FieldMap.problem("the form `\(form.rawValue)` fits area, project, note or source, not `\(field.key)`")
                }
            case .date:
                guard field.isDateTime else {
                    throw FieldMap.problem("the form `date` fits created, modified or completed, not `\(field.key)`")
                }
            case .dependencies:
                guard field == .blockedBy else {
                    throw FieldMap.problem("the form `dependencies` fits blocked_by, not `\(field.key)`")
                }
            case .reminders:
                guard field == .reminders else {
                    throw FieldMap.problem("the form `reminders` fits reminders, not `\(field.key)`")
                }
            case .timeEntries:
                guard field == .timeEntries else {
                    throw FieldMap.problem("the form `timeEntries` fits time_entries, not `\(field.key)`")
                }
            }
        }
        self.keys = keys.filter { $0.key.key != $0.value }
        self.values = values.filter { !$0.value.isEmpty }
        self.forms = forms.filter { $0.value != .plain }
        self.hiddenTags = hiddenTags
        fieldByKey = byKey
    }

    /// TaskNotes for Obsidian (its documented default property names and values): `dateCreated`,
    /// `dateModified`, `completedDate` (a date), `timeEstimate`, `contexts` (area, a list),
    /// `projects` (project, a list of wiki links), `recurrence_anchor`; status `open`, priority
    /// `normal`; the identifying tag `task` hidden.
    public static let tasknotes: FieldMap = {
        let keys: [TaskField: String] = [
            .created: "dateCreated", .modified: "dateModified", .completed: "completedDate",
            .estimatedMinutes: "timeEstimate", .area: "contexts", .project: "projects",
            .recurrenceMode: "recurrence_anchor", .blockedBy: "blockedBy", .timeEntries: "timeEntries",
        ]
        let values: [TaskField: [ValuePair]] = [
            .status: [ValuePair(ours: "todo", theirs: "open"), ValuePair(ours: "todo", theirs: "none")],
            .priority: [ValuePair(ours: "medium", theirs: "normal")],
            .recurrenceMode: [ValuePair(ours: "fixed", theirs: "scheduled"),
                              ValuePair(ours: "after_completion", theirs: "completion")],
        ]
        let forms: [TaskField: Form] = [.completed: .date, .area: .list, .project: .wikilinks,
                                        .blockedBy: .dependencies, .reminders: .reminders,
                                        .timeEntries: .timeEntries]
        // The parts are fixed and consistent; the fallback is never taken.
        return (try? FieldMap(keys: keys, values: values, forms: forms, hiddenTags: ["task"])) ?? FieldMap.identity
    }()

    /// A map that changes nothing.
    static let identity: FieldMap = {
        var byKey: [String: TaskField] = [:]
        for field in TaskField.allCases { byKey[field.key] = field }
        return FieldMap(unchecked: byKey)
    }()

    private init(unchecked byKey: [String: TaskField]) {
        keys = [:]
        values = [:]
        forms = [:]
        hiddenTags = []
        fieldByKey = byKey
    }

    /// Presets by name.
    public static let presets: [String: FieldMap] = ["tasknotes": tasknotes]

    // MARK: - Keys and values

    /// The field a file key holds under this map, or nil for a key the map does not read.
    @inline(__always)
    public func field(forKey key: String) -> TaskField? { fieldByKey[key] }

    /// The key `field` is written under.
    public func key(for field: TaskField) -> String { keys[field] ?? field.key }

    /// Our value for the other tool's `text` (case-insensitive), or `text` itself.
    public func ours(_ field: TaskField, _ text: String) -> String {
        guard let pairs = values[field] else { return text }
        let folded = text.trimmingCharacters(in: .whitespaces).lowercased()
        return pairs.first { $0.theirs.lowercased() == folded }?.ours ?? text
    }

    /// The other tool's value for our `text`, or `text` itself.
    public func theirs(_ field: TaskField, _ text: String) -> String {
        values[field]?.first { $0.ours == text }?.theirs ?? text
    }

    /// The value written to a file for `field`: names, forms and hidden tags applied. Nil
    /// removes the key (except `tags` with hidden tags, which are always written).
    public func outgoing(_ field: TaskField, _ value: FieldValue?, timeZone: TimeZone) -> FieldValue? {
        if field == .tags, !hiddenTags.isEmpty {
            var items = hiddenTags
            if case let .list(tags)? = value { items += tags.filter { !isHidden($0) } }
            return .list(items)
        }
        guard let value else { return nil }
        switch (value, forms[field] ?? .plain) {
        case let (.string(s), .list): return .list([theirs(field, s)])
        case let (.string(s), .wikilinks): return .list(["[[" + s + "]]"])
        case let (.dateTime(t), .date): return .date(LocalDate(t, in: timeZone))
        case let (.list(items), .dependencies): return .list(items.map(FieldMap.dependency))
        case let (.list(items), .reminders): return .list(items.map(FieldMap.reminderObject))
        case let (.list(items), .timeEntries): return .list(items.map { TimeEntry($0)?.writtenForTaskNotes ?? $0 })
        case let (.string(s), _): return .string(theirs(field, s))
        default: return value
        }
    }

    /// The value a task holds after `value` was written with ``outgoing(_:_:timeZone:)`` and
    /// read back: a date-time written as a date becomes local midnight, hidden tags disappear.
    public func stored(_ field: TaskField, _ value: FieldValue?, timeZone: TimeZone) -> FieldValue? {
        switch (value, forms[field] ?? .plain) {
        case let (.dateTime(t)?, .date): return .dateTime(LocalDate(t, in: timeZone).startOfDay(in: timeZone))
        case let (.list(tags)?, _) where field == .tags && !hiddenTags.isEmpty: return .list(tags.filter { !isHidden($0) })
        case let (.list(items)?, .dependencies): return .list(items.map(FieldMap.dependency))
        case let (.list(items)?, .reminders): return .list(items.map(FieldMap.reminderObject))
        default: return value
        }
    }

    /// A reminder as TaskNotes' reminder object, its `id` made from the reminder so that writing
    /// it twice gives the same object; an object is kept as it is.
    static func reminderObject(_ item: String) -> String {
        guard !TaskReference.isObjectForm(item), let reminder = TaskReminder(item) else { return item }
        let id = "rem_" + SHA256.hex(Array(reminder.written.utf8)).prefix(8)
        switch reminder.when {
        case let .relative(minutes, anchor):
            return TaskReference.objectForm([("id", id), ("type", "relative"), ("relatedTo", anchor.rawValue),
                                             ("offset", TaskReminder.iso(minutes: minutes))])
        case let .absolute(date, time):
            return TaskReference.objectForm([("id", id), ("type", "absolute"), ("absoluteTime", "\(date)T\(time):00")])
        case let .instant(instant):
            return TaskReference.objectForm([("id", id), ("type", "absolute"), ("absoluteTime", DateTimeFormat.string(instant))])
        }
    }

    /// A reference as TaskNotes' dependency object; an object is kept as it is.
    static func dependency(_ item: String) -> String {
        if TaskReference.isObjectForm(item) { return item }
        var name = TaskReference(item).target
        if name.lowercased().hasSuffix(".md") { name = String(name.dropLast(3)) }
        return TaskReference.objectForm([("uid", "[[\(name)]]"), ("reltype", "FINISHTOSTART")])
    }

    /// Whether `tag` is one of the hidden tags (case-insensitive).
    public func isHidden(_ tag: String) -> Bool {
        hiddenTags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
    }

    /// A short text that changes whenever the map does (the index is rebuilt when it changes).
    public var fingerprint: String {
        var parts: [String] = []
        for field in TaskField.allCases {
            var part = ""
            if let key = keys[field] { part += "=" + key }
            if let form = forms[field] { part += "/" + form.rawValue }
            if let pairs = values[field] { part += "{" + pairs.map { $0.ours + ">" + $0.theirs }.joined(separator: ",") + "}" }
            if !part.isEmpty { parts.append(field.key + part) }
        }
        if !hiddenTags.isEmpty { parts.append("hidden:" + hiddenTags.joined(separator: ",")) }
        return "fieldmap(" + parts.joined(separator: ";") + ")"
    }

    // MARK: - Settings

    /// The map `.todomd/config.json` asks for under `"field_map"`, or nil when it asks for none.
    ///
    /// Keys of `field_map`: `preset` (a name in ``presets``), any §3 key with the other tool's
    /// key as its value, `values` (`{field: {ours: theirs}}`), `forms` (`{field: form}`) and
    /// `hidden_tags` (a list). Explicit entries win over the preset's.
    /// - Throws: ``FieldMapError`` naming the entry that cannot be used.
    public init?(settings: JSONValue) throws {
        guard let spec = settings["field_map"], !spec.isNull else { return nil }
        guard let entries = spec.objectValue else { throw FieldMap.problem("expected an object") }
        var base = FieldMap.identity
        if let preset = spec["preset"] {
            guard let name = preset.stringValue, let found = FieldMap.presets[name.lowercased()] else {
                let known = FieldMap.presets.keys.sorted().joined(separator: ", ")
                throw FieldMap.problem("unknown preset `\(preset.stringValue ?? preset.compact())` (known: \(known))")
            }
            base = found
        }
        var keys = base.keys
        var values = base.values
        var forms = base.forms
        var hidden = base.hiddenTags
        for (name, value) in entries {
            switch name {
            case "preset": continue
            case "values":
                guard let perField = value.objectValue else { throw FieldMap.problem("`values` must be an object") }
                for (fieldName, table) in perField {
                    let field = try FieldMap.field(named: fieldName, in: "values")
                    guard let pairs = table.objectValue else {
                        throw FieldMap.problem("`values.\(fieldName)` must be an object of our value to theirs")
                    }
                    values[field] = try pairs.map { ours, theirs in
                        guard let text = theirs.stringValue else {
                            throw FieldMap.problem("`values.\(fieldName).\(ours)` must be text")
                        }
                        return ValuePair(ours: ours, theirs: text)
                    }
                }
            case "forms":
                guard let perField = value.objectValue else { throw FieldMap.problem("`forms` must be an object") }
                for (fieldName, formName) in perField {
                    let field = try FieldMap.field(named: fieldName, in: "forms")
                    guard let form = formName.stringValue.flatMap(Form.init(rawValue:)) else {
                        let known = Form.allCases.map(\.rawValue).joined(separator: ", ")
                        throw FieldMap.problem("`forms.\(fieldName)` must be one of \(known)")
                    }
                    forms[field] = form
                }
            case "hidden_tags":
                guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                    throw FieldMap.problem("`hidden_tags` must be a list of text")
                }
                hidden = list.compactMap(\.stringValue)
            default:
                let field = try FieldMap.field(named: name, in: nil)
                guard let key = value.stringValue else {
                    throw FieldMap.problem("`\(name)` must name the other tool's key as text")
                }
                keys[field] = key
            }
        }
        try self.init(keys: keys, values: values, forms: forms, hiddenTags: hidden)
    }

    /// The map of the vault at `folder`, read from `.todomd/config.json`; nil without one.
    ///
    /// - Throws: when the file asks for a map that cannot be used, or holds a `field_map` but
    ///   is not valid JSON (files must not be read, let alone edited, with the wrong names).
    public static func load(from folder: VaultFolder) throws -> FieldMap? {
        try FieldMap(settings: SideFile<VaultSettings>(folder: folder, index: nil).load().value.json)
    }

    static func field(named name: String, in section: String?) throws -> TaskField {
        guard let field = TaskField(key: name) else {
            let place = section.map { "`\($0).\(name)`" } ?? "`\(name)`"
            throw FieldMap.problem("\(place) is not a task field (use the §3 keys: title, due, project, …)")
        }
        return field
    }

    static func problem(_ text: String) -> FieldMapError {
        FieldMapError(reason: text)
    }
}
