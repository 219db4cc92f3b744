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
    /// Classifies changes seen on disk, keeps the audit log and the ingest alert.
    let monitor: VaultMonitor
    /// Content hash of each side file as last reported (nil: absent).
    private var sideFileHashes: [String: String?] = [:]
    /// Size and mtime of each note file as last reported (nil: no snapshot yet); see
    /// `VaultService+Notes.swift`.
    var noteStamps: [String: String]?

    public init(vault: Vault, hub: EventHub) {
        self.vault = vault
        self.hub = hub
        monitor = VaultMonitor(vault: vault)
        var hashes: [String: String?] = [:]
        for name in VaultService.sideFiles { hashes[name] = VaultService.hash(of: name, in: vault) }
        sideFileHashes = hashes
    }

    /// The day of the last complete rollover this server made (nil: none yet).
    private var rolledOverOn: LocalDate?

    /// Runs a read-only request (after the day's rollover, when the day changed).
    public func read<T: Sendable>(_ body: @Sendable (Vault) throws -> T) throws -> T {
        startDay()
        return try body(vault)
    }

    /// Runs the planner's rollover (§14) at the first request of a new day — and from the
    /// live-update loop each minute, so open pages see tasks leave a past day at midnight. Its
    /// changes are published like any other.
    public func startDay() {
        let today = vault.clock.today
        guard rolledOverOn != today else { return }
        let result: Rollover?
        do { result = try vault.rolloverIfDayChanged() } catch { return }
        if result?.skipped.isEmpty ?? true { rolledOverOn = today }
        let moved = result?.moved ?? []
        guard !moved.isEmpty else { return }
        monitor.acknowledge(moved)
        hub.publish(moved.map { VaultEvent.task(kind: .updated, id: $0) })
    }

    /// Runs a request that changes the vault and publishes the task events it returns, then
    /// any side file it changed.
    public func write<T: Sendable>(_ body: @Sendable (Vault) throws -> (T, [VaultEvent])) throws -> T {
        startDay()
        let (result, events) = try body(vault)
        monitor.acknowledge(events.compactMap { event in
            if case let .task(_, id) = event { return id } else { return nil }
        })
        hub.publish(events)
        publishSideFileChanges()
        let created = events.compactMap { event -> (id: String, source: String?)? in
            guard case let .task(.created, id) = event else { return nil }
            return (id, (try? vault.read(id))?.0.source)
        }
        if let alert = monitor.recordCreated(created) { hub.publish([.alert(alert.message)]) }
        return result
    }

    /// Brings the index up to date after the watcher saw changes, and reports what changed.
    /// Files this server wrote are already indexed, so they produce no second event; changes by
    /// other programs are recorded in the audit log.
    @discardableResult
    public func syncFromDisk() -> [VaultEvent] {
        var events: [VaultEvent] = []
        do {
            let report = try monitor.process()
            for change in report.changes {
                let kind: VaultEvent.Kind = change.kind == .created ? .created : change.kind == .updated ? .updated : .deleted
                events.append(.task(kind: kind, id: change.id))
            }
            if let alert = report.alert { events.append(.alert(alert.message)) }
        } catch {
            // The folder may be mid-rename; the next notification or rescan will catch up.
        }
        hub.publish(events)
        return events + publishSideFileChanges() + publishNoteChanges()
    }

    /// Delivers the reminders now due (§17) — once per task, date and kind, shared with
    /// `todomd remind` through `.todomd/reminders.json` — to the open pages and, when given, to
    /// the desktop through `notify-send`.
    @discardableResult
    public func deliverReminders(notifier: String?, environment: [String: String]) -> [Reminders.Reminder] {
        startDay()
        let today = vault.clock.today
        let delivered = (try? vault.deliverReminders { reminder in
            let message = reminder.message(today: today)
            if let notifier {
                _ = ExternalProgram.run(notifier, ["--app-name=todomd", "todo.md", message], environment: environment)
            }
            hub.publish([.reminder(message, id: reminder.taskID)])
        }) ?? []
        return delivered
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
