import Foundation

/// The 1–3–5 rule of the day planner (§14): per region and day, at most 1 Must-Do,
/// 3 Complementary and 5 Misc tasks; the backlog has no limit.
public enum PlanLimits {
    /// The regions a day is planned in (the backlog is not one of them).
    public static let dayRegions: [PlanRegion] = [.morning, .afternoon, .evening]

    /// The buckets of a day region, Must-Do first.
    public static let dayBuckets: [PlanBucket] = [.must, .complementary, .misc]

    /// How many tasks `bucket` holds per region and day; nil for `none` (the backlog).
    public static func limit(of bucket: PlanBucket) -> Int? {
        switch bucket {
        case .must: return 1
        case .complementary: return 3
        case .misc: return 5
        case .none: return nil
        }
    }

    /// The §14 message for a full bucket: `Morning region full (1 Must-Do, 3 Complementary, 5 Misc)`.
    public static func fullMessage(_ region: PlanRegion) -> String {
        let limits = dayBuckets.map { "\(limit(of: $0) ?? 0) \($0.displayName)" }.joined(separator: ", ")
        return "\(region.displayName) region full (\(limits))"
    }
}

extension PlanRegion {
    /// The region's name as a user sees it: `Morning`, `Afternoon`, `Evening`, `Backlog`.
    public var displayName: String {
        switch self {
        case .morning: return "Morning"
        case .afternoon: return "Afternoon"
        case .evening: return "Evening"
        case .backlog: return "Backlog"
        }
    }
}

extension PlanBucket {
    /// The bucket's name as a user sees it: `Must-Do`, `Complementary`, `Misc`, `None`.
    public var displayName: String {
        switch self {
        case .must: return "Must-Do"
        case .complementary: return "Complementary"
        case .misc: return "Misc"
        case .none: return "None"
        }
    }
}

extension PlanRegion {
    /// The region a task goes to when none is given: `morning` before 12:00, `afternoon`
    /// before 17:00, else `evening` (local time).
    public static func current(at clock: TodoClock) -> PlanRegion {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = clock.timeZone
        let hour = calendar.component(.hour, from: clock.now)
        if hour < 12 { return .morning }
        if hour < 17 { return .afternoon }
        return .evening
    }
}
