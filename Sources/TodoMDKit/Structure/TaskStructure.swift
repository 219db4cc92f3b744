/// Computes every task's ``TaskLinks`` from the whole vault (§23): parents resolved like a
/// manual-order entry, cycles and dangling references turned into warnings, children in their
/// order, progress, and which tasks are blocked — by `blocked_by`, or by an earlier open sibling
/// under a sequential parent or in a sequential project.
///
/// Pure and linear in the number of tasks and references: the index runs it after files change.
public struct TaskStructure: Sendable {
    /// What the computation needs of one task.
    public struct Row: Sendable {
        public let id: String
        public let parent: String?
        public let blockedBy: [String]
        public let sequential: Bool
        public let project: String?
        public let status: TaskStatus
        public let created: Double
        /// The last path component of the id (what a reference without `/` names).
        let filename: String

        public init(id: String, parent: String?, blockedBy: [String], sequential: Bool, project: String?,
                    status: TaskStatus, created: Double) {
            self.id = id
            self.parent = parent
            self.blockedBy = blockedBy
            self.sequential = sequential
            self.project = project
            self.status = status
            self.created = created
            filename = TodoTask.filename(ofID: id)
        }
    }

    /// The vault-wide settings the structure depends on.
    public struct Context: Sendable {
        /// `children:ID` entries of `.order.json`, by parent id.
        public var childOrder: [String: [String]]
        /// Projects marked sequential in `.todomd/projects.json`, with their `project:NAME` order.
        public var sequentialProjects: [String: [String]]

        public init(childOrder: [String: [String]] = [:], sequentialProjects: [String: [String]] = [:]) {
            self.childOrder = childOrder
            self.sequentialProjects = sequentialProjects
        }
    }

    /// The links of every task that has any (tasks missing from the result have the defaults).
    public static func links(of rows: [Row], context: Context = Context()) -> [String: TaskLinks] {
        let finder = Finder(rows)
        var links = [TaskLinks](repeating: TaskLinks(), count: rows.count)

        // Parents.
        var parent = [Int?](repeating: nil, count: rows.count)
        for (i, row) in rows.enumerated() {
            guard let written = row.parent?.trimmingCharacters(in: .whitespaces), !written.isEmpty else { continue }
            switch finder.find(TaskReference(written).target) {
            case let .found(j) where j == i:
                links[i].warnings.append("parent: the task is its own parent; listed at the top level")
            case let .found(j):
                parent[i] = j
            case .none:
                links[i].warnings.append("parent: `\(written)` matches no task; listed at the top level")
            case let .ambiguous(ids):
                links[i].warnings.append("parent: `\(written)` matches \(ids.count) tasks (\(ids.prefix(3).joined(separator: ", "))); listed at the top level")
            }
        }
        for cycle in cycles(following: parent) {
            let path = (cycle + [cycle[0]]).map { rows[$0].filename }.joined(separator: " → ")
            for i in cycle {
                parent[i] = nil
                links[i].warnings.append("parent: part of a cycle (\(path)); listed at the top level")
            }
        }

        // Children, in the parent's order.
        var children = [[Int]](repeating: [], count: rows.count)
        for i in rows.indices { if let p = parent[i] { children[p].append(i) } }
        for p in rows.indices where !children[p].isEmpty {
            let kids = children[p]
            children[p] = ordered(kids, by: context.childOrder[rows[p].id] ?? [], rows: rows)
            links[p].children = children[p].map { rows[$0].id }
            let counted = children[p].filter { rows[$0].status != .cancelled }
            links[p].progress = Tally(done: counted.filter { rows[$0].status == .done }.count, total: counted.count)
        }
        for i in rows.indices { links[i].parentID = parent[i].map { rows[$0].id } }

        // Dependencies: resolved edges first, then cycles, then what blocks.
        var edges = [[Int]](repeating: [], count: rows.count)
        for (i, row) in rows.enumerated() {
            for item in row.blockedBy {
                let reference = TaskReference(item)
                guard reference.isFinishToStart else {
                    links[i].warnings.append("blocked_by: `\(reference.relation ?? "")` dependencies are not supported; it blocks nothing")
                    continue
                }
                switch finder.find(reference.target) {
                case let .found(j) where j == i:
                    links[i].warnings.append("blocked_by: the task waits for itself; it blocks nothing")
                case let .found(j):
                    if !edges[i].contains(j) { edges[i].append(j) }
                case .none:
                    links[i].warnings.append("blocked_by: `\(reference.target)` matches no task; it blocks nothing")
                case let .ambiguous(ids):
                    links[i].warnings.append("blocked_by: `\(reference.target)` matches \(ids.count) tasks; it blocks nothing")
                }
            }
        }
        let component = stronglyConnected(edges)
        var componentSize: [Int: Int] = [:]
        for c in component { componentSize[c, default: 0] += 1 }
        for i in rows.indices {
            for j in edges[i] {
                if component[i] == component[j], componentSize[component[i], default: 0] > 1 {
                    links[i].warnings.append("blocked_by: `\(rows[j].filename)` waits for this task too (a cycle); it blocks nothing")
                } else if !rows[j].status.isClosed {
                    links[i].blockers.append(rows[j].id)
                }
            }
        }

        // Sequential parents and projects: every open sibling after the first waits for it.
        func sequence(_ members: [Int]) {
            let open = members.filter { rows[$0].status.isActive }
            guard let first = open.first else { return }
            for i in open.dropFirst() where !links[i].blockers.contains(rows[first].id) {
                links[i].blockers.append(rows[first].id)
            }
        }
        for p in rows.indices where rows[p].sequential && !children[p].isEmpty { sequence(children[p]) }
        if !context.sequentialProjects.isEmpty {
            var members: [String: [Int]] = [:]
            for (i, row) in rows.enumerated() where parent[i] == nil {
                if let project = row.project, context.sequentialProjects[project] != nil { members[project, default: []].append(i) }
            }
            for (project, list) in members {
                sequence(ordered(list, by: context.sequentialProjects[project] ?? [], rows: rows))
            }
        }

        var out: [String: TaskLinks] = [:]
        for i in rows.indices {
            links[i].blocked = !links[i].blockers.isEmpty
            if links[i] != TaskLinks() { out[rows[i].id] = links[i] }
        }
        return out
    }

    // MARK: - Resolution

    enum Match {
        case found(Int)
        case none
        case ambiguous([String])
    }

    /// Resolves references like a manual-order entry (§21): the id; else, without `/`, the one
    /// task with that filename (with or without `.md`) anywhere in the vault.
    struct Finder {
        let rows: [Row]
        var byID: [String: Int] = [:]
        var byFilename: [String: [Int]] = [:]

        init(_ rows: [Row]) {
            self.rows = rows
            byID.reserveCapacity(rows.count)
            for (i, row) in rows.enumerated() {
                byID[row.id] = i
                byFilename[row.filename, default: []].append(i)
            }
        }

        func find(_ target: String) -> Match {
            guard !target.isEmpty else { return .none }
            if let i = byID[target] { return .found(i) }
            if !target.lowercased().hasSuffix(".md"), let i = byID[target + ".md"] { return .found(i) }
            guard !target.contains("/") else { return .none }
            let named = byFilename[target] ?? byFilename[target + ".md"] ?? []
            switch named.count {
            case 0: return .none
            case 1: return .found(named[0])
            default: return .ambiguous(named.map { rows[$0].id }.sorted())
            }
        }
    }

    /// `members` in a manual order (entries are ids, or filenames without `/`), the rest by
    /// created ascending, then id.
    static func ordered(_ members: [Int], by entries: [String], rows: [Row]) -> [Int] {
        var rank: [String: Int] = [:]
        for (n, entry) in entries.enumerated() where rank[entry] == nil { rank[entry] = n }
        func position(_ i: Int) -> Int? {
            rank[rows[i].id] ?? (rows[i].id.contains("/") ? rank[rows[i].filename] : nil) ?? rank[rows[i].filename]
        }
        return members.sorted { a, b in
            switch (position(a), position(b)) {
            case let (x?, y?) where x != y: return x < y
            case (_?, nil): return true
            case (nil, _?): return false
            default:
                if rows[a].created != rows[b].created { return rows[a].created < rows[b].created }
                return rows[a].id < rows[b].id
            }
        }
    }

    // MARK: - Graphs

    /// The cycles of a graph where each node has at most one successor, each as its nodes.
    static func cycles(following next: [Int?]) -> [[Int]] {
        var state = [UInt8](repeating: 0, count: next.count)  // 0 new, 1 on the current walk, 2 finished
        var found: [[Int]] = []
        for start in next.indices where state[start] == 0 {
            var path: [Int] = []
            var node: Int? = start
            while let n = node, state[n] == 0 {
                state[n] = 1
                path.append(n)
                node = next[n]
            }
            if let n = node, state[n] == 1, let at = path.firstIndex(of: n) { found.append(Array(path[at...])) }
            for n in path { state[n] = 2 }
        }
        return found
    }

    /// Tarjan's strongly connected components, iteratively: each node's component number.
    static func stronglyConnected(_ edges: [[Int]]) -> [Int] {
        let n = edges.count
        var index = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var component = [Int](repeating: -1, count: n)
        var stack: [Int] = []
        var counter = 0
        var components = 0
        for root in 0..<n where index[root] == -1 && !edges[root].isEmpty {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack[root] = true
            while var frame = work.popLast() {
                let v = frame.node
                if frame.edge < edges[v].count {
                    let w = edges[v][frame.edge]
                    frame.edge += 1
                    work.append(frame)
                    if index[w] == -1 {
                        index[w] = counter; low[w] = counter; counter += 1
                        stack.append(w); onStack[w] = true
                        work.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                if low[v] == index[v] {
                    while let w = stack.popLast() {
                        onStack[w] = false
                        component[w] = components
                        if w == v { break }
                    }
                    components += 1
                }
                if let parentFrame = work.last { low[parentFrame.node] = min(low[parentFrame.node], low[v]) }
            }
        }
        for i in 0..<n where component[i] == -1 {
            component[i] = components
            components += 1
        }
        return component
    }
}
