import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The walk over a vault's files, started before the command that needs it is parsed
/// (issue 17).
///
/// A command spends its first milliseconds on the same core, one step after another: the
/// runtime, ArgumentParser, the settings, opening the index. Only then did the walk begin, with
/// the second core idle until it did. `todomd` starts this walk as soon as it knows which vault
/// the command names, and the index's sync takes its result instead of walking again
/// (``TaskIndex/open(at:for:timeZone:variant:clock:progress:watcherTimeout:scanAhead:)``).
///
/// It walks only when the command would: when the vault has an index (a cold build parses every
/// file and needs no stamps first) and no running watcher vouches for it (``WatcherAnswer``).
/// What it finds is what a walk a few milliseconds later finds, unless a file changes in
/// between, which a later walk could miss just as well; a file another command made and
/// indexed meanwhile is not taken for removed (its row is stamped after ``startedAt``).
public final class ScanAhead: Sendable {
    /// The vault folder walked (its real path, as ``VaultFolder/root``).
    let root: String
    /// When the walk began (``WallClock``): a file indexed since by another process may be
    /// missing from it without being gone.
    let startedAt: Int64
    private let walk: OnThread<[ScannedFile]?>
    /// What the walk found once waited for (nil inside: it did not walk); whether it was taken.
    private let state = Locked<(found: [ScannedFile]??, taken: Bool)>((nil, false))

    private init(root: String, _ work: @escaping @Sendable () -> [ScannedFile]?) {
        self.root = root
        startedAt = WallClock.nanoseconds()
        walk = OnThread(work)
    }

    /// Starts walking the vault at `vaultPath` on a thread of its own, with the index and the
    /// watcher `environment` names (§2's cache location).
    ///
    /// - Returns: nil when `vaultPath` is no vault folder or the vault has no index yet.
    public static func start(vaultPath: String, environment: [String: String]) -> ScanAhead? {
        guard let folder = try? VaultFolder(path: vaultPath) else { return nil }
        let index = TaskIndex.defaultPath(forVaultAt: folder.root, environment: environment)
        guard access(index, F_OK) == 0 else { return nil }
        let timeout = WatcherAnswer.timeout(environment: environment)
        return ScanAhead(root: folder.root) {
            if let timeout, case let .current(vouch) = WatcherAnswer.ask(cacheFolder: (index as NSString).deletingLastPathComponent,
                                                                         timeout: timeout),
               vouch.identifies(folder.root) {
                return nil
            }
            return folder.scan(stamps: true)
        }
    }

    /// The files found and when the walk began, when this walked `folder` and they were not
    /// taken yet; waits for the walk to end. Nil otherwise (then walk).
    func take(for folder: VaultFolder) -> (files: [ScannedFile], startedAt: Int64)? {
        guard folder.root == root else { return nil }
        let found = waitForWalk()
        return state.withLock { state in
            defer { state.taken = true }
            guard !state.taken, let found else { return nil }
            return (found, startedAt)
        }
    }

    /// Waits until the walk has ended; what it found, nil when it did not walk.
    @discardableResult
    func waitForWalk() -> [ScannedFile]? {
        // Only the first caller waits on the thread (its result can be had once); a thread
        // calling meanwhile waits on the lock.
        state.withLock { state in
            if let found = state.found { return found }
            let found: [ScannedFile]? = (try? walk.value()) ?? nil
            state.found = .some(found)
            return found
        }
    }
}
