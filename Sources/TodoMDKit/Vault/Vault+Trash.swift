import Foundation

/// One task file a delete moved to `.trash/` (§5): the task's id before, and where it went.
///
/// A client keeps these (the web app's "Undo" toast holds their JSON) and gives them back to
/// ``Vault/restore(_:)``, as with a ``CompletionReceipt``: the server remembers nothing.
public struct TrashedTask: Sendable, Equatable {
    /// The task's id before the delete (its path in the vault); empty when not known: the
    /// restore then takes it from the trash's listing (``Vault/trashContents()``).
    public var id: String
    /// Where its file went: `.trash/NAME`.
    public var trashedTo: String
    /// The subtasks a delete with ``SubtaskPolicy/keep`` released (their `parent` cleared): the
    /// restore makes them its subtasks again.
    public var keptSubtasks: [String]

    public init(id: String, trashedTo: String, keptSubtasks: [String] = []) {
        self.id = id
        self.trashedTo = trashedTo
        self.keptSubtasks = keptSubtasks
    }

    /// `{"id", "trashed_to"}`, and `"kept_subtasks": [id…]` when there are any.
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("id", .string(id)), ("trashed_to", .string(trashedTo))]
        if !keptSubtasks.isEmpty { pairs.append(("kept_subtasks", .array(keptSubtasks.map(JSONValue.string)))) }
        return .object(pairs)
    }

    /// Reads ``json`` back.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming a key that is missing or
    ///   not text.
    public init(json: JSONValue) throws {
        func text(_ key: String, _ what: String) throws -> String {
            guard let value = json[key]?.stringValue, !value.isEmpty else {
                throw TodoError.invalidValue(field: key, value: json[key]?.compact() ?? "", reason: what)
            }
            return value
        }
        // No id (or null): back where the trash's listing says it was (``Vault/restore(_:)``).
        let id: String
        switch json["id"] {
        case nil, .null?: id = ""
        default: id = try text("id", "the deleted task's id")
        }
        var kept: [String] = []
        if let given = json["kept_subtasks"], given != .null {
            let items = given.arrayValue ?? []
            kept = items.compactMap(\.stringValue)
            guard given.arrayValue != nil, kept.count == items.count else {
                throw TodoError.invalidValue(field: "kept_subtasks", value: given.compact(), reason: "a list of task ids")
            }
        }
        self.init(id: id, trashedTo: try text("trashed_to", "where the delete moved it (.trash/NAME)"),
                  keptSubtasks: kept)
    }
}

extension Vault {
    /// Deletes tasks `ids` as ``delete(_:subtasks:)`` does, answering every file moved to
    /// `.trash/`: for each task its descendants first (with ``SubtaskPolicy/include``), then the
    /// task. Every task is checked first: one that is gone, or (with ``SubtaskPolicy/refuse``)
    /// has an open subtask that is not among `ids`, and nothing moves. With
    /// ``SubtaskPolicy/refuse`` subtasks among `ids` go before their parents; a task already
    /// trashed with an earlier one's subtasks, or named twice, is moved once.
    public func trash(_ ids: [String], subtasks: SubtaskPolicy = .refuse) throws -> [TrashedTask] {
        let named = Set(ids)
        var depth: [String: Int] = [:]
        for id in ids {
            _ = try read(id)
            let open = try openDescendants(of: id)
            if subtasks == .refuse, open.contains(where: { !named.contains($0.id) }) {
                throw TodoError.openSubtasks(id, action: .delete, open: open.map(\.id))
            }
            // How far below the top it is, through parents that resolve (a cycle is cut).
            var seen: Set<String> = [id]
            var parent = try index.links(of: id).parentID
            while let p = parent, seen.insert(p).inserted { parent = try index.links(of: p).parentID }
            depth[id] = seen.count
        }
        // Deepest first; equal depths in the order given.
        let order = subtasks != .refuse ? ids : ids.enumerated().sorted {
            (depth[$0.element, default: 0], -$0.offset) > (depth[$1.element, default: 0], -$1.offset)
        }.map(\.element)
        var moved: [TrashedTask] = []
        for id in order where !moved.contains(where: { $0.id == id }) {
            // The subtasks a keeping delete releases, for its undo.
            let kept = subtasks == .keep ? try index.links(of: id).children : []
            try delete(id, subtasks: subtasks) {
                moved.append(TrashedTask(id: $0, trashedTo: $1, keptSubtasks: $0 == id ? kept : []))
            }
        }
        return moved
    }

    /// ``trash(_:subtasks:)`` of one task.
    public func trash(_ id: String, subtasks: SubtaskPolicy = .refuse) throws -> [TrashedTask] {
        try trash([id], subtasks: subtasks)
    }

    /// Undoes a delete (§5: a deleted task is restorable): each file goes back from `.trash/` to
    /// its id, or, when another file has taken that path since, to a free name beside it
    /// (`name-2.md`, …). An empty id is the task's path before as the trash's listing gives it
    /// (``TrashEntry/formerID``), else its name at the top of the vault. The subtasks a keeping
    /// delete released (``TrashedTask/keptSubtasks``) get the task as their `parent` again, each
    /// one that still has no parent (one given another since, or gone, is left as it is).
    ///
    /// Every item is checked before any file moves (its names, that its file is still in the
    /// trash, that no file is named twice), so bad input changes nothing.
    ///
    /// - Returns: the restored tasks, in the order given.
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` when a `trashed_to` is not a
    ///   Markdown file directly in `.trash/`, or an id is not a task's path (hidden folders,
    ///   `..`, no `.md`) or a file is named twice; ``TodoError/notInTrash(_:)`` when a file
    ///   is no longer in the trash; ``TodoError/unparseable(path:reason:)`` when it is not a
    ///   task file (too large, no frontmatter…).
    public func restore(_ items: [TrashedTask]) throws -> [TodoTask] {
        var seen: Set<String> = []
        let origins = items.contains { $0.id.isEmpty } ? AuditLog.trashOrigins(root: folder.root) : [:]
        let trashed = items.map { item in
            guard item.id.isEmpty else { return item }
            let name = item.trashedTo.split(separator: "/").last.map(String.init) ?? item.trashedTo
            return TrashedTask(id: origins[item.trashedTo]?.id ?? name, trashedTo: item.trashedTo)
        }
        for item in trashed {
            guard seen.insert(item.trashedTo).inserted else {
                throw TodoError.invalidValue(field: "trashed_to", value: item.trashedTo, reason: "each file once")
            }
            try Vault.checkTrashPath(item.trashedTo, in: [".trash"])
            for (field, id) in [("id", item.id)] + item.keptSubtasks.map({ ("kept_subtasks", $0) }) {
                let parts = id.split(separator: "/", omittingEmptySubsequences: false)
                guard id.hasSuffix(".md"), !id.hasPrefix("/"), parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }),
                      parts.first != Substring(Note.folder) else {
                    throw TodoError.invalidValue(field: field, value: id, reason: "a task's path in the vault")
                }
            }
            guard folder.exists(item.trashedTo) else { throw TodoError.notInTrash(item.trashedTo) }
            // Only a task goes back (another program's file in the trash is moved by hand).
            if case let .unparseable(reason) = decodeTrashed(item.trashedTo) {
                throw TodoError.unparseable(path: item.trashedTo, reason: reason)
            }
        }
        var restored: [String] = []
        for item in trashed {
            let slash = item.id.lastIndex(of: "/")
            let destination = try freeName(in: slash.map { String(item.id[..<$0]) } ?? "",
                                           for: slash.map { String(item.id[item.id.index(after: $0)...]) } ?? item.id)
            try folder.move(item.trashedTo, to: destination)
            restored.append(destination)
        }
        try index.refresh(restored, in: folder, timeZone: clock.timeZone)
        for (item, destination) in zip(trashed, restored) where !item.keptSubtasks.isEmpty {
            var changes = TaskChanges()
            changes.set(.parent, .string(try writtenReference(to: destination)))
            for child in item.keptSubtasks {
                guard let task = try? read(child).0, task.parent == nil else { continue }
                _ = try? update(child, changes)
            }
        }
        return try restored.map { try read($0).0 }
    }
}

/// A file in `.trash/` (§5), as the trash lists it: a deleted task (directly in `.trash/`) or
/// note (in `.trash/Notes/`), where it was and when it went.
public struct TrashEntry: Sendable, Equatable {
    /// What was deleted.
    public enum Kind: String, Sendable {
        case task, note
    }

    /// Its path now: `.trash/NAME` (a task) or `.trash/Notes/NAME` (a note).
    public var trashedTo: String
    /// A task or a note.
    public var kind: Kind
    /// Its title; the file's name when the file does not read as a task (or note).
    public var title: String
    /// A task's status; nil for a note, or a file that does not read as a task.
    public var status: TaskStatus?
    /// Whether the file reads as what it is (a task file, a note): only then can it go back.
    public var readable: Bool
    /// Its path before the delete, as `.todomd/audit.jsonl` recorded it; nil when no entry
    /// says (another program put it there, or the log was removed).
    public var formerID: String?
    /// When it was deleted: the log's time, else when the file last changed status.
    public var deleted: Date

    public init(trashedTo: String, kind: Kind = .task, title: String, status: TaskStatus?, readable: Bool? = nil,
                formerID: String?, deleted: Date) {
        self.trashedTo = trashedTo
        self.kind = kind
        self.title = title
        self.status = status
        self.readable = readable ?? (kind == .note || status != nil)
        self.formerID = formerID
        self.deleted = deleted
    }

    /// `{"trashed_to", "kind", "id", "title", "status" (null), "readable", "deleted"}`. A task's
    /// `id` is its path before (null when not known), and the item is what
    /// ``TrashedTask/init(json:)`` takes back for a restore; a note's `id` is the note id it goes
    /// back under (``noteID``), as `POST /notes/restore` takes it.
    public var json: JSONValue {
        .object([("trashed_to", .string(trashedTo)), ("kind", .string(kind.rawValue)),
                 ("id", kind == .note ? .string(noteID) : formerID.map(JSONValue.string) ?? .null),
                 ("title", .string(title)), ("status", status.map { .string($0.rawValue) } ?? .null),
                 ("readable", .bool(readable)), ("deleted", .string(DateTimeFormat.string(deleted)))])
    }

    /// For a note: the id it goes back under (its old one, else its name in the trash).
    public var noteID: String {
        let path = formerID ?? trashedTo
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }
}

extension Vault {
    /// What the trash holds, most recently deleted first: the task files (the Markdown files
    /// directly in `.trash/`) and the deleted notes (in `.trash/Notes/`).
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` when `.trash` or `.trash/Notes` is a link.
    public func trashContents() throws -> [TrashEntry] {
        let tasks = try folder.markdownFiles(directlyIn: ".trash")
        let notes = try folder.markdownFiles(directlyIn: ".trash/" + Note.folder)
        guard !tasks.isEmpty || !notes.isEmpty else { return [] }
        let origins = AuditLog.trashOrigins(root: folder.root)
        let taskEntries = tasks.map { file in
            let path = ".trash/" + file.name
            var title = String(file.name.dropLast(3))
            var status: TaskStatus?
            if case let .task(task) = decodeTrashed(path, changed: file.changed) {
                title = task.title
                status = task.status
            }
            let origin = origins[path]
            return TrashEntry(trashedTo: path, title: title, status: status, formerID: origin?.id,
                              deleted: origin?.time ?? file.changed)
        }
        let noteEntries = notes.map { file in
            let path = ".trash/" + Note.folder + "/" + file.name
            var title = String(file.name.dropLast(3))
            var readable = false
            if case let .note(note) = decodeTrashedNote(path, id: title, changed: file.changed) {
                title = note.title
                readable = true
            }
            let origin = origins[path]
            return TrashEntry(trashedTo: path, kind: .note, title: title, status: nil, readable: readable,
                              formerID: origin?.id, deleted: origin?.time ?? file.changed)
        }
        return (taskEntries + noteEntries).sorted { ($0.deleted, $1.trashedTo) > ($1.deleted, $0.trashedTo) }
    }

    /// The file at `path` in `.trash/` read as a task (its name in the trash stands for its id).
    func decodeTrashed(_ path: String, changed: Date? = nil) -> TaskDecoding {
        let snapshot: FileSnapshot
        do { snapshot = try folder.read(path) } catch { return .unparseable(reason: "\(error)") }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let modified = changed ?? Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        return TaskFileCodec.decode(snapshot.bytes, id: name, fileModified: modified, timeZone: clock.timeZone,
                                    fieldMap: folder.fieldMap)
    }

    /// The file at `path` in `.trash/Notes/` read as note `id`.
    func decodeTrashedNote(_ path: String, id: String, changed: Date? = nil) -> NoteDecoding {
        let snapshot: FileSnapshot
        do { snapshot = try folder.read(path) } catch { return .unparseable(reason: "\(error)") }
        let modified = changed ?? Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        return NoteFileCodec.decode(snapshot.bytes, id: id, fileModified: modified, timeZone: clock.timeZone)
    }

    /// Throws unless `path` names a Markdown file directly in one of `folders` (`.trash`,
    /// `.trash/Notes`): no subfolder, no hidden name, no `..`.
    ///
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` naming `trashed_to`.
    static func checkTrashPath(_ path: String, in folders: [String]) throws {
        let inside = folders.contains { folder in
            guard path.hasPrefix(folder + "/") else { return false }
            let name = path.dropFirst(folder.count + 1)
            return !name.isEmpty && !name.contains("/") && !name.hasPrefix(".") && name.hasSuffix(".md")
        }
        guard inside else {
            throw TodoError.invalidValue(field: "trashed_to", value: path, reason: "a Markdown file directly in "
                + folders.map { $0 + "/" }.joined(separator: " or "))
        }
    }

    /// Finds a deleted task or note from a user's reference: its path (`.trash/NAME`,
    /// `.trash/Notes/NAME`), its name with or without `.md` (a task's first, then a note's), or
    /// words of its title (case and accents ignored). The first of these with any match decides.
    ///
    /// - Throws: ``TodoError/notInTrash(_:)`` when nothing matches (naming `.trash/NAME` for a
    ///   reference ending in `.md`); ``TodoError/ambiguousReference(_:candidates:)`` when
    ///   several titles do.
    public func trashed(_ reference: String) throws -> TrashEntry {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        let path = ref.hasPrefix(".trash/") ? ref : ".trash/" + ref
        let entries = try trashContents()
        let steps: [(TrashEntry) -> Bool] = [
            { $0.trashedTo == path || $0.trashedTo == path + ".md" },
            { $0.kind == .note && ($0.trashedTo == ".trash/Notes/" + ref || $0.trashedTo == ".trash/Notes/" + ref + ".md") },
            { !ref.isEmpty && $0.title.range(of: ref, options: [.caseInsensitive, .diacriticInsensitive]) != nil },
        ]
        for step in steps {
            let found = entries.filter(step)
            if found.count == 1 { return found[0] }
            if found.count > 1 { throw TodoError.ambiguousReference(reference, candidates: found.map(\.trashedTo)) }
        }
        throw TodoError.notInTrash(ref.hasSuffix(".md") ? path : ref)
    }

    /// Puts a deleted task or note back where it was, or at `destination` (a task's path, a
    /// note's id) — ``restore(_:)``, ``restoreNotes(_:)``.
    ///
    /// - Returns: the restored task's id, or the note's.
    /// - Throws: what those throw.
    @discardableResult
    public func restore(_ entry: TrashEntry, to destination: String? = nil) throws -> String {
        switch entry.kind {
        case .task:
            return try restore([TrashedTask(id: destination ?? "", trashedTo: entry.trashedTo)]).first?.id ?? ""
        case .note:
            return try restoreNotes([(destination ?? entry.noteID, entry.trashedTo)]).first ?? ""
        }
    }

    /// Removes deleted tasks and notes for good: `paths` (each `.trash/NAME` or
    /// `.trash/Notes/NAME`), or every file ``trashContents()`` lists when nil. Each removal is
    /// recorded in `.todomd/audit.jsonl`. Other files in `.trash/` (another program's) stay.
    ///
    /// Every path is checked before any file goes.
    ///
    /// - Returns: the paths removed.
    /// - Throws: ``TodoError/invalidValue(field:value:reason:)`` for a path that is not a
    ///   Markdown file directly in `.trash/` or `.trash/Notes/`, or is named twice;
    ///   ``TodoError/notInTrash(_:)`` for one that is not there.
    @discardableResult
    public func emptyTrash(_ paths: [String]? = nil) throws -> [String] {
        let chosen = try paths ?? trashContents().map(\.trashedTo)
        var seen: Set<String> = []
        for path in chosen {
            try Vault.checkTrashPath(path, in: [".trash", ".trash/" + Note.folder])
            guard seen.insert(path).inserted else {
                throw TodoError.invalidValue(field: "trashed_to", value: path, reason: "each file once")
            }
            guard folder.exists(path) else { throw TodoError.notInTrash(path) }
        }
        try folder.audit?.checkWritable()
        for path in chosen {
            try folder.remove(path)
            folder.audit?.recordRemoval(path)
        }
        return chosen
    }
}
