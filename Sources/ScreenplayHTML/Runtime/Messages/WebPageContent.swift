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

    package init(screenID: String, title: String?, content: String, css: String) {
        self.screenID = screenID
        self.title = title
        self.content = content
        self.css = css
    }

    /// The content of `screen`, rendered with `renderer`'s links and app-defined components.
    package init(_ screen: Screen, renderer: HTMLRenderer) {
        let fragment = HTMLPage.fragment(for: screen, link: renderer.link, customRenderers: renderer.customRenderers)
        self.init(screenID: screen.id, title: fragment.title, content: fragment.content, css: fragment.css)
    }

    private enum Key: String, JSONKey {
        case content, css, screen, title
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
        writer.member(Key.content, content)
        writer.member(Key.css, css)
        writer.member(Key.screen, screenID)
        writer.member(Key.title, title)
    }
}
