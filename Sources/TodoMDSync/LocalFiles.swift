import Foundation
import TodoMDKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A task or note file found by a scan.
struct LocalFile: Sendable {
    var kind: SyncKind
    /// The row id: the file's name.
    var id: String
    /// Path relative to the vault root.
    var path: String
    var size: Int
    var mtime: Int64
}

/// What reading a file gave: its record and stamp, or why it cannot be synced.
enum LocalReading: Sendable {
    case record(SyncRecord, FileSnapshot)
    case unreadable(String)
}

/// The vault's files as sync sees them: scanning, reading into records, and writing records back
/// with the vault's atomic, conflict-checked writes (§5).
struct LocalFiles: Sendable {
    let folder: VaultFolder
    let clock: TodoClock

    // MARK: - Scanning

    /// What a scan found (``LocalFiles/scan(environment:since:)``).
    struct Scan {
        /// The files to compare with their bases: every file, or (``removed`` non-nil) every
        /// note and only the task files changed since the mark asked about.
        var files: [LocalFile] = []
        /// Paths of task files left out because another file has their name.
        var duplicates: [String] = []
        /// The index as the task files were read from it; nil when they were walked.
        var mark: IndexMark?
        /// Non-nil when ``files`` holds only the task files changed since the mark asked about:
        /// the names (row ids) of task files removed since, with no file of the name left.
        var removed: Set<String>?

        /// Whether the vault was walked (no running watcher vouched for its index).
        var walked: Bool { mark == nil }
    }

    /// Every task file (§2) and every note (`Notes/*.md`), without conflict copies (they are not
    /// synced until resolved, §22) and with one task file of each name: the row id is the
    /// filename, so it must be unique. Of several, the one the walk meets first is kept
    /// (``walkedBefore(_:_:)``) and the others are returned as `duplicates`.
    ///
    /// The task files come from the vault's index, with no walk, when a running watcher
    /// (`todomd watch`, `todomd serve`) vouches that it is current
    /// (``TaskIndex/vouchedFiles(for:timeZone:environment:since:)``); else, and when
    /// `environment` is nil, the folder is walked. Given the mark of an earlier scan, the index
    /// gives only the task files changed since, when it can tell them apart.
    func scan(environment: [String: String]? = nil, since: IndexMark? = nil) -> Scan {
        let vouched = environment.flatMap {
            TaskIndex.vouchedFiles(for: folder, timeZone: clock.timeZone, environment: $0, since: since)
        }
        let tasks = vouched?.files ?? folder.scan()
        var scan = Scan(mark: vouched?.mark,
                        removed: vouched?.removed.map { Set($0.map(Self.filename)) })
        // The index read changes only when none is or has a conflict copy, or shares its name.
        let copies = scan.removed != nil ? [] : Set(ConflictCopy.find(in: tasks.map(\.id)).map(\.copy))
        // Of two files of one name, the one the walk meets first, whichever list they come from.
        var position: [String: Int] = [:]
        scan.files.reserveCapacity(tasks.count)
        position.reserveCapacity(tasks.count)
        for file in tasks where !copies.contains(file.id) {
            let name = Self.filename(file.id)
            let local = LocalFile(kind: .task, id: name, path: file.id, size: file.size, mtime: file.mtime)
            guard let seen = position[name] else {
                position[name] = scan.files.count
                scan.files.append(local)
                continue
            }
            if Self.walkedBefore(file.id, scan.files[seen].path) {
                scan.duplicates.append(scan.files[seen].path)
                scan.files[seen] = local
            } else {
                scan.duplicates.append(file.id)
            }
        }
        let notes = scanNotes()
        let noteCopies = Set(ConflictCopy.find(in: notes.map(\.path)).map(\.copy))
        scan.files += notes.filter { !noteCopies.contains($0.path) }
        return scan
    }

    /// Whether the walk over the vault (``VaultFolder/scan(stamps:)``) meets the file at `a`
    /// before the one at `b`: a folder's own files before its subfolders', the subfolders in
    /// the order of their names.
    static func walkedBefore(_ a: String, _ b: String) -> Bool {
        let x = a.split(separator: "/", omittingEmptySubsequences: false)
        let y = b.split(separator: "/", omittingEmptySubsequences: false)
        for i in 0..<min(x.count, y.count) where x[i] != y[i] {
            let (xIsFile, yIsFile) = (i == x.count - 1, i == y.count - 1)
            return xIsFile != yIsFile ? xIsFile : String(x[i]) < String(y[i])
        }
        return x.count < y.count
    }

    /// `*.md` regular files directly in `Notes/` (§15), not hidden.
    private func scanNotes() -> [LocalFile] {
        let dirPath = folder.path(Note.folder)
        guard let dir = opendir(dirPath) else { return [] }
        defer { closedir(dir) }
        var out: [LocalFile] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw -> String in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.hasSuffix(".md"), name.count > 3 else { continue }
            var st = stat()
            guard lstat(dirPath + "/" + name, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { continue }
            out.append(LocalFile(kind: .note, id: name, path: Note.folder + "/" + name, size: Int(st.st_size),
                                 mtime: Self.mtime(st)))
        }
        return out.sorted { $0.path < $1.path }
    }

    static func mtime(_ st: stat) -> Int64 {
        #if os(Linux)
        return Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        #else
        return Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        #endif
    }

    static func filename(_ path: String) -> String { TodoTask.filename(ofID: path) }

    // MARK: - Reading

    /// Reads a file into its record.
    func read(_ kind: SyncKind, path: String) -> LocalReading {
        let snapshot: FileSnapshot
        do {
            snapshot = try folder.read(path)
        } catch {
            return .unreadable(error.localizedDescription)
        }
        let modified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        switch kind {
        case .task:
            switch TaskFileCodec.decode(snapshot.bytes, id: path, fileModified: modified, timeZone: clock.timeZone,
                                        fieldMap: folder.fieldMap) {
            case let .task(task): return .record(SyncRecord(task: task), snapshot)
            case let .unparseable(reason): return .unreadable(reason)
            }
        case .note:
            switch NoteFileCodec.decode(snapshot.bytes, id: Self.noteID(path), fileModified: modified,
                                        timeZone: clock.timeZone) {
            case let .note(note): return .record(SyncRecord(note: note), snapshot)
            case let .unparseable(reason): return .unreadable(reason)
            }
        }
    }

    /// The record of a file's content; nil when it is not a task or note.
    func record(_ kind: SyncKind, path: String, snapshot: FileSnapshot) -> SyncRecord? {
        let modified = Date(timeIntervalSince1970: TimeInterval(snapshot.stamp.mtime) / 1e9)
        switch kind {
        case .task:
            return TaskFileCodec.decode(snapshot.bytes, id: path, fileModified: modified, timeZone: clock.timeZone,
                                        fieldMap: folder.fieldMap)
                .task.map(SyncRecord.init(task:))
        case .note:
            return NoteFileCodec.decode(snapshot.bytes, id: Self.noteID(path), fileModified: modified,
                                        timeZone: clock.timeZone).note.map(SyncRecord.init(note:))
        }
    }

    static func noteID(_ path: String) -> String {
        let name = filename(path)
        return name.hasSuffix(".md") ? String(name.dropLast(3)) : name
    }

    // MARK: - Writing

    /// Where a pulled record is written: its `path` when that is a safe place for its kind and
    /// name, else the default (tasks at the root, notes in `Notes/`).
    func target(_ kind: SyncKind, id: String, record: SyncRecord) -> String {
        let path = record.path
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        let safe = !path.isEmpty && !path.hasPrefix("/") && parts.allSatisfy { !$0.isEmpty && !$0.hasPrefix(".") }
            && parts.last.map(String.init) == id && id.hasSuffix(".md") && !id.contains("\\")
        switch kind {
        case .task:
            return safe && parts.first != Substring(Note.folder) ? path : id
        case .note:
            return safe && parts.count == 2 && parts.first == Substring(Note.folder) ? path : Note.folder + "/" + id
        }
    }

    /// Writes `record` as the file of row `id`: moved from `current` when its path changed, edited
    /// line by line when the file exists (keeping its key order, comments and unknown keys where
    /// the codec can), created canonically when it does not.
    ///
    /// - Parameter expectedHash: the content the file must still have (else nothing is written).
    /// - Returns: the file's new path and snapshot.
    /// - Throws: ``TodoError/conflict(path:)`` when the file changed meanwhile or the target is taken.
    func write(_ kind: SyncKind, id: String, record: SyncRecord, current: String?,
               expectedHash: String?) throws -> (path: String, snapshot: FileSnapshot) {
        let target = target(kind, id: id, record: record)
        var existing: FileSnapshot?
        if let current, folder.exists(current) {
            let snapshot = try folder.read(current)
            if let expectedHash, snapshot.stamp.hash != expectedHash { throw TodoError.conflict(path: current) }
            if current != target {
                try folder.move(current, to: target)
                existing = try folder.read(target)
                guard existing?.stamp.hash == snapshot.stamp.hash else { throw TodoError.conflict(path: target) }
            } else {
                existing = snapshot
            }
        } else if folder.exists(target) {
            // A file of this name appeared where the row goes: never overwrite it.
            throw TodoError.conflict(path: target)
        }
        let bytes = try render(kind, id: id, record: record, target: target, existing: existing)
        if let existing, existing.bytes == bytes { return (target, existing) }
        if let existing {
            try folder.write(bytes, to: target, expected: existing.stamp)
        } else {
            try create(bytes, at: target)
        }
        return (target, try folder.read(target))
    }

    /// Creates a new file atomically (temporary file, then `link`, which never replaces a file
    /// made meanwhile) without waiting for the disk: a pull creates thousands, and ``flush()``
    /// makes them durable together before their bases are committed. Like every write of the
    /// vault, it never goes through a symbolic link (§2).
    ///
    /// - Throws: ``TodoError/conflict(path:)`` when a file of that name exists;
    ///   ``TodoError/symlinkRefused(path:)`` when a component of its path is a link.
    func create(_ bytes: [UInt8], at id: String) throws {
        try folder.write(bytes, to: id, expected: nil, durable: false)
    }

    /// Makes every file written so far durable (one `syncfs` for the vault's file system).
    func flush() {
        let fd = open(folder.root, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        #if os(Linux)
        _ = linuxSyncfs(fd)
        #else
        _ = fsync(fd)
        sync()
        #endif
        close(fd)
    }

    /// The bytes of `record` as a file: an edit of `existing` when possible, else a new file.
    func render(_ kind: SyncKind, id: String, record: SyncRecord, target: String, existing: FileSnapshot?) throws -> [UInt8] {
        switch kind {
        case .task:
            let task = try record.task()
            var fresh = task
            fresh.id = target
            guard let existing, let current = self.record(.task, path: target, snapshot: existing) else {
                return TaskFileCodec.encodeNew(fresh, fieldMap: folder.fieldMap, timeZone: clock.timeZone)
            }
            // Unknown keys cannot be edited line by line: such a change rewrites the file canonically.
            guard SyncRecord.same(current["extra"], record["extra"]) else { return TaskFileCodec.encodeNew(fresh, fieldMap: folder.fieldMap, timeZone: clock.timeZone) }
            var changes = TaskChanges()
            for field in TaskField.allCases where !SyncRecord.same(current[field.key], record[field.key]) {
                if let value = try record.fieldValue(field, record[field.key]) {
                    changes.set(field, value)
                } else {
                    changes.clear(field)
                }
            }
            let body = current["body"] == record["body"] ? nil : task.body
            if changes.isEmpty, body == nil { return existing.bytes }
            let modified = Date(timeIntervalSince1970: TimeInterval(existing.stamp.mtime) / 1e9)
            do {
                return try TaskFileCodec.apply(changes, body: body, to: existing.bytes, id: target,
                                               fileModified: modified, timeZone: clock.timeZone,
                                               fieldMap: folder.fieldMap)
            } catch {
                return TaskFileCodec.encodeNew(fresh, fieldMap: folder.fieldMap, timeZone: clock.timeZone)
            }
        case .note:
            let noteID = Self.noteID(target)
            let note = record.note(id: noteID)
            guard let existing, let current = self.record(.note, path: target, snapshot: existing),
                  SyncRecord.same(current["extra"], record["extra"]), current["created"] == record["created"]
            else { return NoteFileCodec.encodeNew(note) }
            var changes = NoteChanges()
            if current["title"] != record["title"] { changes.title = note.title }
            if current["pinned"] != record["pinned"] { changes.pinned = note.pinned }
            if current["body"] != record["body"] { changes.body = note.body }
            if changes.isEmpty, current["modified"] == record["modified"] { return existing.bytes }
            let modified = Date(timeIntervalSince1970: TimeInterval(existing.stamp.mtime) / 1e9)
            do {
                return try NoteFileCodec.apply(changes, modified: note.modified, to: existing.bytes, id: noteID,
                                               fileModified: modified, timeZone: clock.timeZone)
            } catch {
                return NoteFileCodec.encodeNew(note)
            }
        }
    }

    /// Moves a file to `.trash/` (restorable, §5) if it still has `expectedHash`; returns where.
    func trash(_ path: String, expectedHash: String?) throws -> String? {
        guard folder.exists(path) else { return nil }
        if let expectedHash, try folder.read(path).stamp.hash != expectedHash { throw TodoError.conflict(path: path) }
        let name = Self.filename(path)
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        var destination = ".trash/" + name
        var n = 2
        while folder.exists(destination) {
            destination = ".trash/\(stem)-\(n).md"
            n += 1
        }
        try folder.move(path, to: destination)
        return destination
    }

    /// Writes `bytes` as `NAME (conflict YYYY-MM-DD HHmm).md` beside `path` (§22); returns its path.
    func writeConflictCopy(of path: String, bytes: [UInt8]) throws -> String {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = Self.filename(path)
        let stem = name.hasSuffix(".md") ? String(name.dropLast(3)) : name
        let now = clock.now
        let day = LocalDate(now, in: clock.timeZone)
        let seconds = Int(now.timeIntervalSince1970) + clock.timeZone.secondsFromGMT(for: now)
        let minutes = ((seconds % 86_400) + 86_400) % 86_400 / 60
        let stamp = "\(day) " + String(format: "%02d%02d", minutes / 60, minutes % 60)
        var candidate = "\(dir)\(stem) (conflict \(stamp)).md"
        var n = 2
        while folder.exists(candidate) {
            candidate = "\(dir)\(stem) (conflict \(stamp) \(n)).md"
            n += 1
        }
        try folder.write(bytes, to: candidate, expected: nil)
        return candidate
    }
}

#if os(Linux)
/// glibc's `syncfs(2)`, which Swift's Glibc module does not export (it needs `_GNU_SOURCE`).
@_silgen_name("syncfs")
private func linuxSyncfs(_ fd: Int32) -> Int32
#endif
