/// Shared test fixtures.
public enum Fixtures {
    /// The `.perspectives.json` example of SPEC §10, verbatim.
    public static let examplePerspectives = """
        {
          "version": 1,
          "order": ["work-available"],
          "perspectives": {
            "work-available": {
              "id": "work-available",
              "name": "Work — Available Now",
              "icon": "briefcase",
              "color": "#4A90D9",
              "rules": {
                "operator": "AND",
                "conditions": [
                  { "field": "area", "op": "equals", "value": "Work" },
                  { "field": "status", "op": "in", "value": ["todo", "in-progress"] },
                  { "operator": "OR", "conditions": [
                      { "field": "priority", "op": "equals", "value": "high" },
                      { "field": "flagged", "op": "equals", "value": true } ] }
                ]
              },
              "sort": { "field": "due", "direction": "asc" },
              "group_by": "project",
              "layout": "default",
              "manual_order": null
            }
          }
        }
        """
}

/// SplitMix64 (Steele, Lea and Flood): a tiny, well-mixed, seedable generator, so seeded
/// property tests repeat exactly.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
