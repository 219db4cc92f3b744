import Foundation

extension Vault {
    /// Saves task `id` as template `name` (§26), the way a template is written by hand: a task
    /// without subtasks as `.templates/NAME.md`, one with subtasks as `.templates/NAME/` holding
    /// it and every descendant, their `parent` and `blocked_by` pointing at each other's files.
    ///
    /// A template is a pattern, so it keeps what the task is (its title, fields, unknown keys and
    /// notes) and leaves out what happened to it: status (unless someday), times tracked, the
    /// planner's keys, `created`, `source`, a snooze; checklist items are unchecked. Dates become
    /// placeholders relative to today (due in 4 days → `{{date:+4d}}`), so each use is as far
    /// ahead as the task was.
    ///
    /// - Parameter name: the template's name; nil or blank for the task title's slug.
    /// - Returns: the new template, as ``templates()`` lists it.
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for a name that is not a file
    ///   name or is taken (nothing is overwritten), ``TodoError/taskNotFound(_:)``.
    public func saveTemplate(from id: String, name: String?) throws -> TaskTemplate {
        let tree = try taskTree(id)
        let root = tree.tasks[0]
        let given = name?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let chosen = given.isEmpty ? Slug.make(root.title) : given
        guard !chosen.contains("/"), !chosen.hasPrefix("."), !chosen.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              chosen.utf8.count <= 200 else {
            throw TodoError.invalidValue(field: "name", value: chosen, reason: "a template's name is a file name: no `/`, not starting with `.`")
        }
        let stem = chosen.lowercased().hasSuffix(".md") ? String(chosen.dropLast(3)) : chosen
        let base = Vault.templatesFolder + "/" + stem
        // Taken in any case: "Venue" beside "venue" would be one template on a vault synced to
        // a file system that ignores case, and two names for a reader of the list.
        let existing = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path(Vault.templatesFolder))) ?? [])
            .map { ($0.lowercased().hasSuffix(".md") ? String($0.dropLast(3)) : $0).lowercased() }
        guard !existing.contains(stem.lowercased()), !folder.exists(base), !folder.exists(base + ".md") else {
            throw TodoError.invalidValue(field: "name", value: stem, reason: "a template of that name exists: choose another name")
        }
        // Each task's file in the template: its title's slug, made unique among them.
        var names: [String] = []
        var taken = Set<String>()
        for t in tree.tasks {
            let own = Slug.make(t.title)
            var candidate = own
            var n = 2
            while taken.contains(candidate.lowercased()) {
                candidate = "\(own)-\(n)"
                n += 1
            }
            taken.insert(candidate.lowercased())
            names.append(candidate)
        }
        let single = tree.tasks.count == 1
        let files = tree.tasks.indices.map { i in
            (path: single ? base + ".md" : base + "/" + names[i] + ".md",
             bytes: TaskFileCodec.encodeTemplate(tree.tasks[i], today: clock.today, parent: tree.parents[i].map { names[$0] },
                                                 blockedBy: tree.blockedBy(i) { names[$0] }))
        }
        var written: [String] = []
        do {
            for file in files {
                try folder.write(file.bytes, to: file.path, expected: nil)
                written.append(file.path)
            }
        } catch {
            // Nothing half-made: the files written so far go, and the folder if they were all.
            takeBack(written, indexed: false)
            if !single { _ = rmdir(folder.path(base)) }
            throw error
        }
        return TaskTemplate(name: stem, title: root.title, count: tree.tasks.count, isProject: !single)
    }
}

extension TaskFileCodec {
    /// The template file (§26) for `task`: its title and what a user set, in canonical form, with
    /// dates as `{{date:±Nd}}` from `today`, and `parent` and `blocked_by` as given. Status only
    /// when someday; no `created`, `source`, tracked time, snooze or planner keys; unknown keys
    /// kept; the body's checklist unchecked.
    static func encodeTemplate(_ task: TodoTask, today: LocalDate, parent: String?, blockedBy: [String]) -> [UInt8] {
        func placeholder(_ date: LocalDate) -> String {
            let days = today.days(until: date)
            return days == 0 ? "{{today}}" : "{{date:\(days > 0 ? "+" : "")\(days)d}}"
        }
        let left: Set<TaskField> = [.source, .timeEntries, .snoozedUntil]
        var lines = ["---"]
        for spec in TaskFieldSpec.table where spec.role == .user && !left.contains(spec.field) {
            var value = spec.value(of: task)
            if spec.field == .parent { value = parent.map(FieldValue.string) }
            if spec.field == .blockedBy { value = .list(blockedBy) }
            guard let value, value != spec.defaultValue else { continue }
            if spec.field == .status, task.status != .someday { continue }
            switch value {
            case let .date(d): lines.append("\(spec.key): \"\(placeholder(d))\"")
            case let .timed(d, t): lines.append("\(spec.key): \"\(placeholder(d))T\(t)\"")
            case let .list(items) where items.isEmpty: continue
            case .null: continue
            default: lines.append(contentsOf: render(spec.key, value, kind: spec.kind))
            }
        }
        for extra in task.extra where TaskField(rawValue: extra.key) == nil {
            lines.append("\(mappingKey(extra.key)): \(flow(extra.value))")
        }
        lines.append("---")
        var body = task.body
        for (n, item) in Checklist.items(in: body).enumerated() where item.checked {
            body = (try? Checklist.setting(n + 1, checked: false, in: body)) ?? body
        }
        var text = lines.joined(separator: "\n") + "\n"
        if !body.isEmpty { text += "\n" + body }
        return Array(text.utf8)
    }
}

extension Vault {
    /// The folder a deleted template goes to: in the trash, beside the deleted tasks and notes,
    /// but not among what the trash lists (a template is not a task to put back in the vault).
    public static let trashedTemplatesFolder = ".trash/Templates"

    /// Moves template `name` (§26) — its file or its folder — to `.trash/Templates/`, from where
    /// it can be taken back by hand; returns where it went (`-2`, … when that name is taken). A
    /// template that does not read is deleted too.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for a name that is no template.
    @discardableResult
    public func deleteTemplate(_ name: String) throws -> String {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw TodoError.invalidValue(field: "template", value: name, reason: "a template's name (see `todomd template list`)")
        }
        let base = Vault.templatesFolder + "/" + name
        let file = folder.exists(base + ".md")
        guard file || folder.exists(base) else {
            throw TodoError.invalidValue(field: "template", value: name, reason: "no such template (see `todomd template list`)")
        }
        let suffix = file ? ".md" : ""
        var destination = Vault.trashedTemplatesFolder + "/" + name + suffix
        var n = 2
        while folder.exists(destination) {
            destination = Vault.trashedTemplatesFolder + "/\(name)-\(n)" + suffix
            n += 1
        }
        try folder.move(base + suffix, to: destination)
        return destination
    }
}
