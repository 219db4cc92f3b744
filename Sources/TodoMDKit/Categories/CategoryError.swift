import Foundation

/// What can go wrong with tag categories (§15), in words a user can act on.
///
/// A `.tags.json` that cannot be read is a ``TodoError/unreadableSideFile(path:reason:)``, as
/// for every side file.
public enum CategoryError: TodoMDError, Equatable {
    /// No category (and no task) has this tag.
    case categoryNotFound(String)
    /// A category value is not valid (field, value, reason).
    case invalidCategory(field: String, value: String, reason: String)

    public var kind: ErrorKind {
        switch self {
        case .categoryNotFound: return .notFound
        case .invalidCategory: return .invalid
        }
    }

    public var message: String {
        switch self {
        case let .categoryNotFound(tag):
            return "There is no tag `\(tag)`."
        case let .invalidCategory(field, value, reason):
            return "`\(field): \(value)` is not valid: \(reason)"
        }
    }

    public var hint: ErrorHint? {
        switch self {
        case .categoryNotFound: return .listTags
        case .invalidCategory: return nil
        }
    }
}
