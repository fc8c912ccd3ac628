import Screenplay

/// The flags' prerequisites as a graph (a flag → the flags its rules require): its cycles and its
/// longest chain, found once when a payload is made. Reading refuses a payload with either; the
/// evaluator reuses a prerequisite's value within an evaluation only when the graph has neither,
/// since only then does a flag's value not depend on the path that reached it.
struct PrerequisiteGraph: Sendable {
    /// One prerequisite: flag `from` requires `to`, in rule `rule`'s prerequisite `index`.
    struct Edge: Sendable {
        var from: String
        var to: String
        var rule: Int
        var index: Int
    }

    /// For each cycle found, its edge that closes it and the flags around it (`a → b → a`).
    var cycles: [(edge: Edge, flags: [String])] = []
    /// The longest chain of prerequisites (flags, first to last), when there are no cycles.
    var longestChain: [String] = []

    var isAcyclic: Bool { cycles.isEmpty }

    init(features: [String: FeatureFlag]) {
        var edges: [String: [Edge]] = [:]
        for (key, flag) in features {
            for (ruleIndex, rule) in flag.rules.enumerated() {
                for (index, prerequisite) in rule.parentConditions.enumerated() where features[prerequisite.flag] != nil {
                    edges[key, default: []].append(Edge(from: key, to: prerequisite.flag, rule: ruleIndex, index: index))
                }
            }
        }
        guard !edges.isEmpty else { return }
        // An iterative depth-first search (a chain of thousands of flags must not overflow the
        // stack): white unvisited, gray on the path, black done. An edge to a gray flag closes a cycle.
        enum Color { case gray, black }
        var color: [String: Color] = [:]
        // For each finished flag of an acyclic graph, the longest chain from it.
        var chain: [String: [String]] = [:]
        for root in edges.keys.sorted() where color[root] == nil {
            var stack: [(flag: String, next: Int)] = [(root, 0)]
            color[root] = .gray
            while let top = stack.last {
                let outgoing = edges[top.flag] ?? []
                if top.next < outgoing.count {
                    stack[stack.count - 1].next += 1
                    let edge = outgoing[top.next]
                    switch color[edge.to] {
                    case nil:
                        color[edge.to] = .gray
                        stack.append((edge.to, 0))
                    case .gray?:
                        let start = stack.firstIndex { $0.flag == edge.to } ?? 0
                        cycles.append((edge, stack[start...].map(\.flag) + [edge.to]))
                    case .black?:
                        break
                    }
                    continue
                }
                stack.removeLast()
                color[top.flag] = .black
                if cycles.isEmpty {
                    let longest = outgoing.map { chain[$0.to] ?? [$0.to] }.max { $0.count < $1.count } ?? []
                    chain[top.flag] = [top.flag] + longest
                }
            }
        }
        if cycles.isEmpty {
            longestChain = chain.values.max { $0.count < $1.count || ($0.count == $1.count && $0.lexicographicallyPrecedes($1)) } ?? []
        }
    }
}
