#if canImport(SwiftUI)
    import Foundation
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    /// Text and rich text: runs as bold, italic and linked `Text`, in the presented size (scaled
    /// with Dynamic Type), weight, colour, alignment and line limit. A link opens through the
    /// environment's `openURL`, which the screen routes through the runtime.
    struct TextView: View {
        let text: PresentedText
        @Environment(\.colorScheme) private var scheme
        @ScaledMetric(relativeTo: .body) private var scale: CGFloat = 1

        var body: some View {
            Self.runs(text.runs)
                .font(.system(size: CGFloat(text.style.size ?? 17) * scale, weight: Self.weight(text.style.weight)))
                .foregroundStyle(
                    text.style.color.map { $0.color(in: scheme) } ?? (text.tone == .secondary ? Color.secondary : Color.primary)
                )
                .multilineTextAlignment(Self.alignment(text.style.alignment))
                .lineLimit(text.style.lineLimit)
        }

        /// The runs as one `Text`; a string is shown as it is, never read as markdown or a key.
        static func runs(_ runs: [TextRun]) -> Text {
            runs.reduce(Text(verbatim: "")) { text, run in
                var content = AttributedString(run.text)
                if let link = run.link, let url = URL(string: link) { content.link = url }
                var part = Text(content)
                if run.strong { part = part.bold() }
                if run.emphasis { part = part.italic() }
                return text + part
            }
        }

        static func weight(_ weight: TextAttributes.Weight?) -> Font.Weight {
            switch weight {
            case .medium?: .medium
            case .semibold?: .semibold
            case .bold?: .bold
            case .regular?, nil: .regular
            }
        }

        static func alignment(_ alignment: TextAttributes.TextAlignment?) -> TextAlignment {
            switch alignment {
            case .center?: .center
            case .trailing?: .trailing
            case .leading?, nil: .leading
            }
        }
    }

    /// `badge`: a capsule of small text.
    struct BadgeView: View {
        let badge: PresentedBadge
        @Environment(\.colorScheme) private var scheme

        var body: some View {
            Text(badge.text)
                .font(.footnote)
                .foregroundStyle(badge.color.map { $0.color(in: scheme) } ?? Color.primary)
                .padding(EdgeInsets(top: 2, leading: 8, bottom: 2, trailing: 8))
                .background(badge.background.map { $0.color(in: scheme) } ?? Color.secondary.opacity(0.15))
                .clipShape(Capsule())
        }
    }

    /// A component nothing draws, in a debug build: what the server sent and where.
    struct MissingView: View {
        let type: String
        let path: String

        var body: some View {
            Text(verbatim: "⚠ nothing draws \"\(type)\" at \(path)")
                .font(.caption)
                .foregroundStyle(Color.red)
                .padding(EdgeInsets(top: 8, leading: 8, bottom: 8, trailing: 8))
                .border(Color.red, width: 2)
        }
    }
#endif
