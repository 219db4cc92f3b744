import Foundation
import TodoMDKit

/// The one owner of the vault while the server runs: every request and every file-system
/// notification goes through this actor, one at a time, so a change made through the API and the
/// watcher's view of the same file never race — and each change is reported exactly once.
public actor VaultService {
    /// The side files at the vault root whose changes the web app cares about.
    static let sideFiles = [".order.json", ".perspectives.json", Theme.fileName, ".tags.json"]

    public nonisolated let vault: Vault
    public nonisolated let hub: EventHub
    /// Content hash of each side file as last reported (nil: absent).
    private var sideFileHashes: [String: String?] = [:]

    public init(vault: Vault, hub: EventHub) {
        self.vault = vault
        self.hub = hub
        var hashes: [String: String?] = [:]
        for name in VaultService.sideFiles { hashes[name] = VaultService.hash(of: name, in: vault) }
        sideFileHashes = hashes
    }

    /// Runs a read-only request.
    public func read<T: Sendable>(_ body: @Sendable (Vault) throws -> T) throws -> T {
        try body(vault)
    }

    /// Runs a request that changes the vault and publishes the task events it returns, then
    /// any side file it changed.
    public func write<T: Sendable>(_ body: @Sendable (Vault) throws -> (T, [VaultEvent])) throws -> T {
        let (result, events) = try body(vault)
        hub.publish(events)
        publishSideFileChanges()
        return result
    }

    /// Brings the index up to date after the watcher saw changes, and reports what changed.
    /// Files this server wrote are already indexed, so they produce no second event.
    @discardableResult
    public func syncFromDisk() -> [VaultEvent] {
        var events: [VaultEvent] = []
        do {
            let report = try vault.sync()
            for id in report.changedIDs {
                events.append(.task(kind: report.addedIDs.contains(id) ? .created : .updated, id: id))
            }
            events += report.removedIDs.map { .task(kind: .deleted, id: $0) }
        } catch {
            // The folder may be mid-rename; the next notification or rescan will catch up.
        }
        hub.publish(events)
        return events + publishSideFileChanges()
    }

    /// Publishes a `vault` event for each side file whose content changed since last reported.
    @discardableResult
    private func publishSideFileChanges() -> [VaultEvent] {
        var events: [VaultEvent] = []
        for name in VaultService.sideFiles {
            let hash = VaultService.hash(of: name, in: vault)
            if sideFileHashes[name] != .some(hash) {
                sideFileHashes[name] = .some(hash)
                events.append(.sideFile(name))
            }
        }
        hub.publish(events)
        return events
    }

    private static func hash(of name: String, in vault: Vault) -> String? {
        guard vault.folder.exists(name) else { return nil }
        return (try? vault.folder.read(name))?.stamp.hash
    }
}
