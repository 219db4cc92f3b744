import Foundation
import Logging
import MCP

/// A transport that, when its input ends, ends the session only once every request it read has
/// been answered.
///
/// The SDK's server answers each request in a task of its own and stops as soon as the input
/// ends, so a client that writes its requests and closes stdin at once
/// (`printf '…' | todomd mcp`, a script, a one-shot agent) lost the answers still being worked
/// out — most of the time the last one, often all of them. The input's end now waits for them:
/// not for a request the client cancelled (it gets no answer), not once the server disconnects,
/// and for one whose answer could not be sent only up to `patience`.
actor AnsweringTransport: Transport {
    nonisolated let logger = Logger(label: "todomd.mcp.transport")
    private let base: any Transport
    private let patience: Duration
    /// The ids of the requests read and not answered yet (``key(of:)``).
    private var unanswered: Set<String> = []
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Disconnected by the server: nothing is waited for any more.
    private var disconnected = false

    init(_ base: any Transport, patience: Duration = .seconds(60)) {
        self.base = base
        self.patience = patience
    }

    func connect() async throws { try await base.connect() }

    func disconnect() async {
        disconnected = true
        answered()
        await base.disconnect()
    }

    func send(_ data: Data) async throws {
        defer {
            unanswered.subtract(Self.ids(in: data).answered)
            if unanswered.isEmpty { answered() }
        }
        try await base.send(data)
    }

    func receive() -> AsyncThrowingStream<Data, Swift.Error> {
        let (stream, continuation) = AsyncThrowingStream<Data, Swift.Error>.makeStream()
        let base = self.base
        let reading = Task {
            do {
                for try await message in await base.receive() {
                    // Noted before the server sees it, so its answer cannot come first.
                    self.read(message)
                    continuation.yield(message)
                }
                await self.untilAnswered()
                continuation.finish()
            } catch {
                await self.untilAnswered()
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in reading.cancel() }
        return stream
    }

    private func read(_ message: Data) {
        let ids = Self.ids(in: message)
        unanswered.formUnion(ids.asked)
        // A request the client cancels gets no answer (MCP): it is not waited for.
        unanswered.subtract(ids.cancelled)
        if unanswered.isEmpty { answered() }
    }

    /// Returns when every request read has been answered, or after `patience`.
    private func untilAnswered() async {
        guard !unanswered.isEmpty, !disconnected else { return }
        let patience = self.patience
        let timer = Task {
            // Cancelled once everything is answered: then it has nothing to release.
            guard (try? await Task.sleep(for: patience)) != nil else { return }
            self.answered()
        }
        await withCheckedContinuation { waiting.append($0) }
        timer.cancel()
    }

    private func answered() {
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    /// What one message, or a batch, says of requests, by id (``key(of:)``).
    struct IDs: Equatable {
        /// Requests: a `method` and an `id`.
        var asked: [String] = []
        /// Responses: an `id` and no `method`.
        var answered: [String] = []
        /// Requests a `notifications/cancelled` cancels.
        var cancelled: [String] = []
    }

    /// The ids `message` asks, answers and cancels, from one parse of it.
    static func ids(in message: Data) -> IDs {
        var ids = IDs()
        guard let json = try? JSONSerialization.jsonObject(with: message) else { return ids }
        for item in (json as? [Any]) ?? [json] {
            guard let object = item as? [String: Any] else { continue }
            let method = object["method"] as? String
            if let id = object["id"].flatMap(key(of:)) {
                if method == nil { ids.answered.append(id) } else { ids.asked.append(id) }
            } else if method == "notifications/cancelled",
                      let id = (object["params"] as? [String: Any])?["requestId"].flatMap(key(of:)) {
                ids.cancelled.append(id)
            }
        }
        return ids
    }

    /// An id as the same text whichever side wrote it: `"7"` and `7` stay apart.
    static func key(of id: Any) -> String? {
        switch id {
        case let text as String: return "s" + text
        case let number as NSNumber: return "n" + number.stringValue
        default: return nil
        }
    }
}
