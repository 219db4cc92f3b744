import Foundation

/// A vault: the folder of task files, its index, and the clock — everything a user can do.
///
/// Front ends (the CLI, the web server, the MCP server) parse their input, call one method here
/// and render the result. Every write is atomic and refuses to replace a file that changed.
public final class Vault: Sendable {
    public let folder: VaultFolder
    public let index: TaskIndex
    public let clock: TodoClock
    /// The vault's folder in the cache (`$XDG_CACHE_HOME/todomd/…`): the index, fetched calendars.
    public let cacheFolder: String
    /// The environment the vault was opened with (`PATH` for helper programs).
    public let environment: [String: String]
    /// What opening the vault found changed since the index last saw it.
    public let openReport: SyncReport
    /// `.todomd/config.json` as last read, reread when the file changes.
    private let settingsCache: Locked<SideFileSnapshot<VaultSettings>>

    /// Opens the vault at `path` and brings its index up to date — without walking every file
    /// when a running watcher vouches that it is (``WatcherAnswer``; `TODOMD_NO_WATCHER=1` in
    /// `environment` turns that off).
    ///
    /// - Parameters:
    ///   - indexPath: where the index lives; nil for the §2 cache location.
    ///   - progress: called while many files are parsed (done, total).
    /// - Throws: ``TodoError/noVault(_:)`` when the folder does not exist.
    ///   - actor: who this process's writes are recorded as in `.todomd/audit.jsonl` (`cli`,
    ///     `web`, `mcp:NAME`); nil records nothing.
    ///   - scanAhead: the walk of the vault's files a command started before it was parsed
    ///     (``ScanAhead``), used when the index is at the §2 cache location.
    public init(path: String, clock: TodoClock, environment: [String: String], indexPath: String? = nil,
                actor: String? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil, scanAhead: ScanAhead? = nil) throws {
        var folder = try VaultFolder(path: path)
        if let actor { folder.audit = AuditLog(root: folder.root, actor: actor, clock: clock) }
        // Settings that cannot be read stop here: a field map may rename every key.
        let settings = try SideFile<VaultSettings>(folder: folder, index: nil).load()
        settingsCache = Locked(settings)
        folder.fieldMap = try FieldMap(settings: settings.value.json)
        self.folder = folder
        self.clock = clock
        let location = indexPath ?? TaskIndex.defaultPath(forVaultAt: folder.root, environment: environment)
        cacheFolder = (location as NSString).deletingLastPathComponent
        self.environment = environment
        (index, openReport) = try TaskIndex.open(at: location, for: folder, timeZone: clock.timeZone,
                                                 variant: folder.fieldMap?.fingerprint, clock: clock, progress: progress,
                                                 watcherTimeout: WatcherAnswer.timeout(environment: environment),
                                                 scanAhead: indexPath == nil ? scanAhead : nil)
        // The last good perspectives are the last ones any command saw, even one that did not
        // read them (§10): one `stat` when nothing changed.
        sideFile(PerspectiveFile.self).refreshLastGoodCopy()
    }

    /// Creates a vault folder (and its `.todomd/` settings folder) if missing.
    ///
    /// - Throws: ``TodoError/symlinkRefused(path:)`` when the vault's `.todomd` is a link (§2).
    public static func create(at path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw TodoError.io(path: path, reason: "could not create the vault folder")
        }
        try VaultFolder(path: path).makeFolders(".todomd")
    }

    /// Brings the index up to date with the folder again (after other programs changed files),
    /// first following an index file another process replaced (``TaskIndex/followReplacement()``).
    /// Not to be confused with `todomd sync`, which exchanges tasks with PostgreSQL (§20).
    @discardableResult
    public func refreshIndex() throws -> SyncReport {
        index.followReplacement()
        return try index.sync(with: folder, timeZone: clock.timeZone)
    }

    // MARK: - Side files

    /// The settings in `.todomd/config.json` (defaults when absent). Read when the vault opens
    /// and again whenever the file has changed since (one `stat` otherwise).
    ///
    /// - Throws: ``TodoError/unreadableSideFile(path:reason:)`` when the file cannot be read:
    ///   defaults might archive, remind or share in ways the user turned off.
    public func settings() throws -> VaultSettings {
        let current = folder.quickStamp(VaultSettings.path)
        let cached = settingsCache.withLock { $0 }
        if current?.size == cached.stamp?.size, current?.mtime == cached.stamp?.mtime { return cached.value }
        let fresh = try sideFile(VaultSettings.self).load()
        settingsCache.withLock { $0 = fresh }
        return fresh.value
    }

    /// `.order.json` as read; empty, with a warning, when it cannot be read.
    public func orderFile() -> SideFileSnapshot<OrderFile> {
        (try? sideFile(OrderFile.self).load())
            ?? SideFileSnapshot(value: OrderFile(), stamp: nil)
    }

    // MARK: - Listing

    /// The tasks of a built-in view (§6), sorted and grouped.
    ///
    /// - Parameters:
    ///   - id: `inbox`, `today`, …, `area:NAME`, `project:NAME`, `tag:NAME`.
    ///   - group: overrides the view's grouping.
    ///   - sort: overrides the view's sort (with its built-in direction unless given).
    public func list(_ id: String, group: GroupKey? = nil, sort: SortKey? = nil,
                     direction: SortDirection? = nil) throws -> Listing {
        try list(ListRequest(.view(id), group: group, sort: sort, direction: direction))
    }

    /// Tasks matching `rules`, sorted and grouped; `manualKey` names the `.order.json` entry.
    ///
    /// - Parameters:
    ///   - decoding: `.json` when the caller reads only the rows' JSON: each row's task then
    ///     holds only what the sort and grouping read (a `keep` test gets whole rows).
    ///   - limit: only the first rows (``Listing/prefix(_:)``). The rows are read as `decoding`
    ///     says for those rows only, after the cut.
    public func list(rules: RuleNode, id: String, name: String, sort: SortKey, direction: SortDirection?,
                     group: GroupKey, manualKey: String, manualOrder: [String]? = nil,
                     keeping keep: ((TaskRow) -> Bool)? = nil, decoding: TaskRow.Decoding = .whole,
                     limit: Int? = nil) throws -> Listing {
        var compiler = RuleCompiler(today: clock.today, timeZone: clock.timeZone)
        // What sorting and grouping read; every sort breaks ties by `created`.
        let ordering = Set([.created] + sort.fieldsRead + group.fieldsRead)
        // The JSON's own tail reads the time entries (`time_spent_minutes`).
        var fields: Set<TaskField>?
        var form: TaskJSON.Fields?
        if case let .json(written) = decoding, keep == nil {
            fields = ordering.union([.timeEntries])
            form = written
        }
        // A listing cut to its first rows reads them as `decoding` says after the cut: at 10k
        // tasks, the first 200 rows' JSON instead of every row's 3.7 MB, or 20 whole tasks for
        // `todomd anytime --limit 20` instead of 7,000. Its first read takes only what sorting,
        // grouping and nesting need (of the links, the parent and the children); the JSON's tail
        // (the time entries), the other links and the other fields are read after the cut.
        let readAfterCut = limit != nil && keep == nil
        var order = SortOrder(sort, direction: direction)
        order.today = clock.today
        if sort == .manual || sort == .projectOrder {
            let file = orderFile().value
            order.manualOrder = manualOrder ?? file.order(for: manualKey)
            order.projectOrder = file.projects
        }
        let predicate = compiler.predicate(rules)
        var rows: [TaskRow]
        // Ungrouped, in manual or created order, SQLite can leave out the rows after the cut
        // unread; the rest are sorted and nested as every row would be.
        var total: Int?
        if readAfterCut, let limit, group == .none,
           let leading = try index.leadingRows(matching: predicate, timeZone: clock.timeZone, count: limit,
                                               order: order, fields: ordering) {
            (rows, total) = (leading.rows, leading.total)
        } else {
            rows = try index.rows(matching: predicate, timeZone: clock.timeZone,
                                  fields: readAfterCut ? ordering : fields, json: form, readingJSON: !readAfterCut)
        }
        if let keep { rows = rows.filter(keep) }
        let sorted = order.sorted(rows)
        var grouper = Grouper(group, today: clock.today, timeZone: clock.timeZone)
        grouper.now = clock.localNow
        // Parents' titles: for the `parent` group names, and the breadcrumbs of children listed
        // without their parent (§23).
        // Closures, not key paths: a key path through the row's dynamic member is applied by the
        // runtime (`swift_getAtKeyPath`) and copies the whole task for each row.
        // (A listing without subtasks, the most common, builds no set of its ids.)
        let parentIDs = rows.compactMap { $0.links.parentID }
        let inListing = parentIDs.isEmpty ? [] : Set(rows.map { $0.id })
        let absentParents = Set(parentIDs.filter { !inListing.contains($0) })
        let needed = group == .parent ? Set(parentIDs) : absentParents
        let titles = needed.isEmpty ? [:] : try index.titles(of: Array(needed))
        grouper.titles = titles
        let groups = grouper.group(sorted).map { TaskGroup(name: $0.name, tasks: Nesting.nest($0.tasks)) }
        let listing = Listing(view: id, name: name, groups: groups,
                              parents: titles.filter { absentParents.contains($0.key) || group == .parent })
        guard let limit else { return listing }
        let cut = listing.prefix(limit, of: total)
        guard readAfterCut else { return cut }
        let read = try index.rows(ids: Array(Set(cut.tasks.map { $0.id })), fields: fields, json: form)
        let byID = Dictionary(read.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // A task gone from the index between the two reads (another process's change): the
        // listing is read again, whole, and cut.
        guard let filled = cut.replacingRows(byID) else {
            return try list(rules: rules, id: id, name: name, sort: sort, direction: direction, group: group,
                            manualKey: manualKey, manualOrder: manualOrder, decoding: decoding).prefix(limit)
        }
        return filled
    }

    // MARK: - Finding tasks

    /// Resolves a user's reference to a task id (§4, §21): exact id; exact filename; filename
    /// without `.md`; unique filename prefix; unique title substring among active tasks.
    /// The first step with any match decides.
    ///
    /// - Throws: ``TodoError/taskNotFound(_:)`` or ``TodoError/ambiguousReference(_:candidates:)``.
    public func resolve(_ reference: String) throws -> String {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        guard !ref.isEmpty else { throw TodoError.taskNotFound(reference) }
        let steps: [TaskIndex.ReferenceStep] = [
            .id(ref), .filename(ref), .filename(ref + ".md"), .filenamePrefix(ref),
            .titleContaining(ref, statuses: TaskStatus.allCases.filter(\.isActive)),
        ]
        for step in steps {
            let ids = try index.ids(step)
            if ids.count == 1 { return ids[0] }
            if ids.count > 1 { throw TodoError.ambiguousReference(reference, candidates: ids) }
        }
        throw TodoError.taskNotFound(reference)
    }

    /// Like ``resolve(_:)``, but when nothing active matches, also looks for a done or cancelled
    /// task whose title contains the reference (what `reopen` needs).
    public func resolveIncludingClosed(_ reference: String) throws -> String {
        do {
            return try resolve(reference)
        } catch TodoError.taskNotFound {
            let ref = reference.trimmingCharacters(in: .whitespaces)
            let ids = try index.ids(.titleContaining(ref, statuses: TaskStatus.allCases.filter(\.isClosed)))
            if ids.count == 1 { return ids[0] }
            if ids.count > 1 { throw TodoError.ambiguousReference(reference, candidates: ids) }
            throw TodoError.taskNotFound(reference)
        }
    }

    /// Reads a task from its file (not the index), with the stamp a later write must match.
    public func read(_ id: String) throws -> (TodoTask, FileSnapshot) {
        let snapshot: FileSnapshot
        do {
            snapshot = try folder.read(id)
        } catch {
            throw TodoError.taskNotFound(id)
        }
        let modified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        switch TaskFileCodec.decode(snapshot.bytes, id: id, fileModified: modified, timeZone: clock.timeZone,
                                    fieldMap: folder.fieldMap) {
        case var .task(task):
            // What the rest of the vault says (§23), as the index last computed it.
            task.links = (try? index.links(of: id)) ?? TaskLinks()
            task.links.checklist = Checklist.tally(of: task.body)
            task.links.asOf = clock.now
            return (task, snapshot)
        case let .unparseable(reason): throw TodoError.unparseable(path: id, reason: reason)
        }
    }

    /// The task a reference names.
    public func task(_ reference: String) throws -> TodoTask { try read(resolve(reference)).0 }

    // MARK: - Changing tasks

    /// Creates a task file at the vault root (§4, §5) and returns the task as written.
    ///
    /// `created` and `modified` are set to now; the id is chosen from the title.
    public func add(_ draft: TodoTask, dryRun: Bool = false) throws -> TodoTask {
        var task = draft
        task.created = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        task.modified = task.created
        task.warnings = []
        try validate(task)
        if task.parent != nil || !task.blockedBy.isEmpty {
            // Typed references become ones that resolve (§23); a wrong one stops here.
            var links = TaskChanges()
            if let parent = task.parent { links.set(.parent, .string(parent)) }
            if !task.blockedBy.isEmpty { links.set(.blockedBy, .list(task.blockedBy)) }
            task.apply(try resolvingReferences(links, for: nil))
        }
        task.id = try Slug.filename(title: task.title, created: task.created) { name in
            try isFilenameTaken(name)
        }
        if dryRun { return task }
        try folder.write(TaskFileCodec.encodeNew(task, fieldMap: folder.fieldMap, timeZone: clock.timeZone),
                         to: task.id, expected: nil)
        try index.refresh([task.id], in: folder, timeZone: clock.timeZone)
        return try read(task.id).0
    }

    /// Whether any file in the vault (outside hidden folders) already has this name.
    func isFilenameTaken(_ name: String) throws -> Bool {
        if folder.exists(name) { return true }
        let indexed = try index.hasFile(named: name)
        // The index may be older than the folder (another program may have just written one):
        // a walk of folder names settles it without reading or stat-ing any file.
        return indexed || folder.containsFile(named: name)
    }

    /// Checks the §18 limits for values a user gives.
    func validate(_ task: TodoTask) throws {
        if task.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw TodoError.invalidValue(field: "title", value: "", reason: "a task needs a title")
        }
        for spec in TaskFieldSpec.table {
            guard let limit = spec.characterLimit, case let .string(text)? = spec.value(of: task), text.count > limit
            else { continue }
            throw TodoError.invalidValue(field: spec.key, value: String(text.prefix(20)) + "…",
                                         reason: "at most \(limit) characters")
        }
        if task.body.utf8.count > TaskFileCodec.Limits.bodyBytes {
            throw TodoError.invalidValue(field: "body", value: "…", reason: "at most \(TaskFileCodec.Limits.bodyBytes) bytes")
        }
    }

    /// Changes fields of the task `id`, rewriting only their lines (and `modified`).
    ///
    /// - Parameter expectedHash: when given, the file must still have this content hash (for
    ///   clients that showed the user an earlier version).
    /// - Throws: ``TodoError/conflict(path:)`` when the file changed underneath; nothing is written.
    @discardableResult
    public func update(_ id: String, _ changes: TaskChanges, body: String? = nil,
                       expectedHash: String? = nil) throws -> TodoTask {
        let (before, snapshot) = try read(id)
        if let expectedHash, expectedHash != snapshot.stamp.hash { throw TodoError.conflict(path: id) }
        var all = changes.values[.parent] != nil || changes.values[.blockedBy] != nil
            ? try resolvingReferences(changes, for: id) : changes
        let now = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        all.set(.modified, .dateTime(now))
        // A status change through an edit keeps `completed` consistent, as `done`/`reopen` do.
        if case let .string(raw)?? = changes.values[.status], changes.values[.completed] == nil,
           let status = TaskStatus(rawValue: raw), status != before.status {
            if status == .done {
                all.set(.completed, .dateTime(now))
            } else if before.status == .done, before.completed != nil {
                all.set(.completed, .null)
            }
        }
        var after = before
        after.apply(all)
        if let body { after.body = body }
        try validate(after)
        let modified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        let bytes = try TaskFileCodec.apply(all, body: body, to: snapshot.bytes, id: id, fileModified: modified,
                                            timeZone: clock.timeZone, fieldMap: folder.fieldMap)
        try folder.write(bytes, to: id, expected: snapshot.stamp)
        try index.refresh([id], in: folder, timeZone: clock.timeZone)
        return try read(id).0
    }

    /// What completing a task did: the completed task and, for a repeating one, the next.
    public struct Completion: Sendable {
        /// The task as completed (possibly moved to `Archive/`).
        public let completed: TodoTask
        /// The next task of a repeating series, if one was created.
        public let next: TodoTask?
        /// What ``Vault/undoCompletion(_:)`` needs to undo it; nil when the task was done already.
        public let receipt: CompletionReceipt?
    }

    /// Marks a task done (§5): `status: done`, `completed` now; moved to `Archive/` when the
    /// `archive_completed` setting is on.
    ///
    /// A repeating task becomes history (its `recurrence` removed) and the next task of the
    /// series is created (§11). The completion is written first, with the conflict check, so a
    /// file changed meanwhile creates nothing; completing a done task again changes nothing.
    /// With the planner lock on, a Complementary task waits for its region's Must-Do (§14).
    func completeTask(_ id: String, skipping: Bool = false) throws -> Completion {
        if !skipping { try checkPlannerLock(completing: id) }
        let (before, snapshot) = try read(id)
        guard before.status != .done else { return Completion(completed: before, next: nil, receipt: nil) }
        if skipping, before.recurrence == nil {
            throw TodoError.invalidValue(field: "recurrence", value: "", reason: "only a repeating task can be skipped")
        }
        let now = Date(timeIntervalSince1970: floor(clock.now.timeIntervalSince1970))
        let next = RepeatingTask.successor(of: before, completedOn: LocalDate(now, in: clock.timeZone),
                                           today: clock.today, now: now, catchUp: try settings().recurrenceCatchUp)
        var changes = TaskChanges()
        if skipping {
            // Skipped (§24): this occurrence is cancelled, the series goes on.
            changes.set(.status, .string(TaskStatus.cancelled.rawValue))
        } else {
            changes.set(.status, .string(TaskStatus.done.rawValue))
            changes.set(.completed, .dateTime(now))
        }
        if before.recurrence != nil { changes.clear(.recurrence) }
        // A finished task's timer stops with it (§27), in the same write.
        if let stopped = Vault.closingTimers(of: before, at: now) { changes.set(.timeEntries, .list(stopped)) }
        let archive = try !skipping && settings().archiveCompleted && !id.hasPrefix("Archive/")
        // A link where the task would go refuses the completion before anything is written (§2).
        if archive { try folder.refuseLinks(in: "Archive/" + before.filename) }
        var done = try update(id, changes, expectedHash: snapshot.stamp.hash)
        if archive {
            let destination = try freeName(in: "Archive", for: done.filename)
            try folder.move(id, to: destination)
            try index.refresh([id, destination], in: folder, timeZone: clock.timeZone)
            done = try read(destination).0
        }
        let added = try next.map { try add($0) }
        if let added, !before.links.children.isEmpty {
            // A repeating parent's next occurrence gets fresh subtasks (§23).
            let anchor = before.due ?? before.scheduled ?? before.deferDate
            let nextAnchor = added.due ?? added.scheduled ?? added.deferDate
            let shift = anchor.flatMap { a in nextAnchor.map { a.days(until: $0) } } ?? 0
            try copySubtasks(of: before, to: added, shiftedBy: shift)
        }
        let receipt = CompletionReceipt(task: done.id, movedFrom: done.id == id ? nil : id, status: before.status,
                                        recurrence: before.recurrence, next: added?.id,
                                        nextHash: try added.map { try read($0.id).1.stamp.hash })
        return Completion(completed: done, next: added, receipt: receipt)
    }

    /// Reopens a task: `status: todo`, `completed: null`.
    @discardableResult
    public func reopen(_ id: String) throws -> TodoTask {
        var changes = TaskChanges()
        changes.set(.status, .string(TaskStatus.todo.rawValue))
        changes.set(.completed, .null)
        return try update(id, changes)
    }

    /// Cancels a task: `status: cancelled`; the file stays.
    func cancelTask(_ id: String) throws -> TodoTask {
        var changes = TaskChanges()
        changes.set(.status, .string(TaskStatus.cancelled.rawValue))
        return try update(id, changes)
    }

    /// Defers a task to `date` (hidden until then).
    @discardableResult
    public func deferTask(_ id: String, to date: LocalDate) throws -> TodoTask {
        try deferTask(id, to: TaskDate(date))
    }

    /// Defers a task to a date, possibly with a time of day (§24).
    @discardableResult
    public func deferTask(_ id: String, to date: TaskDate) throws -> TodoTask {
        var changes = TaskChanges()
        changes.set(.deferDate, FieldValue(date))
        return try update(id, changes)
    }

    /// Moves a task's file to `.trash/` (restorable); returns where it went.
    func deleteTask(_ id: String) throws -> String {
        _ = try read(id)
        let filename = id.split(separator: "/").last.map(String.init) ?? id
        let destination = try freeName(in: ".trash", for: filename)
        try folder.move(id, to: destination)
        try index.refresh([id], in: folder, timeZone: clock.timeZone)
        return destination
    }

    /// `folder/name`, or `folder/name-2.md`, … if taken (`""`: the top of the vault).
    func freeName(in subfolder: String, for filename: String) throws -> String {
        let base = filename.hasSuffix(".md") ? String(filename.dropLast(3)) : filename
        let prefix = subfolder.isEmpty ? "" : subfolder + "/"
        var candidate = prefix + filename
        var n = 2
        while folder.exists(candidate) {
            candidate = "\(prefix)\(base)-\(n).md"
            n += 1
        }
        return candidate
    }

    // MARK: - Manual order

    /// Reorders a view (§9): puts a task before `before` in its manual order, or last. ("Move"
    /// in this code always means a file changing folders; a place in an order is "reorder".)
    ///
    /// `viewID` is a built-in view or `perspective:ID`. Only that view's array is rewritten —
    /// in `.order.json`, or in the perspective's own `manual_order` when it has one; unknown
    /// keys and entries for tasks not in the view are kept (after the view's tasks).
    public func reorder(_ id: String, before: String?, inView viewID: String) throws {
        if viewID.hasPrefix("children:") {
            try reorderChild(id, before: before, parent: String(viewID.dropFirst("children:".count)))
            return
        }
        let listing: Listing
        var perspective: Perspective?
        if viewID.hasPrefix("perspective:") {
            let p = try self.perspective(String(viewID.dropFirst("perspective:".count)))
            perspective = p.isBuiltIn ? nil : p
            listing = try run(p, group: GroupKey.none, sort: .manual)
        } else {
            let view = try View.named(viewID)
            listing = try list(rules: view.rules, id: view.id, name: view.name, sort: .manual, direction: nil,
                               group: .none, manualKey: view.id)
        }
        var ids = listing.tasks.map(\.id)
        guard ids.contains(id) else {
            throw TodoError.notInView(id, view: listing.view)
        }
        if let before, !ids.contains(before) {
            throw TodoError.notInView(before, view: listing.view)
        }
        ids.removeAll { $0 == id }
        if let before, let at = ids.firstIndex(of: before) { ids.insert(id, at: at) } else { ids.append(id) }
        let filenames = Set(listing.tasks.map(\.filename))
        func kept(_ old: [String]) -> [String] {
            old.filter { entry in !ids.contains(entry) && (entry.contains("/") || !filenames.contains(entry)) }
        }
        if var p = perspective, let own = p.manualOrder {
            p.manualOrder = ids + kept(own)
            try savePerspective(p)
            return
        }
        try sideFile(OrderFile.self).update { file in
            file.setOrder(ids + kept(file.order(for: listing.view)), for: listing.view)
        }
    }

    /// Reorders a parent's subtasks (§23): `children:PARENT_ID` in `.order.json`.
    func reorderChild(_ id: String, before: String?, parent reference: String) throws {
        let parent = try resolveIncludingClosed(reference)
        var ids = try index.links(of: parent).children
        let key = "children:" + parent
        guard ids.contains(id) else { throw TodoError.notInView(id, view: key) }
        if let before, !ids.contains(before) { throw TodoError.notInView(before, view: key) }
        ids.removeAll { $0 == id }
        if let before, let at = ids.firstIndex(of: before) { ids.insert(id, at: at) } else { ids.append(id) }
        try sideFile(OrderFile.self).update { file in file.setOrder(ids, for: key) }
        _ = try refreshIndex()
    }

    /// Saves the user's project order (`"projects"` in `.order.json`), used by `project_order`.
    public func setProjectOrder(_ projects: [String]) throws {
        try sideFile(OrderFile.self).update { file in
            file.json.set("projects", .array(projects.map(JSONValue.string)))
        }
    }

    // MARK: - Areas, projects, tags

    /// Areas with their number of open (not done or cancelled) tasks, in the saved order then A–Z.
    public func areas() throws -> [NameCount] {
        Vault.ordered(try OpenCounts(index, areas: true, projects: false).areas, saved: orderFile().value.areas)
    }

    /// Projects with their open-task counts and area (the one most of their tasks carry), in the
    /// saved order then A–Z.
    public func projects() throws -> [NameCount] {
        Vault.ordered(try OpenCounts(index, areas: false, projects: true).projects, saved: orderFile().value.projects)
    }

    /// ``areas()`` and ``projects()`` from one pass over the tasks (the sidebar shows both).
    public func areasAndProjects() throws -> (areas: [NameCount], projects: [NameCount]) {
        let counts = try OpenCounts(index, areas: true, projects: true)
        let saved = orderFile().value
        return (Vault.ordered(counts.areas, saved: saved.areas), Vault.ordered(counts.projects, saved: saved.projects))
    }

    /// The open tasks per area, per project, or both, from one query.
    private struct OpenCounts {
        var areaTotals: [String: Int] = [:]
        var projectTotals: [String: Int] = [:]
        var projectAreas: [String: [(String, Int)]] = [:]

        init(_ index: TaskIndex, areas: Bool, projects: Bool) throws {
            for (project, area, n) in try index.openCountsByProjectAndArea(areas: areas, projects: projects) {
                if let area { areaTotals[area, default: 0] += n }
                guard let project else { continue }
                projectTotals[project, default: 0] += n
                if let area { projectAreas[project, default: []].append((area, n)) }
            }
        }

        // By name, so that names the A–Z order ties (`Work`, `work`) keep one order.
        var areas: [NameCount] {
            areaTotals.map { NameCount(name: $0.key, count: $0.value, area: nil) }.sorted { $0.name < $1.name }
        }

        /// Each with the area most of its tasks carry (the first by name of those tied).
        var projects: [NameCount] {
            projectTotals.map { project, count in
                let area = projectAreas[project]?.max { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 > $1.0 }?.0
                return NameCount(name: project, count: count, area: area)
            }.sorted { $0.name < $1.name }
        }
    }

    /// Tags with their open-task counts, A–Z.
    public func tags() throws -> [NameCount] {
        let rows = try index.openCountsByTag().map { NameCount(name: $0.tag, count: $0.count, area: nil) }
        return Vault.ordered(rows, saved: [])
    }

    static func ordered(_ items: [NameCount], saved: [String]) -> [NameCount] {
        let rank = Dictionary(saved.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        // Each name folded once, not at every comparison (hundreds of projects: thousands).
        let keyed = items.map { (item: $0, rank: rank[$0.name], key: TextFolding.sortKey($0.name)) }
        return keyed.sorted { a, b in
            switch (a.rank, b.rank) {
            case let (x?, y?): return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default: return a.key < b.key
            }
        }.map(\.item)
    }

    // MARK: - Health

    /// Unparseable files with reasons, and tasks with warnings (§21).
    public func doctor() throws -> DoctorReport {
        DoctorReport(unparseable: try index.unparseable(), warnings: try index.tasksWithWarnings(),
                     taskCount: try index.count(matching: nil, timeZone: clock.timeZone))
    }
}
