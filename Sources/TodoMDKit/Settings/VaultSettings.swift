import Foundation

/// `.todomd/config.json` (§2, §17): settings, with every key kept as read.
public struct VaultSettings: Sendable {
    /// The file as read.
    public var json: JSONValue

    /// Defaults only.
    public init() { json = .object([]) }

    /// Reads the settings text.
    public init(text: String) throws {
        let value = try JSONValue.parse(text)
        guard case .object = value else { throw SideDocumentProblem("expected a JSON object") }
        json = value
    }

    /// Completed tasks move to `Archive/` (§5).
    public var archiveCompleted: Bool { json["archive_completed"]?.boolValue ?? false }

    /// A `fixed` repeat catches up: the next occurrence is after today too (§24). Default on.
    public var recurrenceCatchUp: Bool { json["recurrence_catch_up"]?.boolValue ?? true }

    /// Minutes of a Pomodoro work period (§27), 1–240; default 25.
    public var pomodoroWork: Int { minutes("pomodoro_work", default: 25) }

    /// Minutes of a Pomodoro break (§27), 1–240; default 5.
    public var pomodoroBreak: Int { minutes("pomodoro_break", default: 5) }

    /// A whole number of minutes from 1 to 240 under `key`, else `fallback`.
    private func minutes(_ key: String, default fallback: Int) -> Int {
        guard let n = json[key]?.numberValue, n == n.rounded(), (1...240).contains(n) else { return fallback }
        return Int(n)
    }

    /// Persistent reminders may nag (§24). Default off: nothing nags until a user turns it on.
    public var nagEnabled: Bool { json["nag_enabled"]?.boolValue ?? false }

    /// Who may nag (§24): nobody unless ``nagEnabled``; then `user` and `shortcut` tasks and
    /// the sources whose `allow` names `nag` (`"sources": {"agent": {"allow": ["create", "nag"]}}`).
    public var nagPolicy: Reminders.NagPolicy {
        guard nagEnabled else { return .off }
        var sources: Set<String> = []
        for (name, entry) in json["sources"]?.objectValue ?? [] {
            let names: [String] = switch entry["allow"] {
            case let .array(items)?: items.compactMap(\.stringValue)
            case let .string(one)?: [one]
            default: []
            }
            if names.contains(where: { $0.lowercased() == "nag" }) { sources.insert(name) }
        }
        return Reminders.NagPolicy(enabled: true, sources: sources)
    }

    // MARK: - Sources

    /// What `source` may do (§22): `"sources": {"NAME": {"allow": [...]}}`.
    ///
    /// A source without an entry (or an entry without `allow`) may do everything. Any allowed
    /// action implies `read` (`["create"]` may read and create). An `allow` that is neither a
    /// list nor a string allows nothing: a restriction that cannot be read is not lifted.
    public func allowedActions(source: String) -> Set<SourceAction> {
        guard let entry = json["sources"]?[source], let allow = entry["allow"] else {
            return Set(SourceAction.allCases)
        }
        let names: [String]
        switch allow {
        case let .array(items): names = items.compactMap(\.stringValue)
        case let .string(name): names = [name]
        default: names = []
        }
        var actions = Set(names.compactMap { SourceAction(rawValue: $0.lowercased()) })
        if !actions.isEmpty { actions.insert(.read) }
        return actions
    }

    /// Whether `source` may do `action` in this vault.
    public func allows(_ action: SourceAction, source: String) -> Bool {
        allowedActions(source: source).contains(action)
    }

    /// Checks that `source` may do `action`.
    ///
    /// - Throws: ``TodoError/notAllowed(source:action:allowed:)`` naming the source, the refused
    ///   action and what the settings allow it, e.g. "`claude-agent` may not complete tasks in
    ///   this vault (.todomd/config.json "sources" allows it: read, create)."
    public func require(_ action: SourceAction, source: String) throws {
        let allowed = allowedActions(source: source)
        guard !allowed.contains(action) else { return }
        throw TodoError.notAllowed(source: source, action: action, allowed: SourceAction.allCases.filter(allowed.contains))
    }
}

/// What a source (an agent, a script) may be allowed to do in a vault (§22).
public enum SourceAction: String, CaseIterable, Sendable {
    case read, create, update, complete, delete, plan

    /// The action as a verb for messages: "complete tasks", "plan the day".
    public var phrase: String {
        switch self {
        case .read: return "read tasks"
        case .create: return "create tasks"
        case .update: return "change tasks"
        case .complete: return "complete tasks"
        case .delete: return "delete tasks"
        case .plan: return "plan the day"
        }
    }
}

extension VaultSettings: SideDocument {
    public static let path = ".todomd/config.json"
    /// Settings that cannot be read stop every command that needs them: defaults might archive,
    /// remind or sync in ways the user turned off.
    public static let policy = SideFilePolicy.refuse
    public var text: String { json.pretty() + "\n" }
}
