// Walks what a view's body builds and keeps it between updates, as SwiftUI's graph does, so that the
// renderers are checked against the update rules they rely on for cost and correctness:
//
// - a view's body is evaluated when the view first appears, and again only when its value changed
//   (field by field: equal values, the same objects; a closure always differs), when the view is
//   wrapped in `.equatable()` and `==` says it changed, when an environment value it read changed,
//   or when `@State` it owns or an `@Observable` property it read changed;
// - `@State` keeps its first value for as long as the view keeps its identity (its place in its
//   parent, its `ForEach` id, its `.id`); a new identity starts afresh;
// - two equal ids in one `ForEach` are an error (SwiftUI's "occurs multiple times" warning);
// - `.task` runs when its view appears, `.task(id:)` again when its id changes, and both are
//   cancelled when the view goes; `.onDisappear` runs when it goes; `.onAppear` runs after the
//   update that first showed the view (its state changes are seen at the next update);
// - a `ViewModifier` with `@State` keeps it for its identity, as a view does.
//
//     let graph = ViewGraph(ScreenView(store: store, runtime: runtime))
//     store.set("city", to: "Paris")      // a keystroke
//     graph.update()
//     graph.evaluations(of: "NodeView")   // the bodies evaluated again

import Observation

/// One primitive view found by the inspector, with the built-in modifiers applied to it.
public struct InspectedView {
    public var kind: String
    public var children: [InspectedView]
    /// Outermost first.
    public var modifiers: [(name: String, value: Any)] = []
    public var text: Text?
    /// The font a text is drawn in: its own or its ancestors' (`.font` is an environment value).
    public var font: Font?
    public var title: String?
    /// The title was a `LocalizedStringKey` (looked up, read as Markdown).
    public var titleIsLocalizedKey = false
    public var value: String?
    public var action: (() -> Void)?
    public var setText: ((String) -> Void)?
    public var setFlag: ((Bool) -> Void)?
    /// An image's label (`Image(_:scale:orientation:label:)`); nil for one made without.
    public var imageLabel: String?
    /// An image made with `Image(decorative:…)`: not in the accessibility tree.
    public var isDecorative = false
    /// The UIKit view a `UIViewRepresentable` made (kept for its identity).
    public var uiView: AnyObject?

    public init(_ kind: String, children: [InspectedView] = []) {
        self.kind = kind
        self.children = children
    }

    /// A text input: its title, its value, and a way to type into it.
    init(field kind: String, _ title: String, _ text: Binding<String>) {
        self.init(kind)
        self.title = title
        value = text.wrappedValue
        setText = { text.wrappedValue = $0 }
    }

    /// The value of the outermost modifier called `name`.
    public func modifier(_ name: String) -> Any? { modifiers.first { $0.name == name }?.value }

    /// Every view of this tree, depth first.
    public func walk(_ visit: (InspectedView) -> Void) {
        visit(self)
        for child in children { child.walk(visit) }
    }
}

/// A view kept between updates: its identity's state, what its body read, and its last body.
@MainActor public final class ViewGraph {
    /// The primitive views the root shows now.
    public private(set) var root = InspectedView("Empty")
    /// What SwiftUI reports at run time (two equal ids in a `ForEach`), since the graph was made.
    public private(set) var problems: [String] = []
    /// The environment the root is shown in; a change is seen at the next ``update()``.
    public var environment: EnvironmentValues
    /// How many rows a lazy stack or grid makes: those a screen shows. Nil makes every row, as a
    /// screen scrolled to its end does (and as an eager stack always does).
    public var visibleRows: Int?
    private let view: any View
    private var nodes: [String: Node] = [:]
    private var lifecycles: [String: Lifecycle] = [:]
    private var seen = Swift.Set<String>()
    private var seenLifecycles = Swift.Set<String>()
    private var counts: [String: Int] = [:]
    /// The graph being updated, and the view whose body is being evaluated or walked.
    static var current: ViewGraph?
    static var reading: Node?

    public init<V: View>(_ view: V, environment: EnvironmentValues = EnvironmentValues(), visibleRows: Int? = nil) {
        self.view = view
        self.environment = environment
        self.visibleRows = visibleRows
        update()
    }

    /// Brings the graph up to date: evaluates the bodies the rules say are invalid, and nothing else.
    public func update() {
        let saved = (EnvironmentValues.current, Self.current, Self.reading)
        EnvironmentValues.current = environment
        Self.current = self
        Self.reading = nil
        defer { (EnvironmentValues.current, Self.current, Self.reading) = saved }
        seen = []
        seenLifecycles = []
        var inspector = ViewInspector(graph: self)
        root = inspector.inspect(view)
        for identity in nodes.keys where !seen.contains(identity) { nodes[identity] = nil }
        for (identity, lifecycle) in lifecycles where !seenLifecycles.contains(identity) {
            lifecycle.task?.cancel()
            lifecycle.onDisappear?()
            lifecycles[identity] = nil
        }
        // `.onAppear` actions run after the update that showed their views; the state they change
        // is seen at the next update (SwiftUI's next pass).
        let appeared = appearing
        appearing = []
        for action in appeared { action() }
    }

    private var appearing: [() -> Void] = []

    /// Whether a body is invalid (state or an observed value changed) and waits for ``update()``.
    public var needsUpdate: Bool { nodes.values.contains { $0.isInvalid } }

    /// How many times bodies of views of type `name` (without generic arguments) were evaluated.
    public func evaluations(of name: String) -> Int { counts[name] ?? 0 }
    /// Every evaluation since the last reset, by type name.
    public var evaluations: [String: Int] { counts }
    /// The identities of the views evaluated since the last reset, in order (for messages).
    public private(set) var evaluated: [String] = []
    public func resetCounts() {
        counts = [:]
        evaluated = []
    }

    /// One view of the graph: the value it was last given, its state, what its body read.
    @MainActor final class Node {
        var view: any View
        var body: (any View)?
        var reads: [AnyKeyPath: Any] = [:]
        var states: [Int: AnyObject] = [:]
        var isInvalid = false

        init(_ view: any View) { self.view = view }

        func record(_ keyPath: AnyKeyPath, _ value: Any) { reads[keyPath] = value }

        /// Whether an environment value the body read is not the one in force now.
        var readsChanged: Bool {
            reads.contains { keyPath, old in
                guard let new = EnvironmentValues.current[keyPath: keyPath] else { return true }
                return !Sameness.same(old, new)
            }
        }

        /// Gives the view's `@State` properties the storage of this identity.
        func install(into view: any View) {
            let owner = (view as? StateOwning)?.stateOwner ?? view
            for (slot, child) in Mirror(reflecting: owner).children.enumerated() {
                (child.value as? StateStorage)?.install(in: self, slot: slot)
            }
        }
    }

    /// The `.task` and `.onDisappear` of one view.
    @MainActor final class Lifecycle {
        var id: AnyHashable?
        var task: Task<Void, Never>?
        var onDisappear: (() -> Void)?
        var changeValue: Any?
    }

    /// The view at `identity`: reused when it is the same type, else made anew (its state dropped).
    func node(at identity: String, for view: any View) -> (Node, isNew: Bool) {
        seen.insert(identity)
        if let node = nodes[identity], type(of: node.view) == type(of: view) { return (node, false) }
        let node = Node(view)
        nodes[identity] = node
        return (node, true)
    }

    func counted(_ view: any View, at identity: String) {
        counts[ViewInspector.name(of: view), default: 0] += 1
        evaluated.append(identity)
    }

    func report(_ problem: String) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// The UIKit views `UIViewRepresentable`s made, and their coordinators, by identity.
    private var representables: [String: (view: AnyObject, coordinator: Any)] = [:]

    /// The view and coordinator of the representable at `identity`: made once, then kept.
    func representable(at identity: String, make: () -> (AnyObject, Any)) -> (view: AnyObject, coordinator: Any) {
        if let kept = representables[identity] { return kept }
        let made = make()
        representables[identity] = (made.0, made.1)
        return (made.0, made.1)
    }

    /// Runs `action` when the view at `identity` appears, and again when `id` changes.
    func task(at identity: String, id: AnyHashable?, _ action: @escaping @Sendable () async -> Void) {
        seenLifecycles.insert(identity)
        let lifecycle = lifecycles[identity] ?? Lifecycle()
        lifecycles[identity] = lifecycle
        guard lifecycle.task == nil || lifecycle.id != id else { return }
        lifecycle.task?.cancel()
        lifecycle.id = id
        lifecycle.task = Task { @MainActor in await action() }
    }

    /// Runs an `.onChange` action when the value differs from the one the view was last shown with
    /// (and with the first value too when `initial`), as SwiftUI does after the update.
    func onChange(at identity: String, _ change: OnChange) {
        seenLifecycles.insert(identity)
        let lifecycle = lifecycles[identity] ?? Lifecycle()
        lifecycles[identity] = lifecycle
        defer { lifecycle.changeValue = change.value }
        guard let old = lifecycle.changeValue else {
            if change.initial { change.action(change.value, change.value) }
            return
        }
        if !Sameness.same(old, change.value) { change.action(old, change.value) }
    }

    /// Runs an `.onAppear` action when its view first appears (again after it went and came back).
    func onAppear(at identity: String, _ action: (() -> Void)?) {
        seenLifecycles.insert(identity)
        guard lifecycles[identity] == nil else { return }
        lifecycles[identity] = Lifecycle()
        if let action { appearing.append(action) }
    }

    func onDisappear(at identity: String, _ action: (() -> Void)?) {
        seenLifecycles.insert(identity)
        let lifecycle = lifecycles[identity] ?? Lifecycle()
        lifecycles[identity] = lifecycle
        lifecycle.onDisappear = action
    }
}

/// Evaluates views into ``InspectedView`` trees, keeping them in a ``ViewGraph``.
@MainActor public struct ViewInspector {
    let graph: ViewGraph
    /// The identity of the view being inspected: the places and types from the root.
    private(set) var identity = ""
    private var position = 0
    /// Set by `EquatableView`: the next view is compared with `==`.
    var comparesWithEquals = false
    /// The rows a lazy stack around the view being inspected may still make; nil in an eager one.
    private(set) var lazyWindow: LazyWindow?

    /// The rows left to make in one lazy container (its `ForEach`es share them).
    final class LazyWindow {
        var remaining: Int
        init(_ rows: Int) { remaining = rows }
    }

    /// Inspects a lazy container's content: only ``ViewGraph/visibleRows`` rows are made.
    mutating func lazily(_ inspect: (inout ViewInspector) -> InspectedView) -> InspectedView {
        let saved = lazyWindow
        lazyWindow = graph.visibleRows.map(LazyWindow.init)
        defer { lazyWindow = saved }
        return inspect(&self)
    }

    /// Inspects an eager container's content: every row is made.
    mutating func eagerly(_ inspect: (inout ViewInspector) -> InspectedView) -> InspectedView {
        let saved = lazyWindow
        lazyWindow = nil
        defer { lazyWindow = saved }
        return inspect(&self)
    }

    init(graph: ViewGraph) { self.graph = graph }

    /// Inspects `view` as the next child of the view being inspected, or under `key`.
    public mutating func inspect(_ view: any View, key: String? = nil) -> InspectedView {
        let place: String
        if let key {
            place = key
        } else {
            place = String(position)
            position += 1
        }
        let parent = (identity, position)
        identity += "/\(place):\(Self.name(of: view))"
        position = 0
        defer { (identity, position) = parent }
        let equals = comparesWithEquals
        comparesWithEquals = false
        if let primitive = view as? any PrimitiveView { return primitive.inspected(by: &self) }
        return composite(view, comparedWithEquals: equals)
    }

    /// A view with a body: evaluated when the rules say so, else its last body walked again.
    private mutating func composite(_ view: any View, comparedWithEquals equals: Bool) -> InspectedView {
        let (node, isNew) = graph.node(at: identity, for: view)
        let changed =
            isNew || node.body == nil || node.isInvalid
            || !(equals ? Sameness.equal(node.view, view) : Sameness.same(node.view, view)) || node.readsChanged
        node.view = view
        let saved = ViewGraph.reading
        ViewGraph.reading = node
        defer { ViewGraph.reading = saved }
        if changed {
            node.install(into: view)
            node.reads = [:]
            // The view's environment values, as in force here (a skipped view keeps the ones it had).
            resolveEnvironment(of: view)
            node.isInvalid = false
            graph.counted(view, at: identity)
            node.body = withObservationTracking {
                Self.body(of: view)
            } onChange: { [weak node] in
                MainActor.assumeIsolated { node?.isInvalid = true }
            }
        }
        guard let body = node.body else { return InspectedView("Empty") }
        return inspect(body, key: "body")
    }

    private static func body<V: View>(of view: V) -> any View { view.body }

    /// The identity of the view being inspected, for modifiers that keep something per view.
    var currentIdentity: String { identity }

    /// A view's type without its generic arguments (`ModifiedContent`, `NodeView`).
    static func name(of view: any View) -> String {
        String(describing: type(of: view)).prefix { $0 != "<" }.description
    }

    /// Inspects `view` once with these environment values, in a graph of its own.
    public static func inspect(_ view: some View, environment: EnvironmentValues = EnvironmentValues()) -> InspectedView {
        ViewGraph(view, environment: environment).root
    }

}

/// What an `.onChange` modifier was given.
struct OnChange {
    let value: Any
    let initial: Bool
    let action: (Any, Any) -> Void
}

/// Storage a view's property keeps in the graph (`@State`).
protocol StateStorage {
    @MainActor func install(in node: ViewGraph.Node, slot: Int)
}

/// SwiftUI's comparison of two values of a view: `==` where the value is `Equatable`, the same
/// object for classes, field by field for structures, enumerations and tuples, and different for
/// anything else (a closure). Graph-managed properties (`@State`, `@Environment`) are skipped: the
/// graph tracks them itself.
enum Sameness {
    static func same(_ lhs: Any, _ rhs: Any) -> Bool {
        guard type(of: lhs) == type(of: rhs) else { return false }
        if lhs is GraphManaged { return true }
        if let lhs = lhs as? any Equatable { return lhs.isEqual(to: rhs) }
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        switch left.displayStyle {
        case .class?:
            return (lhs as AnyObject) === (rhs as AnyObject)
        case .struct?, .tuple?, .optional?:
            guard left.children.count == right.children.count else { return false }
            return zip(left.children, right.children).allSatisfy { same($0.value, $1.value) }
        case .enum?:
            guard String(describing: lhs).prefix(while: { $0 != "(" }) == String(describing: rhs).prefix(while: { $0 != "(" }),
                left.children.count == right.children.count
            else { return false }
            return zip(left.children, right.children).allSatisfy { $0.label == $1.label && same($0.value, $1.value) }
        default:
            return false
        }
    }

    /// `==` of two `Equatable` views (`.equatable()`).
    static func equal(_ lhs: any View, _ rhs: any View) -> Bool {
        guard let lhs = lhs as? any Equatable else { return same(lhs, rhs) }
        return lhs.isEqual(to: rhs)
    }
}

/// Properties whose changes the graph tracks itself, and which never make a view's value differ.
protocol GraphManaged {}

extension Equatable {
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
