import Screenplay

/// What a presentation depends on besides the screen and the client values: the URL policy, the
/// app-defined components the app can draw, and what to do with hidden and undrawable nodes.
///
/// ```swift
/// // A native app: hidden nodes take no space; undrawable ones show a marker in debug builds.
/// let options = PresentationOptions(customTypes: registry.typeNames)
/// // A web page: hidden nodes stay in the page, so that its script can show them as the user types.
/// let web = PresentationOptions(hiddenNodes: .kept, missingComponents: .omitted)
/// ```
public struct PresentationOptions: Sendable, Hashable {
    /// What happens to a node whose visibility condition does not hold.
    public enum HiddenNodes: Sendable, Hashable {
        /// Left out of its container.
        case omitted
        /// Kept, with ``PresentedVisibility/isVisible`` false (the web page toggles it itself).
        case kept
    }

    /// What happens to a component no renderer can draw and that has no fallback.
    public enum MissingComponents: Sendable, Hashable {
        /// Takes no space (release builds).
        case omitted
        /// Presented as ``PresentedContent/missing(type:path:)``: a visible marker with its JSON path (debug builds).
        case marker

        /// Markers in debug builds, nothing in release builds.
        public static var forThisBuild: MissingComponents {
            #if DEBUG
                .marker
            #else
                .omitted
            #endif
        }
    }

    /// Which links and action URLs are kept.
    public var urlPolicy: URLPolicy
    /// The app-defined types the app registered renderers for; others use their fallback.
    public var customTypes: Set<String>
    public var hiddenNodes: HiddenNodes
    public var missingComponents: MissingComponents
    /// The locale expressions format numbers, currencies and dates in (`"fr"`, `"en_US"`).
    public var localeIdentifier: String

    public init(
        urlPolicy: URLPolicy = URLPolicy(), customTypes: Set<String> = [], hiddenNodes: HiddenNodes = .omitted,
        missingComponents: MissingComponents = .forThisBuild, localeIdentifier: String = "en"
    ) {
        self.urlPolicy = urlPolicy
        self.customTypes = customTypes
        self.hiddenNodes = hiddenNodes
        self.missingComponents = missingComponents
        self.localeIdentifier = localeIdentifier
    }
}

/// The inputs of one presentation: the client values, their declared types and the options.
struct PresentationContext: Sendable {
    let values: [String: JSONValue]
    let options: PresentationOptions
    let statistics: PresentationStatistics
    /// The screen's declared variable types: what bindings read the values as.
    var types: [String: ExpressionType] = [:]
    /// What bindings are evaluated with.
    var evaluator = ExpressionEvaluator()

    var variables: ScreenVariables { ScreenVariables(types: types, values: values) }
    /// Whether the presentation is kept to be reused by the next one; a renderer that draws once
    /// (a web page) skips what only reuse needs.
    var remembers = true
    /// Inside a node whose tap opens a page: text links here would be links inside a link (which
    /// HTML forbids and no screen reader can tell apart), so their text is shown without the link.
    var insideLink = false

    func value(_ key: String) -> JSONValue { values[key] ?? .null }

    /// Whether a node takes space at all, without presenting it.
    func isDrawn(_ node: Node) -> Bool {
        if options.hiddenNodes == .omitted, let condition = node.visibleWhen, !condition.isSatisfied(by: values) { return false }
        if options.hiddenNodes == .omitted, !node.bindings.isEmpty, !node.isShown(by: variables, evaluator: evaluator) { return false }
        if options.missingComponents == .omitted, resolvesToMissing(node) { return false }
        return true
    }

    /// Whether the node is an app-defined component nobody draws, with no fallback that can be drawn.
    func resolvesToMissing(_ node: Node) -> Bool {
        guard case .custom(let custom) = node.component, !options.customTypes.contains(custom.type) else { return false }
        guard let fallback = node.fallback else { return true }
        return resolvesToMissing(fallback)
    }
}
