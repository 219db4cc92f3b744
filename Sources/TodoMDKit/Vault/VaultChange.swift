import Foundation

/// What a mutation changed on disk: the task files it created, rewrote, moved and deleted, the
/// notes and the side files it wrote.
///
/// Nothing has to remember to fill one in: every write and move of the vault's file layer
/// (``VaultFolder``) is recorded while ``Vault/recordingChanges(_:)`` runs, and the record is
/// folded into what a reader of the folder would see before and after — a task created and then
/// edited was created; a task edited and then moved to `.trash/` was deleted. The web server
/// publishes exactly this; the watcher uses it to tell the program's own writes from others'.
public struct VaultChange: Sendable, Equatable {
    /// A task file that now lives under another path (archived, restored, renamed).
    public struct Move: Sendable, Equatable, Hashable {
        public let from: String
        public let to: String
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// Task files that did not exist before, by id.
    public var created: [String] = []
    /// Task files rewritten in place, by id.
    public var updated: [String] = []
    /// Task files now at another path (their content may have changed too).
    public var moved: [Move] = []
    /// Task files that are gone (moved to `.trash/` or out of the task folders).
    public var deleted: [String] = []
    /// Note files (`Notes/ID.md`) written, created or removed, by path.
    public var notes: [String] = []
    /// Other files at the vault written or created (`.order.json`, `.todomd/config.json`, …),
    /// by path; `.trash/` is not reported.
    public var sideFiles: [String] = []

    public init(created: [String] = [], updated: [String] = [], moved: [Move] = [], deleted: [String] = [],
                notes: [String] = [], sideFiles: [String] = []) {
        self.created = created
        self.updated = updated
        self.moved = moved
        self.deleted = deleted
        self.notes = notes
        self.sideFiles = sideFiles
    }

    /// Whether nothing changed.
    public var isEmpty: Bool {
        created.isEmpty && updated.isEmpty && moved.isEmpty && deleted.isEmpty && notes.isEmpty && sideFiles.isEmpty
    }

    /// Task files whose content is now on disk under a path: created, updated and moves' targets.
    public var writtenTasks: [String] { created + updated + moved.map(\.to) }

    /// Task paths that no longer hold a task: deleted, and moves' sources.
    public var removedTasks: [String] { deleted + moved.map(\.from) }

    /// Both changes, as if made one after the other (used to add up separate mutations).
    public func merged(with later: VaultChange) -> VaultChange {
        var log = ChangeLog()
        log.replay(self)
        log.replay(later)
        return log.change
    }
}

// MARK: - Which file is what

extension VaultChange {
    /// What a path relative to the vault root holds (§2).
    enum PathKind: Equatable {
        case task, note, trash, other
    }

    static func kind(of path: String) -> PathKind {
        let parts = path.split(separator: "/")
        if parts.first == ".trash" { return .trash }
        guard path.hasSuffix(".md"), !parts.contains(where: { $0.hasPrefix(".") }) else { return .other }
        if parts.count == 2, parts[0] == "Notes" { return .note }
        if parts.first == "Notes" { return .other }
        return .task
    }
}

// MARK: - Recording

/// The file operations of one mutation in order, folded into a ``VaultChange``.
struct ChangeLog: Sendable {
    /// Where a path's current file came from.
    private enum Origin: Sendable {
        /// It did not exist before.
        case new
        /// It was at `path` before; `rewritten` when its content changed.
        case existing(path: String, rewritten: Bool)
    }

    /// The origin of each file touched, by its current path.
    private var origins: [String: Origin] = [:]
    /// Current paths in the order first touched, for a stable report.
    private var order: [String] = []

    mutating func wrote(_ path: String, created: Bool) {
        if let origin = origins[path] {
            if case let .existing(from, _) = origin { origins[path] = .existing(path: from, rewritten: true) }
            return
        }
        origins[path] = created ? .new : .existing(path: path, rewritten: true)
        order.append(path)
    }

    mutating func moved(_ from: String, to: String) {
        let origin = origins.removeValue(forKey: from) ?? .existing(path: from, rewritten: false)
        origins[to] = origin
        order.append(to)
    }

    /// A file unlinked: gone as if moved out of the vault (a file this mutation created leaves
    /// no trace).
    mutating func removed(_ path: String) {
        let origin = origins.removeValue(forKey: path) ?? .existing(path: path, rewritten: false)
        guard case .existing = origin else { return }
        let gone = ".trash/.removed/" + path
        origins[gone] = origin
        order.append(gone)
    }

    /// Replays a change already folded (for ``VaultChange/merged(with:)``).
    mutating func replay(_ change: VaultChange) {
        for id in change.created { wrote(id, created: true) }
        for id in change.updated { wrote(id, created: false) }
        for move in change.moved { moved(move.from, to: move.to) }
        for id in change.deleted { moved(id, to: ".trash/" + id) }
        for path in change.notes { wrote(path, created: false) }
        for path in change.sideFiles { wrote(path, created: false) }
    }

    var change: VaultChange {
        var out = VaultChange()
        func add(_ path: String, to list: WritableKeyPath<VaultChange, [String]>) {
            if !out[keyPath: list].contains(path) { out[keyPath: list].append(path) }
        }
        /// A file written at `path`, new or in place.
        func written(_ path: String, new: Bool) {
            switch VaultChange.kind(of: path) {
            case .task: add(path, to: new ? \.created : \.updated)
            case .note: add(path, to: \.notes)
            case .other: add(path, to: \.sideFiles)
            case .trash: break
            }
        }
        var seen = Set<String>()
        for path in order where seen.insert(path).inserted {
            // A path without an origin was moved away: it is reported with its destination.
            switch origins[path] {
            case nil:
                continue
            case .new:
                written(path, new: true)
            case let .existing(from, rewritten) where from == path:
                if rewritten { written(path, new: false) }
            case let .existing(from, _):
                let (fromKind, kind) = (VaultChange.kind(of: from), VaultChange.kind(of: path))
                switch (fromKind, kind) {
                case (.task, .task): out.moved.append(VaultChange.Move(from: from, to: path))
                case (.task, _): add(from, to: \.deleted)
                case (_, .task): add(path, to: \.created)
                default: break
                }
                if fromKind == .note { add(from, to: \.notes) }
                if kind == .note { add(path, to: \.notes) }
                if kind == .other { add(path, to: \.sideFiles) }
            }
        }
        return out
    }
}

/// The log a running ``Vault/recordingChanges(_:)`` writes to; ``VaultFolder`` records each
/// write and move here. Task-local, so concurrent mutations (the MCP server's tools, tests in
/// parallel) each see only their own.
final class ChangeJournal: Sendable {
    @TaskLocal static var current: ChangeJournal?

    private let log = Locked(ChangeLog())
    /// The journal of an enclosing recording, which sees everything this one sees.
    private let parent: ChangeJournal?

    init(parent: ChangeJournal?) { self.parent = parent }

    func wrote(_ path: String, created: Bool) {
        log.withLock { $0.wrote(path, created: created) }
        parent?.wrote(path, created: created)
    }

    func moved(_ from: String, to: String) {
        log.withLock { $0.moved(from, to: to) }
        parent?.moved(from, to: to)
    }

    func removed(_ path: String) {
        log.withLock { $0.removed(path) }
        parent?.removed(path)
    }

    var change: VaultChange { log.withLock { $0.change } }
}

extension Vault {
    /// Runs `body` and returns, beside its result or error, what it changed on disk — also when
    /// it failed halfway (what was written is written, and is reported).
    public func recordingChanges<T>(_ body: () throws -> T) -> (result: Result<T, any Error>, change: VaultChange) {
        let journal = ChangeJournal(parent: ChangeJournal.current)
        let result = ChangeJournal.$current.withValue(journal) { Result { try body() } }
        return (result, journal.change)
    }
}
