import Foundation
import TodoMDKit

/// A three-way merge of two versions of a record against their last synced version (§22).
///
/// Field by field: a field changed on one side only takes that side's value; changed on both
/// sides to the same value is no conflict; changed on both sides to different values is a
/// conflict, won by the side with the newer `updated_at` (the record's `modified`; the remote
/// side wins a tie, so every vault resolves it the same way). Unknown frontmatter keys
/// (`extra`) merge key by key; `body` and `path` are single fields. `modified` of the result is
/// the newer of the two.
public struct FieldMerge: Sendable, Equatable {
    /// The merged record.
    public let merged: SyncRecord
    /// The fields changed on both sides to different values, in record order.
    public let conflicts: [String]
    /// Whether some local value lost a conflict (then the local version is kept as a conflict copy).
    public let localLost: Bool
    /// Whether some remote value lost a conflict.
    public var remoteLost: Bool { !conflicts.isEmpty && !localLost }

    /// Merges `local` and `remote` against `base` (nil when neither side has synced the record yet:
    /// then every differing field is a conflict).
    public init(base: SyncRecord?, local: SyncRecord, remote: SyncRecord) {
        let localTime = local.updatedAt ?? .distantPast
        let remoteTime = remote.updatedAt ?? .distantPast
        let localWins = localTime > remoteTime
        var conflicts: [String] = []
        var fields: [(String, JSONValue)] = []

        func resolve(_ key: String, _ b: JSONValue?, _ l: JSONValue?, _ r: JSONValue?) -> JSONValue? {
            if SyncRecord.same(l, r) { return l }
            if SyncRecord.same(l, b) { return r }
            if SyncRecord.same(r, b) { return l }
            conflicts.append(key)
            return localWins ? l : r
        }

        for key in Self.keys(remote.fields.map(\.0), local.fields.map(\.0)) {
            switch key {
            case "modified":
                let newer = localWins ? local["modified"] : remote["modified"]
                if let newer { fields.append((key, newer)) }
            case "extra":
                let b = base?["extra"]?.objectValue ?? []
                let l = local["extra"]?.objectValue ?? []
                let r = remote["extra"]?.objectValue ?? []
                func value(_ pairs: [(String, JSONValue)], _ k: String) -> JSONValue? { pairs.first { $0.0 == k }?.1 }
                var merged: [(String, JSONValue)] = []
                for k in Self.keys(r.map(\.0), l.map(\.0)) {
                    if let v = resolve("extra." + k, value(b, k), value(l, k), value(r, k)) { merged.append((k, v)) }
                }
                fields.append((key, .object(merged)))
            default:
                if let v = resolve(key, base?[key], local[key], remote[key]) { fields.append((key, v)) }
            }
        }
        merged = SyncRecord(fields: fields)
        self.conflicts = conflicts
        localLost = !conflicts.isEmpty && !localWins
    }

    /// `first`'s keys, then `second`'s keys not in `first`.
    static func keys(_ first: [String], _ second: [String]) -> [String] {
        var seen = Set(first)
        var out = first
        for key in second where seen.insert(key).inserted { out.append(key) }
        return out
    }
}
