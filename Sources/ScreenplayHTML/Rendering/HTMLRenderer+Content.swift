import Screenplay
import ScreenplayPresentation

/// Content with more structure than one element: images with their sizes, the generic item's
/// slots, and marked-up text.
extension HTMLRenderer {
    mutating func renderImage(_ image: PresentedImage, element: inout HTMLElement) {
        guard let url = image.url, let source = webLink(url) else {
            // The placeholder stays where the image would be.
            element.open("div", "sp-image sp-image-missing")
            element.attributes.append(("role", "img"))
            element.attributes.append(("aria-label", element.node.accessibility.label ?? ""))
            element.add(imageClass(image))
            return
        }
        element.open("img", "sp-image", void: true)
        element.attributes.append(("src", source))
        element.attributes.append(("alt", element.node.accessibility.isHidden ? "" : element.node.accessibility.label ?? ""))
        element.attributes.append(("loading", "lazy"))
        element.attributes.append(("decoding", "async"))
        if case .points(let width)? = image.width { element.attributes.append(("width", String(Int(min(max(width, 0), 100_000))))) }
        if case .points(let height)? = image.height { element.attributes.append(("height", String(Int(min(max(height, 0), 100_000))))) }
        element.add(imageClass(image))
    }

    mutating func imageClass(_ image: PresentedImage) -> String? {
        var declarations = Self.size(image.width, image.height)
        declarations.append("object-fit:\(image.contentMode == .fill ? "cover" : "contain")")
        if image.isCircular { declarations.append("border-radius:50%") }
        if let placeholder = image.placeholderColor { declarations.append("background:\(StyleSheet.color(placeholder.light))") }
        return sheet.className(declarations, dark: image.placeholderColor?.dark.map { ["background:\(StyleSheet.color($0))"] } ?? [])
    }

    mutating func renderItem(_ item: PresentedItem, element: inout HTMLElement) {
        var content = HTML()
        if let image = item.image {
            if let url = image.url, let source = webLink(url) {
                content +=
                    "<img class=\"sp-item-image\" src=\"\(source)\" alt=\"\" loading=\"lazy\" decoding=\"async\" width=\"48\" height=\"48\">"
            } else {
                content += "<div class=\"sp-item-image\" aria-hidden=\"true\"></div>"
            }
        }
        content += "<div class=\"sp-item-body\"><div class=\"sp-item-top\">"
        if let title = item.title { content += slot("span", "sp-item-title", title) }
        if let detail = item.topRight { content += slot("span", "sp-item-aside", detail) }
        content += "</div>"
        if let subtitle = item.subtitle { content += slot("div", "sp-item-subtitle", subtitle) }
        if let detail = item.detail { content += slot("p", "sp-item-detail", detail) }
        if item.bottomLeft != nil || item.bottomRight != nil {
            content += "<div class=\"sp-item-bottom\">"
            content += item.bottomLeft.map { slot("span", nil, $0) } ?? "<span></span>"
            content += item.bottomRight.map { slot("span", "sp-item-aside", $0) } ?? "<span class=\"sp-item-aside\"></span>"
            content += "</div>"
        }
        content += "</div>"
        element.open("div", "sp-item sp-item-\(item.layout.rawValue)")
        element.isItem = true
        element.content = content
    }

    /// One slot of the item: its text with the style the presentation gave it.
    mutating func slot(_ tag: StaticString, _ baseClass: String?, _ text: PresentedText) -> HTML {
        let classes = [baseClass, textClass(text)].compactMap { $0 }.joined(separator: " ")
        let name = HTML(stringLiteral: tag)
        return "<\(name)\(attribute: "class", classes.isEmpty ? nil : classes)>\(runs(text.runs))</\(name)>"
    }

    /// Marked-up runs as `strong`, `em`, `br` and `a`; a plain run is escaped as it is.
    func runs(_ runs: [TextRun]) -> HTML {
        if runs.count == 1, !runs[0].strong, !runs[0].emphasis, runs[0].link == nil { return HTML(escaping: runs[0].text) }
        var html = HTML()
        for run in runs {
            var text = run.text.split(separator: "\n", omittingEmptySubsequences: false).map { HTML(escaping: String($0)) }.joined(
                separator: "<br>")
            if run.emphasis { text = "<em>\(text)</em>" }
            if run.strong { text = "<strong>\(text)</strong>" }
            if let link = run.link, let href = webLink(link) { text = "<a href=\"\(href)\">\(text)</a>" }
            html += text
        }
        return html
    }

}
