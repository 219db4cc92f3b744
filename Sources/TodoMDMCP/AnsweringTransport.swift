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
            for id in Self.ids(in: data, requests: false) { unanswered.remove(id) }
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
        unanswered.formUnion(Self.ids(in: message, requests: true))
        // A request the client cancels gets no answer (MCP): it is not waited for.
        unanswered.subtract(Self.cancelled(in: message))
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

    /// The ids of the JSON-RPC requests (`requests`) or responses in `message`, one message or
    /// a batch. A request has a `method` and an `id`; a response an `id` and no `method`.
    static func ids(in message: Data, requests: Bool) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: message) else { return [] }
        let items = (json as? [Any]) ?? [json]
        return items.compactMap { item in
            guard let object = item as? [String: Any], let id = object["id"], (object["method"] != nil) == requests
            else { return nil }
            return key(of: id)
        }
    }

    /// The ids of the requests `message` cancels (`notifications/cancelled`), one message or a
    /// batch.
    static func cancelled(in message: Data) -> [String] {
        guard let json = try? JSONSerialization.jsonObject(with: message) else { return [] }
        let items = (json as? [Any]) ?? [json]
        return items.compactMap { item in
            guard let object = item as? [String: Any], object["method"] as? String == "notifications/cancelled",
                  let params = object["params"] as? [String: Any], let id = params["requestId"]
            else { return nil }
            return key(of: id)
        }
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
