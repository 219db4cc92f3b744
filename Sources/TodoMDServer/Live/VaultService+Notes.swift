import Foundation
import TodoMDKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension VaultService {
    /// Runs a note or category change: like ``write(_:)``, then records the note files as they
    /// now are, so the change is reported once (by the events `body` returns) and not again when
    /// the watcher sees the server's own write.
    public func writeNotes<T: Sendable>(_ body: @Sendable (Vault) throws -> (T, [VaultEvent])) throws -> T {
        defer { noteStamps = VaultService.noteStamps(in: vault) }
        return try write(body)
    }

    /// Publishes a `vault` event (`{"file": "Notes/ID.md"}`) for each note another program
    /// created, changed or removed since last looked at. The first call only takes a snapshot.
    @discardableResult
    func publishNoteChanges() -> [VaultEvent] {
        let current = VaultService.noteStamps(in: vault)
        defer { noteStamps = current }
        guard let before = noteStamps else { return [] }
        var changed = Set<String>()
        for (id, stamp) in current where before[id] != stamp { changed.insert(id) }
        for id in before.keys where current[id] == nil { changed.insert(id) }
        let events = changed.sorted().map { VaultEvent.sideFile(Note.path(for: $0)) }
        hub.publish(events)
        return events
    }

    /// Size and modification time of every note file, by id: one `stat` each.
    static func noteStamps(in vault: Vault) -> [String: String] {
        var out: [String: String] = [:]
        for id in vault.noteIDs() {
            var st = stat()
            guard lstat(vault.folder.path(Note.path(for: id)), &st) == 0 else { continue }
            #if os(Linux)
            let mtime = "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
            #else
            let mtime = "\(st.st_mtimespec.tv_sec).\(st.st_mtimespec.tv_nsec)"
            #endif
            out[id] = "\(st.st_size)-\(mtime)"
        }
        return out
    }
}
