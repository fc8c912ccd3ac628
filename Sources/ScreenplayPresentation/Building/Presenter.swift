import Screenplay

/// Presents screens for a renderer, and presents them again after a patch, an answer or a
/// keystroke by rebuilding only the nodes the change touches: every other subtree is the value
/// built before (and compares equal to it).
///
/// ```swift
/// let presenter = Presenter(options: PresentationOptions(customTypes: ["BANNER"]))
/// var shown = presenter.present(screen, values: store.values)
/// // … the user types a character in the city filter:
/// shown = presenter.present(screen, values: store.values)   // only the field and its ancestors are new
/// ```
///
/// A presenter remembers one screen; it is not thread-safe (use it from the thread that renders).
/// The presentations it returns are immutable values and may go anywhere.
public final class Presenter {
    public let options: PresentationOptions
    /// The work done so far: nodes presented afresh and subtrees reused.
    public let statistics = PresentationStatistics()
    private var last: (screenID: String?, memo: Memo)?

    public init(options: PresentationOptions = PresentationOptions()) {
        self.options = options
    }

    /// The presentation of `screen`'s body under the client `values`.
    public func present(_ screen: Screen, values: [String: JSONValue]) -> ScreenPresentation {
        present(screen.body, id: screen.id, at: [.key("body")], values: values, types: screen.variableTypes)
    }

    /// The presentation of a node on its own (a fragment, a test), at the root of the document.
    public func present(_ node: Node, values: [String: JSONValue] = [:]) -> ScreenPresentation {
        present(node, id: nil, at: [], values: values, types: [:])
    }

    /// The presentation of `screen`'s body for a renderer that draws it once and keeps nothing (a
    /// web page, a terminal outline): nothing is remembered for a next presentation.
    public static func presentOnce(_ screen: Screen, values: [String: JSONValue], options: PresentationOptions) -> ScreenPresentation {
        build(
            screen.body, at: [.key("body")], values: values, types: screen.variableTypes, options: options,
            statistics: PresentationStatistics(), remembering: nil
        ).0
    }

    /// A node on its own, at the root of the document, drawn once; its bindings read `values` as
    /// `types` declares them.
    public static func presentOnce(
        _ node: Node, values: [String: JSONValue], types: [String: ExpressionType] = [:], options: PresentationOptions
    ) -> ScreenPresentation {
        build(node, at: [], values: values, types: types, options: options, statistics: PresentationStatistics(), remembering: nil).0
    }

    private func present(
        _ node: Node, id: String?, at path: [JSONPath.Component], values: [String: JSONValue], types: [String: ExpressionType]
    ) -> ScreenPresentation {
        let old = last.flatMap { $0.screenID == id ? $0.memo : nil }
        let (presentation, memo) = Self.build(
            node, at: path, values: values, types: types, options: options, statistics: statistics, remembering: .init(old: old))
        last = (id, memo)
        return presentation
    }

    /// What a presenter that keeps its work passes: the memo of the last presentation, if any.
    private struct Remembering {
        let old: Memo?
    }

    /// Presents `node`; when `remembering`, builds what the next presentation reuses.
    private static func build(
        _ node: Node, at path: [JSONPath.Component], values: [String: JSONValue], types: [String: ExpressionType],
        options: PresentationOptions, statistics: PresentationStatistics, remembering: Remembering?
    ) -> (ScreenPresentation, Memo) {
        var context = PresentationContext(values: values, options: options, statistics: statistics)
        context.types = types
        context.evaluator = ExpressionEvaluator(localeIdentifier: options.localeIdentifier)
        context.remembers = remembering != nil
        var builder = PresentationBuilder(context: context, path: path)
        let memo = builder.memo(for: node, reusing: remembering?.old)
        // A declared variable holding a value of another type (an old app's, a server's effect)
        // reads as its type's default: said once per presentation, at the screen's variables.
        let variableProblems =
            types.isEmpty ? [] : context.variables.problems.map { Diagnostic(.warning, .invalidValue, at: "variables", $0.message) }
        return (ScreenPresentation(root: memo.presented, diagnostics: variableProblems + memo.diagnostics), memo)
    }

    /// Forgets the last screen: the next presentation starts afresh.
    public func reset() {
        last = nil
    }
}

/// A screen as its renderers draw it.
public struct ScreenPresentation: Sendable, Hashable {
    /// The body; nil when it takes no space (hidden, or an undrawable component in a release build).
    public var root: PresentedNode?
    /// Problems found while presenting the eagerly presented nodes (lazy rows carry theirs).
    public var diagnostics: [Diagnostic]

    public init(root: PresentedNode?, diagnostics: [Diagnostic] = []) {
        self.root = root
        self.diagnostics = diagnostics
    }

    /// Whether the body is the screen's vertical scroll view itself; otherwise a renderer puts the
    /// body in one. Either way a screen has one vertical scroll (and one refresh control): a
    /// vertical `scroll` below the body is presented as a lazy column that does not scroll.
    public var bodyScrolls: Bool {
        if case .stack(let layout, _)? = root?.content, layout.scrolling == .scrolls, layout.axis == .vertical { return true }
        return false
    }

    /// Calls `visit` for every presented node, depth first, lazy rows included (this presents
    /// them), with the node's depth.
    public func walk(_ visit: (PresentedNode, Int) -> Void) {
        root?.walk(depth: 0, visit)
    }
}

extension PresentedNode {
    /// Calls `visit` for this node and every node drawn under it, depth first (not the fallback
    /// of an app-defined component the app draws).
    public func walk(depth: Int = 0, _ visit: (PresentedNode, Int) -> Void) {
        visit(self, depth)
        for children in content.childGroups {
            for child in children { child.walk(depth: depth + 1, visit) }
        }
    }
}

extension PresentedContent {
    /// The children of a container, by group (one per section for a list).
    public var childGroups: [PresentedChildren] {
        switch self {
        case .stack(_, let children), .overlay(_, let children), .grid(_, let children): [children]
        case .list(let sections): sections.map(\.rows)
        default: []
        }
    }
}
