import Screenplay

/// A screen's part of a web page, as the runtime's `replace` swaps it in: the rendered content,
/// its CSS, the screen's id and its title. It is the data of an HTML stream's `screen` event, and
/// the page's part of an intent's answer (``WebIntentAnswer``) and of a whole patch
/// (``WebPatchEvent``).
///
/// ```swift
/// let data = WebPageContent(screen, renderer: renderer).encoded()
/// // {"content":"<div class=\"sp-v\">…","css":".c1x{gap:8px}","screen":"cities","title":"Cities"}
/// ```
package struct WebPageContent: Sendable, Hashable {
    /// The screen's id (`root.dataset.screen`): the same id again keeps what the user typed.
    package var screenID: String
    package var title: String?
    /// The body's HTML.
    package var content: String
    /// The classes `content` uses.
    package var css: String
    /// The declared type of each of the screen's variables, by name (`root.dataset.variables`):
    /// what the page's expressions read its values as.
    package var variables: [String: ExpressionType]
    /// What the screen runs by itself (``Screen/behaviourJSON``): a replaced screen brings its own.
    package var behaviour: JSONValue?

    package init(
        screenID: String, title: String?, content: String, css: String, variables: [String: ExpressionType] = [:],
        behaviour: JSONValue? = nil
    ) {
        self.screenID = screenID
        self.title = title
        self.content = content
        self.css = css
        self.variables = variables
        self.behaviour = behaviour
    }

    /// The content of `screen`, rendered with `renderer`'s links and app-defined components.
    package init(_ screen: Screen, renderer: HTMLRenderer) {
        let fragment = HTMLPage.fragment(
            for: screen, language: renderer.localeIdentifier, link: renderer.link, customRenderers: renderer.customRenderers)
        self.init(
            screenID: screen.id, title: fragment.title, content: fragment.content, css: fragment.css, variables: screen.variableTypes,
            behaviour: renderer.webBehaviour(screen))
    }

    private enum Key: String, JSONKey {
        case behaviour, content, css, screen, title, variables
    }

    package func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writeMembers(to: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// Writes the members into the object `writer` has open, beside the members of a message
    /// that carries the content.
    package func writeMembers(to writer: inout JSONWriter) {
        if let behaviour { writer.member(Key.behaviour, behaviour) }
        writer.member(Key.content, content)
        writer.member(Key.css, css)
        writer.member(Key.screen, screenID)
        writer.member(Key.title, title)
        if !variables.isEmpty { writer.member(Key.variables, Self.typesJSON(variables)) }
    }

    /// The types as the page reads them: `{"cartCount": "integer"}`.
    package static func typesJSON(_ types: [String: ExpressionType]) -> JSONValue {
        .object(types.mapValues { .string($0.rawValue) })
    }
}
