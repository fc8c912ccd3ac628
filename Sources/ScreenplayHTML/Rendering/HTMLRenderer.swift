import Screenplay
import ScreenplayPresentation

/// Renders a screen to semantic, accessible HTML and the CSS it needs: flexbox stacks, lazy
/// images with their sizes, colours with dark-mode variants, marked-up text as `strong`/`em`/`br`/`a`,
/// real links for navigation and `data-sp-*` attributes for the web runtime. It draws a
/// `ScreenPresentation` — the decisions every renderer shares (checked URLs and actions,
/// visibility, text styles, the generic item's composition, fallbacks) are taken there — and maps
/// it onto elements and classes. Every text and attribute value is escaped.
///
/// ```swift
/// var renderer = HTMLRenderer(state: screen.state)
/// let body = renderer.render(screen.body)      // HTML
/// let css = renderer.css                         // the classes it used
/// ```
public struct HTMLRenderer: Sendable {
    /// Draws an app-defined component the web app knows, as HTML it is responsible for escaping;
    /// nil draws the node's fallback.
    public typealias CustomRenderer = @Sendable (CustomComponent) -> String?

    /// The client state, for input values and initial visibility.
    public var state: [String: JSONValue]
    /// Where an app path leads on the web (`/requests/2` → `/screens/requests/2`); absolute URLs are kept.
    public var link: @Sendable (String) -> String
    public var customRenderers: [String: CustomRenderer]
    /// A component nothing draws: nothing on a page users see (the default), a marker while developing.
    public var missingComponents: PresentationOptions.MissingComponents = .omitted
    /// The declared types of the variables a lone node's bindings read (a screen brings its own).
    public var variableTypes: [String: ExpressionType] = [:]
    /// The locale expressions format in: the page's language.
    public var localeIdentifier = "en"
    /// Whether the page is laid out right to left, so that motion's leading edge is the right one.
    /// Pages set no `dir` today: they are laid out left to right whatever their language.
    package var rightToLeft = false
    let policy = URLPolicy()
    /// The CSS classes made so far (``css``).
    var sheet = StyleSheet()
    /// The class of each text style and box met so far: a screen repeats a few styles many times.
    var textClasses: [TextStyleKey: String?] = [:]
    var boxClassNames: [Style: [String]] = [:]

    public init(
        state: [String: JSONValue] = [:], link: @escaping @Sendable (String) -> String = { $0 },
        customRenderers: [String: CustomRenderer] = [:]
    ) {
        self.state = state
        self.link = link
        self.customRenderers = customRenderers
    }

    /// What this renderer draws: every built-in component and action, plus the registered custom
    /// types. A page is adapted to this before it is rendered.
    public var capabilities: ClientCapabilities {
        var capabilities = ClientCapabilities.full
        capabilities.components.formUnion(customRenderers.keys)
        capabilities.platform = "web"
        return capabilities
    }

    /// How the web presents a screen: hidden nodes stay in the page (its script shows them as the
    /// user types), and the registered app-defined components are drawn.
    public var presentationOptions: PresentationOptions {
        PresentationOptions(
            urlPolicy: policy, customTypes: Set(customRenderers.keys), hiddenNodes: .kept, missingComponents: missingComponents,
            localeIdentifier: localeIdentifier)
    }

    /// The CSS of the classes used so far.
    public var css: String { sheet.css }

    /// The HTML of `node` and its children.
    public mutating func render(_ node: some NodeConvertible) -> String {
        render(Presenter.presentOnce(node.node, values: state, types: variableTypes, options: presentationOptions))
    }

    /// The HTML of a screen's body (markers, in a debug page, give paths from the document's root).
    public mutating func render(_ screen: Screen) -> String {
        render(
            Presenter.presentOnce(screen, values: screen.initialValues.merging(state) { _, given in given }, options: presentationOptions))
    }

    /// The HTML of a presentation made with ``presentationOptions``.
    public mutating func render(_ presentation: ScreenPresentation) -> String {
        var html = ""
        if let root = presentation.root { render(root, into: &html) }
        return html
    }

    // MARK: - URLs and actions

    /// The href for a URL the presentation kept: absolute URLs as they are, app paths through `link`
    /// (whose result is checked too).
    func webLink(_ url: String) -> String? {
        switch policy.check(url) {
        case .absolute: return url
        case .relative:
            let linked = link(url)
            if case .refused = policy.check(linked) { return nil }
            return linked
        case .refused: return nil
        }
    }

    /// The action as JSON for the web runtime, with app paths mapped to web links.
    func webAction(_ action: Action) -> String? {
        action.mappingURLs(webLink).map { String(decoding: $0.encoded(), as: UTF8.self) }
    }

    /// What `screen` runs by itself (``Screen/behaviourJSON``), its actions' URLs led where the
    /// page's links lead: the root's `data-behaviour`, and the `behaviour` of a replaced content.
    func webBehaviour(_ screen: Screen) -> JSONValue? {
        guard screen.hasBehaviour else { return nil }
        var screen = screen
        let map = { (actions: [Action]) in actions.compactMap { $0.mappingURLs(webLink) } }
        screen.onAppear = map(screen.onAppear)
        for index in screen.triggers.indices { screen.triggers[index].actions = map(screen.triggers[index].actions) }
        for index in screen.timers.indices {
            screen.timers[index].tickActions = map(screen.timers[index].tickActions)
            screen.timers[index].endActions = map(screen.timers[index].endActions)
        }
        return screen.behaviourJSON
    }
}
