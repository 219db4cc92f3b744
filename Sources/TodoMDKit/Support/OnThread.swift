import Foundation

/// A value computed on a thread of its own while the caller goes on; ``value()`` waits for it.
///
/// A thread of its own rather than the shared pool, whose few threads may all be busy (or be the
/// caller), so the work starts at once.
final class OnThread<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the thread before `done` is signalled, read only after waiting for it.
    private var outcome: Result<T, Error>?

    init(_ work: @escaping @Sendable () throws -> T) {
        Thread { [self] in
            outcome = Result(catching: work)
            done.signal()
        }.start()
    }

    /// The value, or what the work threw; waits until it is done. Call it once.
    func value() throws -> T { try result().get() }

    /// The work's result; waits until it is done. Call it once.
    func result() -> Result<T, Error> {
        done.wait()
        guard let outcome else { preconditionFailure("OnThread: no result after the signal") }
        return outcome
    }
}

extension OnThread {
    /// `work` over `0..<count`, split into one range per core (at most `maxParts`) when `count`
    /// is at least `minimum`, the first range on the caller's thread and each other one on a
    /// thread of its own; the ranges' results in order.
    static func split(_ count: Int, minimum: Int, maxParts: Int = 4,
                      _ work: @escaping @Sendable (Range<Int>) -> T) -> [T] {
        let parts = count >= minimum ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, maxParts)) : 1
        guard parts > 1 else { return [work(0..<count)] }
        let share = (count + parts - 1) / parts
        let others = (1..<parts).map { p in
            let range = min(count, p * share)..<min(count, (p + 1) * share)
            return OnThread { work(range) }
        }
        let first = work(0..<min(count, share))
        return [first] + others.map { other in
            guard case let .success(value) = other.result() else { preconditionFailure("OnThread.split: work that cannot throw threw") }
            return value
        }
    }
}
