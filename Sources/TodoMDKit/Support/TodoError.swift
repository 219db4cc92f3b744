import Foundation

/// What can go wrong with tasks, views, perspectives, the planner and the vault's files, in
/// words a user can act on.
///
/// Front ends map it through ``TodoMDError``: ``kind`` decides exit codes (§19), HTTP statuses
/// (§22) and MCP errors; ``hint`` is rendered in each front end's own words.
public enum TodoError: TodoMDError, Equatable {
    /// A task reference matched nothing.
    case taskNotFound(String)
    /// A task reference matched several tasks, listed by id.
    case ambiguousReference(String, candidates: [String])
    /// The file changed on disk since it was read; nothing was written.
    case conflict(path: String)
    /// A value given by the user is not valid for a field.
    case invalidValue(field: String, value: String, reason: String)
    /// A file could not be read as a task (path, reason).
    case unparseable(path: String, reason: String)
    /// The file's frontmatter cannot be edited line by line (path, reason).
    case notEditable(path: String, reason: String)
    /// An environment variable holds something unusable (name, reason).
    case invalidEnvironment(String, String)
    /// A file system operation failed.
    case io(path: String, reason: String)
    /// The vault folder does not exist.
    case noVault(String)
    /// A view name that is not one of §6's.
    case unknownView(String)
    /// No perspective has this id.
    case unknownPerspective(String)
    /// Built-in perspectives cannot be changed (duplicate them instead).
    case readOnlyPerspective(String)
    /// A list request names both a view and a perspective.
    case viewAndPerspective
    /// A side file (`.order.json`, `.tags.json`, `.perspectives.json`, `.todomd/config.json`,
    /// `.todomd/reminders.json`) exists but cannot be read; it is never replaced silently.
    case unreadableSideFile(path: String, reason: String)
    /// A task is not in the view whose manual order should change (task id, view id).
    case notInView(String, view: String)
    /// A task has no place on a day's plan, so it has no planned order (task id).
    case notPlanned(String)
    /// A task is not in the planner bucket named (task id, region, bucket, date).
    case notInBucket(String, region: PlanRegion, bucket: PlanBucket, date: LocalDate)
    /// The region has no room left in its buckets (§14).
    case regionFull(PlanRegion)
    /// The planner lock (§14) holds a region's Complementary tasks until its Must-Do is done
    /// (the region, the Must-Do's title).
    case mustDoFirst(region: PlanRegion, mustDo: String)
    /// The vault's settings do not let a source do this (§22).
    case notAllowed(source: String, action: SourceAction, allowed: [SourceAction])
    /// A conflict copy reference matched nothing.
    case conflictCopyNotFound(String)
    /// A conflict copy or its original is no longer there (copy, original).
    case conflictCopyGone(copy: String, original: String)
    /// A write, move or new folder would go through a symbolic link in the vault (§2), which
    /// could lead outside it; nothing was changed (the vault-relative path that is a link).
    case symlinkRefused(path: String)
    /// Completing, cancelling or deleting a task with open subtasks (§23) was not asked to
    /// include them; nothing was changed (the task, what was asked, the open descendants' ids).
    case openSubtasks(String, action: SubtaskAction, open: [String])
    /// A restore (§5) named a file that is not in `.trash/`: restored already, or the trash was
    /// emptied (its path in the vault).
    case notInTrash(String)

    public var kind: ErrorKind {
        switch self {
        case .taskNotFound, .unknownView, .unknownPerspective, .conflictCopyNotFound, .notInTrash: return .notFound
        case .ambiguousReference: return .ambiguous
        case .conflict, .conflictCopyGone: return .conflict
        case .invalidValue, .invalidEnvironment, .notInView, .notPlanned, .notInBucket, .openSubtasks: return .invalid
        case .unparseable, .notEditable, .unreadableSideFile, .symlinkRefused: return .unusableFile
        case .io, .noVault: return .unavailable
        case .readOnlyPerspective, .viewAndPerspective: return .usage
        case .regionFull, .mustDoFirst: return .ruleViolation
        case .notAllowed: return .forbidden
        }
    }

    public var message: String {
        switch self {
        case let .taskNotFound(ref):
            return "No task matches `\(ref)`."
        case let .ambiguousReference(ref, candidates):
            return "`\(ref)` matches \(candidates.count) tasks; say which one:\n"
                + candidates.map { "  \($0)" }.joined(separator: "\n")
        case let .conflict(path):
            return "\(path) changed on disk since it was read; nothing was written."
        case let .invalidValue(field, value, reason):
            return "`\(field): \(value)` is not valid: \(reason)"
        case let .unparseable(path, reason):
            return "\(path) is not a task file: \(reason)"
        case let .notEditable(path, reason):
            return "\(path) cannot be edited safely: \(reason)"
        case let .invalidEnvironment(name, reason):
            return "\(name): \(reason)"
        case let .io(path, reason):
            return "\(path): \(reason)"
        case let .noVault(path):
            return "There is no vault at \(path)."
        case let .unknownView(name):
            return "`\(name)` is not a view. Views: inbox, today, upcoming, anytime, someday, flagged, "
                + "logbook, all, area:NAME, project:NAME, tag:NAME."
        case let .unknownPerspective(id):
            return "There is no perspective `\(id)`."
        case let .readOnlyPerspective(id):
            return "`\(id)` is a built-in perspective and cannot be changed."
        case .viewAndPerspective:
            return "Ask for a view or a perspective, not both."
        case let .unreadableSideFile(path, reason):
            return "\(path) could not be read (\(reason))"
        case let .notInView(id, view):
            return "\(id) is not in the \(view) view"
        case let .notPlanned(id):
            return "\(id) is not planned on a day, so it has no order to change"
        case let .notInBucket(id, region, bucket, date):
            return "\(id) is not in the \(region.displayName) \(bucket.displayName) bucket of \(date)"
        case let .regionFull(region):
            return PlanLimits.fullMessage(region)
        case let .mustDoFirst(region, mustDo):
            return "The \(region.displayName) Must-Do comes first: complete \"\(mustDo)\" before its "
                + "Complementary tasks (planner_lock is on)"
        case let .notAllowed(source, action, allowed):
            let what = allowed.isEmpty ? "nothing" : allowed.map(\.rawValue).joined(separator: ", ")
            return "`\(source)` may not \(action.phrase) in this vault "
                + "(.todomd/config.json \"sources\" allows it: \(what))."
        case let .conflictCopyNotFound(ref):
            return "No conflict copy matches `\(ref)`."
        case let .conflictCopyGone(copy, original):
            return "\(copy) or \(original) is gone."
        case let .openSubtasks(id, action, open):
            let shown = open.prefix(10).map { "  \($0)" }.joined(separator: "\n")
            return "\(id) has \(open.count) open subtask\(open.count == 1 ? "" : "s"); nothing was \(action.pastTense):\n"
                + shown + (open.count > 10 ? "\n  … and \(open.count - 10) more" : "")
        case let .symlinkRefused(path):
            return "\(path) is a symbolic link; todo.md does not write, move or create files through a link "
                + "(it could lead outside the vault)"
        case let .notInTrash(path):
            return "\(path) is not in the trash: it was restored already, or the trash was emptied."
        }
    }

    public var hint: ErrorHint? {
        switch self {
        case .taskNotFound: return .listTasks
        case .conflict: return .retry
        case let .noVault(path): return .createVault(path: path)
        case .unknownPerspective: return .listPerspectives
        case let .readOnlyPerspective(id): return .duplicatePerspective(id: id)
        case let .unreadableSideFile(path, _): return .fixOrRemove(file: path)
        case let .symlinkRefused(path): return .replaceLink(path: path)
        case let .openSubtasks(_, action, _): return .includeSubtasks(action: action)
        case .conflictCopyNotFound, .conflictCopyGone: return .listConflicts
        default: return nil
        }
    }
}
