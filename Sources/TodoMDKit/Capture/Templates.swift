import Foundation

/// A template (§26): `.templates/NAME.md`, a task file used as a pattern, or `.templates/NAME/`,
/// a folder of task files whose `parent` fields point at each other (a project template).
public struct TaskTemplate: Sendable, Equatable {
    /// The file's stem or the folder's name.
    public var name: String
    /// The template's (root) title, placeholders unfilled.
    public var title: String
    /// How many tasks using it creates.
    public var count: Int
    /// Whether it is a folder of tasks.
    public var isProject: Bool
    /// Whether its title names `{{title}}`, so that using it needs the words for it.
    public var needsTitle: Bool {
        TemplatePlaceholders.mentionsTitle(title)
    }

    public var json: JSONValue {
        .object([("name", .string(name)), ("title", .string(title)), ("tasks", .number(Double(count))),
                 ("project", .bool(isProject)), ("needs_title", .bool(needsTitle))])
    }
}

/// Filling a template's placeholders: `{{today}}`, `{{tomorrow}}`, `{{date:+7d}}` (also `-3d`,
/// `+2w`, `+1m`), `{{title}}`. Unknown placeholders stay as written.
public enum TemplatePlaceholders {
    /// What stands for `{{title}}` while a template file is decoded: the title is put in the
    /// decoded texts afterwards, so quotes, backslashes or a colon in it can never change the
    /// file's YAML. Private-use characters, valid in any YAML scalar, quoted or not.
    static let titleToken = "\u{E000}title\u{E001}"

    /// Whether `text` names `{{title}}` (any case, spaces inside the braces allowed).
    public static func mentionsTitle(_ text: String) -> Bool {
        fill(text, today: LocalDate(dayNumber: 0), title: titleToken).contains(titleToken)
    }

    public static func fill(_ text: String, today: LocalDate, title: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            out += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].range(of: "}}") else {
                out += rest[open.lowerBound...]
                return out
            }
            let name = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            out += value(name, today: today, title: title) ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return out + rest
    }

    static func value(_ name: String, today: LocalDate, title: String) -> String? {
        switch name.lowercased() {
        case "today": return today.description
        case "tomorrow": return today.adding(days: 1).description
        case "yesterday": return today.adding(days: -1).description
        case "title": return title
        default: break
        }
        guard name.lowercased().hasPrefix("date:") else { return nil }
        var offset = name.dropFirst(5).trimmingCharacters(in: .whitespaces).lowercased()
        let sign = offset.hasPrefix("-") ? -1 : 1
        if offset.hasPrefix("-") || offset.hasPrefix("+") { offset.removeFirst() }
        guard let unit = offset.last, let n = Int(offset.dropLast()), n < 10_000 else { return nil }
        switch unit {
        case "d": return today.adding(days: sign * n).description
        case "w": return today.adding(days: sign * 7 * n).description
        case "m": return today.adding(months: sign * n).description
        case "y": return today.adding(months: sign * 12 * n).description
        default: return nil
        }
    }
}

extension Vault {
    /// The folder templates live in.
    public static let templatesFolder = ".templates"

    /// The vault's templates, by name.
    public func templates() throws -> [TaskTemplate] {
        let base = folder.path(Vault.templatesFolder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: base)) ?? []
        var out: [TaskTemplate] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: base + "/" + name, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                guard let tasks = try? templateTasks(name), let root = tasks.first(where: { $0.parentIndex == nil }) else { continue }
                out.append(TaskTemplate(name: name, title: root.task.title, count: tasks.count, isProject: true))
            } else if name.lowercased().hasSuffix(".md") {
                let stem = String(name.dropLast(3))
                guard let tasks = try? templateTasks(stem), let task = tasks.first else { continue }
                out.append(TaskTemplate(name: stem, title: task.task.title, count: 1, isProject: false))
            }
        }
        // By name: "visit" before "visit-2", which its file name "visit-2.md" sorts before.
        return out.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
    }

    /// A template's tasks, read with placeholders unfilled (for listing), each with the index of
    /// its parent among them.
    func templateTasks(_ name: String, today: LocalDate? = nil, title: String? = nil) throws
        -> [(task: TodoTask, parentIndex: Int?, file: String)] {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw TodoError.invalidValue(field: "template", value: name, reason: "a template's name (see `todomd template list`)")
        }
        let base = Vault.templatesFolder + "/" + name
        var files: [String]
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path(base), isDirectory: &isFolder), isFolder.boolValue {
            files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path(base))) ?? [])
                .filter { $0.lowercased().hasSuffix(".md") && !$0.hasPrefix(".") }.sorted().map { base + "/" + $0 }
        } else if folder.exists(base + ".md") {
            files = [base + ".md"]
        } else {
            throw TodoError.invalidValue(field: "template", value: name, reason: "no such template (see `todomd template list`)")
        }
        guard !files.isEmpty else {
            throw TodoError.invalidValue(field: "template", value: name, reason: "the template folder holds no task files")
        }
        var tasks: [(TodoTask, String)] = []
        for id in files.prefix(200) {
            let snapshot = try folder.read(id)
            var text = String(decoding: snapshot.bytes, as: UTF8.self)
            let token = TemplatePlaceholders.titleToken
            if let today { text = TemplatePlaceholders.fill(text, today: today, title: token) }
            switch TaskFileCodec.decode(Array(text.utf8), id: id, fileModified: clock.now, timeZone: clock.timeZone) {
            case var .task(task):
                if today != nil { task.replaceText(token, with: title ?? "") }
                tasks.append((task, id))
            case let .unparseable(reason): throw TodoError.unparseable(path: id, reason: reason)
            }
        }
        // Parents among the template's own files: by file name or stem, or a wikilink to one.
        func index(of reference: String?) -> Int? {
            guard let reference else { return nil }
            let target = TaskReference(reference).target.lowercased()
            return tasks.firstIndex { item in
                let file = (item.1 as NSString).lastPathComponent.lowercased()
                return file == target || String(file.dropLast(3)) == target
            }
        }
        return tasks.map { ($0.0, index(of: $0.0.parent), $0.1) }
    }

    /// New tasks from template `name` (§26), added in order, parents before their subtasks. `text`
    /// (a quick-entry line) sets the (root) task's §12 fields, and its words are the title:
    /// `{{title}}` everywhere in the template, and the root's title itself, or, when that title
    /// names `{{title}}` ("Trip to {{title}}"), what fills it. Without words, `{{title}}` is the
    /// root's own title, and a root title that needs them is an error. New tasks get `created`
    /// now and `source`, never the template's.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for an unknown template, or one
    ///   whose title names `{{title}}` when `text` has no title.
    public func addFromTemplate(_ name: String, text: String?, source: String, dryRun: Bool = false) throws -> [TodoTask] {
        let line = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let parsed = line.isEmpty ? nil : try parseQuickEntry(line)
        let unfilled = try templateTasks(name)
        let pattern = unfilled.first(where: { $0.parentIndex == nil })?.task.title ?? name
        let needsTitle = TemplatePlaceholders.mentionsTitle(pattern)
        let typed = parsed.map(\.title).flatMap { $0.isEmpty ? nil : $0 }
        if needsTitle, typed == nil {
            throw TodoError.invalidValue(field: "template", value: name, reason:
                "its title “\(pattern)” needs the words for {{title}}: give a title with the template")
        }
        let titleWords = typed ?? TemplatePlaceholders.fill(pattern, today: clock.today, title: "")
        let items = try templateTasks(name, today: clock.today, title: titleWords)
        // The template's task a `blocked_by` item names, by its file's name (or the start of it).
        let files = items.map { ($0.file as NSString).lastPathComponent.lowercased() }
        func sibling(_ reference: String) -> Int? {
            let target = TaskReference(reference).target.lowercased()
            return files.firstIndex { $0 == target || $0 == target + ".md" } ?? files.firstIndex { $0.hasPrefix(target) }
        }
        // Parents and blockers first: a template's order is its files' names, not its tree.
        let order = Vault.creationOrder(count: items.count, parent: { items[$0].parentIndex },
                                        blockers: { items[$0].task.blockedBy.compactMap(sibling) })
        var created: [Int: TodoTask] = [:]
        var out: [TodoTask] = []
        for i in order {
            var task = items[i].task
            task.id = ""
            task.created = clock.now
            task.modified = nil
            task.completed = nil
            task.source = source
            task.warnings = []
            if task.status.isClosed { task.status = .todo }
            if let p = items[i].parentIndex, p != i {
                task.parent = created[p]?.id
            } else {
                task.parent = nil
                if let parsed {
                    // The line's words are the title (or fill it); its fields win over the template's.
                    if !needsTitle, let typed { task.title = typed }
                    var changes = TaskChanges()
                    for spec in TaskFieldSpec.table where spec.role == .user && spec.field != .title && spec.field != .source {
                        if let value = spec.value(of: parsed.draft), value != spec.defaultValue {
                            if case let .list(items) = value, items.isEmpty { continue }
                            changes.set(spec.field, value)
                        }
                    }
                    task.apply(changes)
                }
            }
            // A dependency on a sibling of the template becomes one on its new copy.
            task.blockedBy = task.blockedBy.map { reference in sibling(reference).flatMap { created[$0]?.id } ?? reference }
            do {
                let added = try add(task, dryRun: dryRun)
                created[i] = added
                out.append(added)
            } catch {
                // A subtask refused (a blocker named that no task is): the tasks made so far go too.
                if !dryRun { takeBack(out.map(\.id), indexed: true) }
                throw error
            }
        }
        return out
    }

    /// Removes the files a call wrote before it failed, so that nothing half-made stays: each
    /// removal in the audit log, the index told when they were tasks.
    func takeBack(_ ids: [String], indexed: Bool) {
        for id in ids.reversed() where (try? folder.remove(id)) != nil {
            folder.audit?.recordRemoval(id)
        }
        if indexed { try? index.refresh(ids, in: folder, timeZone: clock.timeZone) }
    }
}

extension TodoTask {
    /// Replaces `token` with `value` in every text the task holds: its title, area, project,
    /// tags, description, body and unknown fields.
    mutating func replaceText(_ token: String, with value: String) {
        func replaced(_ text: String) -> String { text.contains(token) ? text.replacingOccurrences(of: token, with: value) : text }
        func replaced(_ json: JSONValue) -> JSONValue {
            switch json {
            case let .string(text): return .string(replaced(text))
            case let .array(items): return .array(items.map(replaced))
            case let .object(pairs): return .object(pairs.map { ($0.0, replaced($0.1)) })
            default: return json
            }
        }
        title = replaced(title)
        area = area.map(replaced)
        project = project.map(replaced)
        tags = tags.map(replaced)
        description = description.map(replaced)
        body = replaced(body)
        extra = extra.map { ExtraField($0.key, replaced($0.value)) }
    }
}
