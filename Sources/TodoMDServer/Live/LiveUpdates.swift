import Foundation
import ServiceLifecycle
import TodoMDKit

/// Keeps the index current while the server runs and turns file changes into events: a
/// ``FileWatcher`` (inotify, polling fallback) wakes ``VaultService/syncFromDisk()``.
///
/// Runs as a service beside the HTTP server; at graceful shutdown it stops the watcher and ends
/// every event stream, so open browser connections do not hold the server up.
public struct LiveUpdates: Service {
    let service: VaultService
    let mode: FileWatcher.Mode
    let pingInterval: Duration
    /// Deliver reminders each minute (with `notify-send` at this path, when set).
    let reminders: Reminding?

    /// How the server delivers reminders.
    public struct Reminding: Sendable {
        public var notifier: String?
        public var environment: [String: String]
        public init(notifier: String?, environment: [String: String]) {
            self.notifier = notifier
            self.environment = environment
        }
    }

    public init(service: VaultService, mode: FileWatcher.Mode = .automatic, pingInterval: Duration = .seconds(15),
                reminders: Reminding? = nil) {
        self.service = service
        self.mode = mode
        self.pingInterval = pingInterval
        self.reminders = reminders
    }

    public func run() async throws {
        let (batches, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        // While it runs, CLI commands on the same vault skip their scan when it vouches for the index.
        let watcher = try service.monitor.startWatching(mode: mode) { _ in continuation.yield() }
        // Whatever changed while the server was starting.
        await service.syncFromDisk()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                // One sync per wake-up; batches arriving meanwhile collapse into the next one.
                for await _ in batches { await service.syncFromDisk() }
            }
            group.addTask {
                while !Task.isCancelled {
                    try? await Task.sleep(for: pingInterval)
                    // A new day rolls yesterday's open plan into the backlog (§14), live.
                    await service.startDay()
                    service.hub.publish([.ping])
                }
            }
            if let reminders {
                group.addTask {
                    while !Task.isCancelled {
                        await service.deliverReminders(notifier: reminders.notifier, environment: reminders.environment)
                        try? await Task.sleep(for: .seconds(60))
                    }
                }
            }
            // External calendars (§25): fetched when stale, off the vault's queue, so a slow one
            // holds nothing up; open pages hear when a copy changed.
            group.addTask {
                while !Task.isCancelled {
                    if let plan = try? await service.read({ vault in
                        (try vault.settings().calendars, vault.cacheFolder, vault.environment, vault.clock.timeZone)
                    }), !plan.0.isEmpty,
                       await CalendarRoutes.refreshOffThread(plan.0, cacheFolder: plan.1, environment: plan.2, timeZone: plan.3) {
                        service.hub.publish([.sideFile("calendars")])
                    }
                    try? await Task.sleep(for: .seconds(60))
                }
            }
            group.addTask {
                try? await gracefulShutdown()
            }
            await group.next()
            watcher.stop()
            continuation.finish()
            service.hub.close()
            group.cancelAll()
        }
    }
}
