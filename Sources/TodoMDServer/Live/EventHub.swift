import Foundation
import TodoMDKit

/// One change reported on `/api/v1/events`.
public enum VaultEvent: Sendable, Equatable {
    /// A task file was created, changed or removed.
    case task(kind: Kind, id: String)
    /// A side file (`.order.json`, `.perspectives.json`, `.theme.json`, …) changed.
    case sideFile(String)
    /// Many new tasks arrived at once (§17 ingest alert): the sentence to show.
    case alert(String)
    /// A reminder came due (§17, §24): the sentence, the task, and whether it nags (its toast
    /// then offers Stop nagging).
    case reminder(String, id: String, nags: Bool = false)
    /// Nothing happened; keeps idle connections (and proxies) from timing out.
    case ping

    /// What happened to a task.
    public enum Kind: String, Sendable { case created, updated, deleted }

    /// The events a change made by this server shows to open pages: task files created,
    /// changed and removed (a move is the old id removed and the new one created), then each
    /// note and watched side file written. Tasks changed come before tasks created, as a
    /// completion comes before the next task of its series.
    public static func events(for change: VaultChange) -> [VaultEvent] {
        var events: [VaultEvent] = []
        events += change.updated.map { .task(kind: .updated, id: $0) }
        for move in change.moved {
            events += [.task(kind: .deleted, id: move.from), .task(kind: .created, id: move.to)]
        }
        events += change.deleted.map { .task(kind: .deleted, id: $0) }
        events += change.created.map { .task(kind: .created, id: $0) }
        events += change.notes.map(VaultEvent.sideFile)
        events += change.sideFiles.filter(VaultMonitor.watchedSideFiles.contains).map(VaultEvent.sideFile)
        return events
    }

    /// The event in Server-Sent Events form (§13): `event: change` / `event: vault`.
    public var serverSentEvent: String {
        switch self {
        case let .task(kind, id):
            let data = JSONValue.object([("kind", .string(kind.rawValue)), ("id", .string(id))]).compact()
            return "event: change\ndata: \(data)\n\n"
        case let .sideFile(name):
            return "event: vault\ndata: \(JSONValue.object([("file", .string(name))]).compact())\n\n"
        case let .alert(message):
            return "event: alert\ndata: \(JSONValue.object([("message", .string(message))]).compact())\n\n"
        case let .reminder(message, id, nags):
            // The actions its toast offers (§24), as `POST /api/v1/tasks/{id}/reminder` takes them.
            let actions: [JSONValue] = id == Reminders.reviewID ? [] : ReminderAction.allCases
                .filter { $0 != .stop || nags }
                .map { JSONValue.object([("action", .string($0.rawValue)), ("label", .string($0.label))]) }
            let data = JSONValue.object([("message", .string(message)), ("id", .string(id)),
                                         ("actions", .array(actions))]).compact()
            return "event: reminder\ndata: \(data)\n\n"
        case .ping:
            return ": ping\n\n"
        }
    }
}

/// Fans vault events out to every open event stream.
///
/// Each subscriber gets its own buffered stream; a slow browser never blocks the vault. Closing
/// the hub (at shutdown) ends every stream so open connections let the server stop.
public final class EventHub: Sendable {
    private struct State {
        var next = 0
        var subscribers: [Int: AsyncStream<VaultEvent>.Continuation] = [:]
        var closed = false
    }
    private let state = Locked(State())

    public init() {}

    /// A new stream of events, from now on, ending when the client goes or the hub closes.
    public func subscribe() -> AsyncStream<VaultEvent> {
        let (stream, continuation) = AsyncStream<VaultEvent>.makeStream(bufferingPolicy: .bufferingNewest(10_000))
        let id: Int? = state.withLock { s in
            if s.closed { return nil }
            s.next += 1
            s.subscribers[s.next] = continuation
            return s.next
        }
        guard let id else { continuation.finish(); return stream }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends events to every subscriber.
    public func publish(_ events: [VaultEvent]) {
        guard !events.isEmpty else { return }
        let targets = state.withLock { Array($0.subscribers.values) }
        for continuation in targets {
            for event in events { continuation.yield(event) }
        }
    }

    /// Number of open streams.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Ends every stream; later subscribers get an ended stream.
    public func close() {
        let targets = state.withLock { s -> [AsyncStream<VaultEvent>.Continuation] in
            s.closed = true
            defer { s.subscribers = [:] }
            return Array(s.subscribers.values)
        }
        for continuation in targets { continuation.finish() }
    }
}
