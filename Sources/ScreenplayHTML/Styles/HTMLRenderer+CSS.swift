import Screenplay
import ScreenplayPresentation

/// CSS synthesis: the classes of boxes and text styles (each made once per renderer) and the
/// declarations of layouts and sizes, written into the renderer's ``StyleSheet``.
extension HTMLRenderer {
    mutating func boxClasses(_ box: Style) -> [String] {
        if let known = boxClassNames[box] { return known }
        let classes = newBoxClasses(box)
        boxClassNames[box] = classes
        return classes
    }

    mutating func newBoxClasses(_ box: Style) -> [String] {
        var light: [String] = []
        var dark: [String] = []
        if let padding = box.padding {
            light.append(
                "padding:\(StyleSheet.px(padding.top)) \(StyleSheet.px(padding.trailing)) \(StyleSheet.px(padding.bottom)) \(StyleSheet.px(padding.leading))"
            )
        }
        if let background = box.background {
            light.append("background:\(StyleSheet.color(background.light))")
            if let color = background.dark { dark.append("background:\(StyleSheet.color(color))") }
        }
        if let radius = box.cornerRadius {
            light.append("border-radius:\(StyleSheet.px(radius))")
            light.append("overflow:hidden")
        }
        return [sheet.className(light, dark: dark)].compactMap { $0 }
    }

    mutating func textClass(_ text: PresentedText) -> String? {
        let key = TextStyleKey(style: text.style, tone: text.tone)
        if let known = textClasses[key] { return known }
        let name = newTextClass(text)
        textClasses[key] = name
        return name
    }

    mutating func newTextClass(_ text: PresentedText) -> String? {
        let attributes = text.style
        var light: [String] = []
        var dark: [String] = []
        if let size = attributes.size { light.append("font-size:\(StyleSheet.px(size))") }
        if let weight = attributes.weight { light.append("font-weight:\(Self.fontWeight(weight))") }
        if let color = attributes.color {
            light.append("color:\(StyleSheet.color(color.light))")
            if let darkColor = color.dark { dark.append("color:\(StyleSheet.color(darkColor))") }
        } else if text.tone == .secondary {
            light.append("color:var(--sp-muted)")
        }
        if let alignment = attributes.alignment {
            light.append("text-align:\(["leading": "start", "center": "center", "trailing": "end"][alignment.rawValue] ?? "start")")
        }
        if let lines = attributes.lineLimit {
            light += ["display:-webkit-box", "-webkit-line-clamp:\(lines)", "-webkit-box-orient:vertical", "overflow:hidden"]
        }
        return sheet.className(light, dark: dark)
    }

    static func fontWeight(_ weight: TextAttributes.Weight) -> Int {
        switch weight {
        case .regular: 400
        case .medium: 500
        case .semibold: 600
        case .bold: 700
        }
    }

    static func gap(_ spacing: Double?) -> [String] {
        spacing.map { ["gap:\(StyleSheet.px($0))"] } ?? []
    }

    static func alignItems(_ alignment: StackLayout.CrossAlignment) -> String {
        switch alignment {
        case .start: "align-items:flex-start"
        case .center: "align-items:center"
        case .end: "align-items:flex-end"
        }
    }

    static func placeItems(_ alignment: Component.Alignment) -> String {
        let (vertical, horizontal): (String, String) =
            switch alignment {
            case .topLeading: ("start", "start")
            case .top: ("start", "center")
            case .topTrailing: ("start", "end")
            case .leading: ("center", "start")
            case .center: ("center", "center")
            case .trailing: ("center", "end")
            case .bottomLeading: ("end", "start")
            case .bottom: ("end", "center")
            case .bottomTrailing: ("end", "end")
            }
        return "place-items:\(vertical) \(horizontal)"
    }

    static func size(_ width: Length?, _ height: Length?) -> [String] {
        var declarations: [String] = []
        switch width {
        case .points(let value)?: declarations += ["width:\(StyleSheet.px(value))", "max-width:100%", "flex-shrink:0"]
        case .fill?: declarations.append("width:100%")
        case nil: break
        }
        switch height {
        case .points(let value)?: declarations.append("height:\(StyleSheet.px(value))")
        case .fill?: declarations.append("height:100%")
        case nil: break
        }
        return declarations
    }
}

/// What a text's class depends on.
struct TextStyleKey: Hashable {
    let style: TextAttributes
    let tone: PresentedText.Tone
}
