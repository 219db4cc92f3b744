/// How long a task has waited in the backlog (§14, §22), the backlog's groups in display order.
public enum BacklogAge: String, CaseIterable, Sendable {
    case today = "Today"
    case yesterday = "Yesterday"
    case thisWeek = "This Week"
    case older = "Older"

    /// The group of a task that has waited `days` days: 0 Today, 1 Yesterday, 2–6 This Week,
    /// 7 and more Older. A date in the future (a clock set back) counts as Today.
    public init(days: Int) {
        switch days {
        case ...0: self = .today
        case 1: self = .yesterday
        case 2...6: self = .thisWeek
        default: self = .older
        }
    }

    /// The group name shown to a user and used in JSON.
    public var name: String { rawValue }
}
