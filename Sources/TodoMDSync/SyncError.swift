import Foundation
import TodoMDKit

/// What can go wrong while syncing, in words a user can act on.
public enum SyncError: TodoMDError, Equatable {
    /// The database URL cannot be used (the URL with its password redacted, why).
    case invalidURL(String, reason: String)
    /// No URL was given and `.todomd/config.json` has no `sync_url`.
    case noDatabase
    /// The database could not be reached (redacted URL, why). The outbox is kept.
    case unreachable(String, reason: String)
    /// The database answered with an error (what we were doing, the server's message).
    case database(String, reason: String)
    /// A file under `.todomd/sync/` is damaged (path, why).
    case damagedState(path: String, reason: String)
    /// Another sync holds the vault's sync lock.
    case busy(path: String)
    /// A stored or pulled record is not a JSON object.
    case recordNotAnObject
    /// The vault synced as one owner and is asked to sync as another (the stored owner, the one asked).
    case ownerMismatch(synced: String, asked: String)

    public var kind: ErrorKind {
        switch self {
        case .invalidURL, .ownerMismatch: return .invalid
        case .noDatabase, .unreachable, .database, .busy: return .unavailable
        case .damagedState, .recordNotAnObject: return .unusableFile
        }
    }

    public var message: String {
        switch self {
        case let .invalidURL(url, reason):
            return "The database URL \(url) cannot be used: \(reason)."
        case .noDatabase:
            return "No database to sync with."
        case let .unreachable(url, reason):
            return "Cannot reach \(url): \(reason). Local changes are kept in the outbox and pushed next time."
        case let .database(what, reason):
            return "The database refused \(what): \(reason). Local changes are kept in the outbox."
        case let .damagedState(path, reason):
            return "\(path) is damaged: \(reason). Move it aside and sync again to rebuild it from the files."
        case let .busy(path):
            return "Another sync is running on this vault (lock \(path)); wait for it or stop it."
        case .recordNotAnObject:
            return "A sync record is not a JSON object."
        case let .ownerMismatch(synced, asked):
            return "This vault syncs as owner `\(synced)`, not `\(asked)`: nothing was synced. "
                + "Sync it as `\(synced)`, or move .todomd/sync/ aside to start over as `\(asked)`."
        }
    }

    public var hint: ErrorHint? {
        if case .noDatabase = self { return .configureDatabase }
        return nil
    }
}
