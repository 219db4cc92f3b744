import Foundation
import Logging
import ServiceLifecycle
import Testing
import TodoMDKit
import TodoMDTestSupport
@testable import TodoMDServer

@Suite("Live updates")
struct LiveUpdateTests {
    @Test func fileWrittenByAnotherProgramIsReportedOnce() async throws {
        let f = try ServerFixture()
        let events = EventRecorder(f.service.hub)
        try f.temp.task("dropped.md", title: "Dropped in by a script")
        await f.service.syncFromDisk()
        await f.service.syncFromDisk()
        #expect(await events.wait(for: 1) == [.task(kind: .created, id: "dropped.md")])

        try f.temp.task("dropped.md", title: "Edited by a script", "priority: high")
        await f.service.syncFromDisk()
        try FileManager.default.removeItem(atPath: f.temp.root + "/dropped.md")
        await f.service.syncFromDisk()
        #expect(await events.wait(for: 3) == [.task(kind: .created, id: "dropped.md"),
                                              .task(kind: .updated, id: "dropped.md"),
                                              .task(kind: .deleted, id: "dropped.md")])
    }

    @Test func aTaskAddedByAnotherTodoMDProcessIsReported() async throws {
        // `todomd add` in a terminal shares the index with the server and updates it first.
        let f = try ServerFixture()
        let events = EventRecorder(f.service.hub)
        let cli = try Vault(path: f.temp.root, clock: f.temp.clock, environment: f.temp.environment, actor: "cli")
        let task = try cli.add(TodoTask(title: "From the terminal", created: f.temp.clock.now, source: "user"))
        await f.service.syncFromDisk()
        #expect(await events.wait(for: 1) == [.task(kind: .created, id: task.id)])
    }

    @Test func remindersReachTheOpenPagesOncePerTaskAndDate() async throws {
        let f = try ServerFixture { t in
            try t.task("rent.md", title: "Pay rent", "due: 2026-11-21")
            try t.task("later.md", title: "Later", "due: 2026-11-25")
        }
        let events = EventRecorder(f.service.hub)
        let first = await f.service.deliverReminders(notifier: nil, environment: [:])
        #expect(first.map(\.taskID) == ["rent.md"])
        #expect(await f.service.deliverReminders(notifier: nil, environment: [:]).isEmpty)
        let seen = await events.wait(for: 1)
        guard case let .reminder(message, id, _)? = seen.first else { Issue.record("no reminder event: \(seen)"); return }
        #expect(id == "rent.md")
        #expect(message.contains("Pay rent"))
        #expect(f.temp.exists(".todomd/reminders.json"))
    }

    @Test func changesThroughTheAPIAreReportedOnce() async throws {
        let f = try ServerFixture()
        let events = EventRecorder(f.service.hub)
        try await f.test { client in
            _ = try await client.send(.post, "/api/v1/tasks", #"{"text": "Through the API"}"#)
        }
        // The watcher would wake the service after the server's own write: nothing new to say.
        await f.service.syncFromDisk()
        try await Task.sleep(for: .milliseconds(50))
        let seen = events.all
        #expect(seen.count == 1)
        guard case .task(.created, _)? = seen.first else { Issue.record("expected one created event, got \(seen)"); return }
    }

    @Test func sideFilesAreReportedOnceWhoeverWritesThem() async throws {
        let f = try ServerFixture { t in
            try t.task("a.md", title: "A", "due: 2026-11-21")
            try t.task("b.md", title: "B", "due: 2026-11-21")
        }
        let events = EventRecorder(f.service.hub)
        try await f.test { client in
            _ = try await client.send(.post, "/api/v1/tasks/b.md/move", #"{"view": "today", "before": "a.md"}"#)
        }
        await f.service.syncFromDisk()
        try f.temp.write(".theme.json", #"{"preset": "ink"}"#)
        await f.service.syncFromDisk()
        #expect(await events.wait(for: 2) == [.sideFile(".order.json"), .sideFile(".theme.json")])
    }

    /// A request publishes what its mutation wrote, as the vault's file layer recorded it: no
    /// route lists its events by hand, so none can forget one.
    @Test func aRequestPublishesExactlyWhatItChanged() async throws {
        let f = try ServerFixture { t in
            try t.task("water.md", title: "Water plants", "due: 2026-11-21\nrecurrence: \"FREQ=WEEKLY\"")
            try t.write(".todomd/config.json", #"{"archive_completed": true}"#)
            try t.write("Notes/shop.md", "# Shopping\n\n- [ ] Milk\n")
        }
        let events = EventRecorder(f.service.hub)
        try await f.test { client in
            _ = try await client.send(.post, "/api/v1/tasks/water.md/complete", "{}")
            _ = try await client.send(.post, "/api/v1/notes/shop/tasks", #"{"lines": [3]}"#)
        }
        await f.service.syncFromDisk()
        let seen = await events.wait(for: 5)
        let created = seen.compactMap { event -> String? in
            if case let .task(.created, id) = event { return id } else { return nil }
        }
        #expect(seen.prefix(2) == [.task(kind: .deleted, id: "water.md"), .task(kind: .created, id: "Archive/water.md")])
        #expect(created.count == 3)  // the archived copy, the next in the series, the task from the note
        #expect(seen.last == .sideFile("Notes/shop.md"))
        try await Task.sleep(for: .milliseconds(50))
        #expect(events.all.count == 5)
    }

    @Test func theWatcherWakesTheServiceAndShutdownEndsTheStreams() async throws {
        for mode in [FileWatcher.Mode.automatic, .polling(interval: .milliseconds(100))] {
            let f = try ServerFixture()
            let stream = f.service.hub.subscribe()
            let group = ServiceGroup(configuration: .init(
                services: [LiveUpdates(service: f.service, mode: mode, pingInterval: .seconds(60))],
                logger: Logger(label: "test")))
            let running = Task { try await group.run() }
            let reader = Task { () -> VaultEvent? in
                for await event in stream where event != .ping { return event }
                return nil
            }
            // A generous deadline, not a speed assertion.
            let timer = Task { try await Task.sleep(for: .seconds(5)); reader.cancel() }
            // Give the watcher a moment to start, then write as another program would.
            try await Task.sleep(for: .milliseconds(300))
            try f.temp.task("new.md", title: "From outside")
            let received = await reader.value
            timer.cancel()
            #expect(received == .task(kind: .created, id: "new.md"), "\(mode)")
            await group.triggerGracefulShutdown()
            try await running.value
            #expect(f.service.hub.subscriberCount == 0)
        }
    }
}

