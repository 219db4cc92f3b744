import Foundation
import TodoMDKit

extension SyncEngine {
    /// Syncs continuously until the calling task is cancelled: a pass at once, then one after
    /// every local change (seen by ``FileWatcher``, inotify or polling) and one every
    /// `interval` to pull what other vaults pushed (the database is polled: one indexed query
    /// per pass when nothing changed).
    ///
    /// A failed pass (the database unreachable, say) is reported and retried at the next
    /// wake-up; local changes stay in the outbox meanwhile.
    ///
    /// - Parameters:
    ///   - interval: how often the database is polled.
    ///   - pollFiles: watch the folder by polling instead of inotify.
    ///   - report: called after every pass with its summary or error.
    public func watch(interval: Duration, pollFiles: Bool = false,
                      report: @escaping @Sendable (Result<SyncSummary, any Error>) -> Void) async throws {
        let watcher = FileWatcher(root: files.folder.root,
                                  mode: pollFiles ? .polling(interval: .milliseconds(500)) : .automatic)
        let (wakeups, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        try watcher.start { batch in
            // Our own state files (.todomd/sync) change on every pass: only vault files count.
            if batch.rescan || batch.paths.contains(where: { !Self.isHidden($0) }) { continuation.yield() }
        }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                continuation.yield()
            }
        }
        defer {
            watcher.stop()
            ticker.cancel()
        }
        continuation.yield()
        await withTaskCancellationHandler {
            for await _ in wakeups {
                if Task.isCancelled { break }
                do {
                    report(.success(try await sync()))
                } catch {
                    report(.failure(error))
                }
            }
        } onCancel: {
            continuation.finish()
        }
    }

    /// Whether a vault-relative path is in or is a hidden file or folder.
    static func isHidden(_ path: String) -> Bool {
        path.split(separator: "/").contains { $0.hasPrefix(".") }
    }
}
