import Foundation
import TodoMDKit

/// The one owner of the vault while the server runs: every request and every file-system
/// notification goes through this actor, one at a time, so a change made through the API and the
/// watcher's view of the same file never race — and each change is reported exactly once.
public actor VaultService {
    public nonisolated let vault: Vault
    public nonisolated let hub: EventHub
    /// Classifies changes seen on disk (tasks, notes, side files), keeps the audit log and the
    /// ingest alert.
    let monitor: VaultMonitor
    /// `notify-send`, asked once whether it takes `--action`.
    var desktop: DesktopNotifier?

    public init(vault: Vault, hub: EventHub) {
        self.vault = vault
        self.hub = hub
        monitor = VaultMonitor(vault: vault)
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
        let (result, change) = vault.recordingChanges { try vault.rolloverIfDayChanged() }
        publish(change)
        guard case let .success(rollover) = result else { return }
        if rollover?.skipped.isEmpty ?? true { rolledOverOn = today }
    }

    /// Runs a request that changes the vault and publishes what it changed on disk — as the
    /// vault's file layer recorded it (``VaultChange``), also when the request failed halfway.
    public func write<T: Sendable>(_ body: @Sendable (Vault) throws -> T) throws -> T {
        startDay()
        let (result, change) = vault.recordingChanges { try body(vault) }
        publish(change)
        return try result.get()
    }

    /// Publishes this server's own change and records it, so the watcher does not report it
    /// again; many new tasks at once raise the ingest alert (§17).
    private func publish(_ change: VaultChange) {
        guard !change.isEmpty else { return }
        monitor.acknowledge(change)
        hub.publish(VaultEvent.events(for: change))
        let created = change.created.map { id in (id: id, source: (try? vault.read(id))?.0.source) }
        if let alert = monitor.recordCreated(created) { hub.publish([.alert(alert.message)]) }
    }

    /// Brings the index up to date after the watcher saw changes, and reports what changed.
    /// Files this server wrote are already acknowledged, so they produce no second event;
    /// changes by other programs are recorded in the audit log.
    @discardableResult
    public func syncFromDisk() -> [VaultEvent] {
        var events: [VaultEvent] = []
        do {
            let report = try monitor.process()
            for change in report.changes {
                let kind: VaultEvent.Kind = change.kind == .created ? .created : change.kind == .updated ? .updated : .deleted
                events.append(.task(kind: kind, id: change.id))
            }
            events += (report.sideFiles + report.notes).map(VaultEvent.sideFile)
            if let alert = report.alert { events.append(.alert(alert.message)) }
        } catch {
            // The folder may be mid-rename; the next notification or rescan will catch up.
        }
        hub.publish(events)
        return events
    }

    /// Delivers the reminders now due (§17) — once per task, date and kind, shared with
    /// `todomd remind` through `.todomd/reminders.json` — to the open pages and, when given, to
    /// the desktop through `notify-send`.
    ///
    /// A `notify-send` that takes `--action` shows Done, Snooze 1 hr, Snooze until tomorrow and
    /// Stop nagging (§24); the one picked is applied as the web toast's would be.
    @discardableResult
    public func deliverReminders(notifier: String?, environment: [String: String]) -> [Reminders.Reminder] {
        startDay()
        if let notifier, desktop?.path != notifier { desktop = DesktopNotifier(path: notifier, environment: environment) }
        let desktop = notifier == nil ? nil : desktop
        let today = vault.clock.today
        let delivered = (try? vault.deliverReminders { reminder in
            let message = reminder.message(today: today)
            desktop?.notify(reminder, message: message) { [weak self] action in
                Task { _ = try? await self?.applyReminderAction(action, to: reminder.taskID) }
            }
            hub.publish([.reminder(message, id: reminder.taskID, nags: reminder.nags)])
        }) ?? []
        return delivered
    }

    /// Applies what a person answered a reminder with (§24), from the desktop or the web app,
    /// and reports the change to the open pages.
    @discardableResult
    public func applyReminderAction(_ action: ReminderAction, to id: String) throws -> ReminderActionOutcome {
        try write { vault in try vault.applyReminderAction(action, to: id) }
    }
}
