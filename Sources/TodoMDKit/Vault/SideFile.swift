import Foundation

/// What reading a side file does when the file exists but cannot be read (§2, §10).
public enum SideFilePolicy: Sendable, Equatable {
    /// Nothing that needs the file can go on: loading fails with an error naming the file and
    /// why (settings, the reminders record — using defaults would act on wrong assumptions).
    case refuse
    /// The document's defaults are used, with a warning; the file is the user's and is never
    /// written over until it is fixed or removed (manual order, categories, theme).
    case defaultsKeepFile
    /// The last good version, cached in the index when it was last read, is used with a warning;
    /// the broken file is copied to `NAME.backup`, and saving a change replaces it (§10).
    case lastGoodCopy(warning: String)
}

/// A JSON document the vault keeps beside its tasks: `.order.json`, `.perspectives.json`,
/// `.tags.json`, `.theme.json`, `.todomd/config.json`, `.todomd/reminders.json`.
///
/// Each document says where it lives, how it reads and writes, and what happens when it cannot be
/// read; ``SideFile`` does the rest the same way for all of them.
public protocol SideDocument: Sendable {
    /// The path relative to the vault root.
    static var path: String { get }
    /// What a broken file means.
    static var policy: SideFilePolicy { get }
    /// The document when the file is absent.
    init()
    /// Reads the file's text.
    ///
    /// - Throws: why the text is not this document (the message names what is wrong).
    init(text: String) throws
    /// The text written to disk.
    var text: String { get }
}

/// A side document as read: its value, the file's stamp, and a warning when the value is not
/// what the file says.
public struct SideFileSnapshot<Document: SideDocument>: Sendable {
    /// The document (defaults or the last good copy when the file is broken).
    public var value: Document
    /// The file as read (nil: absent). A write must still find it.
    public let stamp: FileStamp?
    /// Why `value` is not the file's content, for the user.
    public let warning: String?
    /// Why the file could not be read (nil when it was).
    public let problem: String?

    /// Whether the file exists but could not be read.
    public var isBroken: Bool { problem != nil }

    init(value: Document, stamp: FileStamp?, warning: String? = nil, problem: String? = nil) {
        self.value = value
        self.stamp = stamp
        self.warning = warning
        self.problem = problem
    }
}

/// Loads and updates one ``SideDocument`` of a vault: reads never write (but for the index's
/// cache of a last good copy), writes are atomic and refuse to replace a file changed meanwhile.
public struct SideFile<Document: SideDocument>: Sendable {
    let folder: VaultFolder
    /// Where a ``SideFilePolicy/lastGoodCopy`` document caches its last good version.
    let index: TaskIndex?

    /// The side file in `folder`; `index` keeps a ``SideFilePolicy/lastGoodCopy`` document's
    /// last good version.
    public init(folder: VaultFolder, index: TaskIndex? = nil) {
        self.folder = folder
        self.index = index
    }

    /// Side files may be larger than task files, but not unboundedly.
    static var limit: Int { 16 * 1_048_576 }

    /// Where the index caches the last good copy.
    private var cacheName: String { "side:" + Document.path }

    /// The document, by its policy when the file is broken.
    ///
    /// - Throws: ``TodoError/unreadableSideFile(path:reason:)`` for a broken file whose
    ///   policy is ``SideFilePolicy/refuse``.
    public func load() throws -> SideFileSnapshot<Document> {
        guard folder.exists(Document.path) else {
            return SideFileSnapshot(value: Document(), stamp: nil)
        }
        let snapshot: FileSnapshot
        do {
            snapshot = try folder.read(Document.path, limit: Self.limit)
        } catch {
            let reason = folder.isSymbolicLink(Document.path)
                ? "it is a symbolic link, which todo.md does not follow"
                : (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return try broken(reason: reason, stamp: nil, bytes: nil)
        }
        if snapshot.bytes.count > Self.limit {
            return try broken(reason: "it is larger than 16 MiB", stamp: snapshot.stamp, bytes: nil)
        }
        guard let text = String(validating: snapshot.bytes, as: UTF8.self) else {
            return try broken(reason: "it is not valid UTF-8 text", stamp: snapshot.stamp, bytes: snapshot.bytes)
        }
        let value: Document
        do {
            value = try Document(text: text)
        } catch {
            let reason = (error as? LocalizedError)?.errorDescription ?? "\(error)"
            return try broken(reason: reason, stamp: snapshot.stamp, bytes: snapshot.bytes)
        }
        if case .lastGoodCopy = Document.policy { rememberGoodCopy(text, stamp: snapshot.stamp) }
        return SideFileSnapshot(value: value, stamp: snapshot.stamp)
    }

    /// Writes `value` over the file `snapshot` was read from.
    ///
    /// - Throws: ``TodoError/conflict(path:)`` when the file changed since; the document's
    ///   error when a broken file may not be written over; ``TodoError/symlinkRefused(path:)``
    ///   when the file or a folder on its way is a symbolic link (§2).
    public func save(_ value: Document, over snapshot: SideFileSnapshot<Document>) throws {
        try folder.refuseLinks(in: Document.path)
        if snapshot.isBroken, Document.policy == .defaultsKeepFile {
            throw TodoError.unreadableSideFile(path: Document.path, reason: snapshot.problem ?? "it cannot be read")
        }
        let text = value.text
        try folder.write(Array(text.utf8), to: Document.path, expected: snapshot.stamp)
        if case .lastGoodCopy = Document.policy, let written = try? folder.read(Document.path, limit: Self.limit) {
            rememberGoodCopy(text, stamp: written.stamp)
        }
    }

    /// Loads the document, changes it and writes it back; returns what was written (and what
    /// `change` returned).
    @discardableResult
    public func update<T>(_ change: (inout Document) throws -> T) throws -> (Document, T) {
        try folder.refuseLinks(in: Document.path)
        let snapshot = try load()
        if let problem = snapshot.problem, Document.policy == .defaultsKeepFile {
            throw TodoError.unreadableSideFile(path: Document.path, reason: problem)
        }
        var value = snapshot.value
        let result = try change(&value)
        try save(value, over: snapshot)
        return (value, result)
    }

    /// Caches the file's text as the last good copy when it changed since last cached and reads
    /// well; one `stat` otherwise. Does nothing for other policies.
    public func refreshLastGoodCopy() {
        guard case .lastGoodCopy = Document.policy, let index, let stamp = folder.quickStamp(Document.path),
              (try? index.sideFileStamp(cacheName)) != "\(stamp.size):\(stamp.mtime)",
              let snapshot = try? folder.read(Document.path, limit: Self.limit),
              let text = String(validating: snapshot.bytes, as: UTF8.self), (try? Document(text: text)) != nil
        else { return }
        rememberGoodCopy(text, stamp: snapshot.stamp)
    }

    // MARK: - A broken file

    private func broken(reason: String, stamp: FileStamp?, bytes: [UInt8]?) throws -> SideFileSnapshot<Document> {
        switch Document.policy {
        case .refuse:
            throw TodoError.unreadableSideFile(path: Document.path, reason: reason)
        case .defaultsKeepFile:
            let warning = "\(Document.path) could not be read (\(reason)); fix or remove it"
            return SideFileSnapshot(value: Document(), stamp: stamp, warning: warning, problem: reason)
        case let .lastGoodCopy(warning):
            if let bytes {
                // A copy of the broken file, once per version of it, so the user can repair it.
                let backupPath = Document.path + ".backup"
                let backup = try? folder.read(backupPath, limit: Self.limit)
                if backup?.bytes != bytes { try? folder.write(bytes, to: backupPath, expected: backup?.stamp) }
            }
            let cached = (try? index?.sideFile(cacheName)).flatMap { $0 }.flatMap { try? Document(text: $0) }
            return SideFileSnapshot(value: cached ?? Document(), stamp: stamp, warning: warning, problem: reason)
        }
    }

    /// Caches the text of a good file in the index, once per version of the file.
    private func rememberGoodCopy(_ text: String, stamp: FileStamp) {
        guard let index else { return }
        let key = "\(stamp.size):\(stamp.mtime)"
        if (try? index.sideFileStamp(cacheName)) != key { try? index.storeSideFile(cacheName, text, stamp: key) }
    }
}

/// Why a side file's text is not its document: said in a few words, the file named by the caller.
public struct SideDocumentProblem: Error, LocalizedError, Sendable {
    public let reason: String
    public init(_ reason: String) { self.reason = reason }
    public var errorDescription: String? { reason }
}

extension Vault {
    /// The side file holding `Document`.
    public func sideFile<Document: SideDocument>(_: Document.Type) -> SideFile<Document> {
        SideFile(folder: folder, index: index)
    }
}
