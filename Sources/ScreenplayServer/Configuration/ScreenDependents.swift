/// Which screens used what can change at run time, as they were last built: the paths a change
/// touches (whose live subscribers are invalidated), and the ids of each screen's own nodes (which
/// content published into its slots must not repeat). ``LiveConfiguration`` keeps one under its lock.
///
/// ```swift
/// var dependents = ScreenDependents()
/// dependents.record(path: "home", experiments: ["homeOrder"], slots: ["home.promo"], flags: [])
/// dependents.paths(touchedBy: [.slot("home.promo")])   // ["home"]
/// ```
struct ScreenDependents {
    /// The most paths whose dependencies are remembered; past it, a change may touch any path.
    static let maxTrackedPaths = 20_000

    /// Which paths used what, as last built.
    private var dependents: [LiveConfiguration.Dependency: Set<String>] = [:]
    private var pathCount = 0
    /// More paths than remembered were built since: a change may touch any of them.
    private var overflowed = false
    /// The node ids of each path's screen that are its own (not a slot's content), as last built.
    private var pageIDs: [String: Set<String>] = [:]

    /// Remembers what the screen at `path` used; past ``maxTrackedPaths``, forgets every path and
    /// from then on says that a change may touch any.
    mutating func record(path: String, experiments: [String], slots: [String], flags: [String]) {
        let used =
            experiments.map(LiveConfiguration.Dependency.experiment) + slots.map(LiveConfiguration.Dependency.slot)
            + flags.map(LiveConfiguration.Dependency.flag)
        for dependency in used {
            if dependents[dependency, default: []].insert(path).inserted { pathCount += 1 }
        }
        if pathCount > Self.maxTrackedPaths {
            dependents = [:]
            pathCount = 0
            overflowed = true
        }
    }

    /// Remembers the ids the screen at `path` gives its own nodes (at most ``maxTrackedPaths`` paths:
    /// past it, forgets the others).
    mutating func record(path: String, pageIDs ids: Set<String>) {
        if pageIDs.count >= Self.maxTrackedPaths, pageIDs[path] == nil { pageIDs.removeAll() }
        pageIDs[path] = ids
    }

    /// The paths that used any of `dependencies`, or nil when any path may have (more paths were
    /// built than remembered).
    func paths(touchedBy dependencies: [LiveConfiguration.Dependency]) -> Set<String>? {
        if overflowed { return nil }
        return dependencies.reduce(into: Set<String>()) { $0.formUnion(dependents[$1] ?? []) }
    }

    /// The screens that place `slot` and have a node of their own with one of `ids`, with that id.
    func pagesSharingIDs(withSlot slot: String, ids: Set<String>) -> [(path: String, id: String)] {
        (dependents[.slot(slot)] ?? []).sorted().flatMap { path in
            (pageIDs[path] ?? []).intersection(ids).sorted().map { (path, $0) }
        }
    }
}
