/// How a listing shows structure (§23): children follow their parent, in the parent's order,
/// when both are in the same group; a child whose parent is not listed stays where its sort put it.
public enum Nesting {
    /// `rows` (already sorted) with every listed child moved right after its listed parent
    /// (and that parent's earlier children), recursively.
    public static func nest(_ rows: [TaskRow]) -> [TaskRow] {
        guard rows.contains(where: { $0.links.parentID != nil }) else { return rows }
        var byID: [String: TaskRow] = [:]
        for row in rows { byID[row.id] = row }
        var out: [TaskRow] = []
        out.reserveCapacity(rows.count)
        var placed = Set<String>()
        // Depth first without recursion: a hand-made chain may be thousands of tasks deep.
        func emit(_ root: TaskRow) {
            var stack = [root]
            while let row = stack.popLast() {
                guard placed.insert(row.id).inserted else { continue }
                out.append(row)
                stack += row.links.children.reversed().compactMap { byID[$0] }
            }
        }
        for row in rows where row.links.parentID.map({ byID[$0] == nil }) ?? true { emit(row) }
        // Rows whose chain of listed parents never reaches a root cannot exist (parents are
        // acyclic), but nothing may be lost if one did.
        for row in rows where !placed.contains(row.id) { emit(row) }
        return out
    }

    /// Each row's depth under listed parents (0 for a row whose parent is not in `rows`).
    public static func depths(_ rows: [TaskRow]) -> [Int] {
        var depth: [String: Int] = [:]
        return rows.map { row in
            let d = row.links.parentID.flatMap { depth[$0].map { $0 + 1 } } ?? 0
            depth[row.id] = d
            return d
        }
    }
}
