// The stand-in's primitive views and values (see SwiftUI.swift).

// MARK: - Text

/// A key looked up in the app's strings (and read as Markdown): what a string literal becomes when
/// it is given to `Text`, `Button`, `Toggle` or a field's title, as Xcode resolves it. A `String`
/// value takes the `StringProtocol` overload instead, shown as it is.
public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringInterpolation {
    public typealias StringInterpolation = DefaultStringInterpolation
    let key: String
    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: DefaultStringInterpolation) { key = String(stringInterpolation: stringInterpolation) }
}

nonisolated public struct Text: View, PrimitiveView, Equatable {
    public typealias Body = Never
    /// The runs of the text as given: characters, bold, italic, link.
    public struct Segment: Equatable {
        public var text: String
        public var bold = false
        public var italic = false
        public var link: URL?
        /// Made from a `LocalizedStringKey`: looked up and read as Markdown, never right for a server's words.
        public var isLocalizedKey = false
    }
    public private(set) var segments: [Segment]

    nonisolated public init(verbatim content: String) { segments = [Segment(text: content)] }
    @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ content: S) { segments = [Segment(text: String(content))] }
    nonisolated public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        segments = [Segment(text: key.key, isLocalizedKey: true)]
    }
    /// Disfavoured here only: Linux's Foundation lets a string literal make an `AttributedString`,
    /// so a literal would pick this; in Xcode a literal is a `LocalizedStringKey`, and so it is here.
    @_disfavoredOverload nonisolated public init(_ attributedContent: AttributedString) {
        segments = attributedContent.runs.map { run in
            Segment(text: String(attributedContent[run.range].characters), link: run.link)
        }
    }
    public func bold() -> Text { map { $0.bold = true } }
    public func italic() -> Text { map { $0.italic = true } }
    public static func + (lhs: Text, rhs: Text) -> Text {
        var text = lhs
        text.segments += rhs.segments
        return text
    }
    private func map(_ change: (inout Segment) -> Void) -> Text {
        var text = self
        for index in text.segments.indices { change(&text.segments[index]) }
        return text
    }
    public var plainText: String { segments.map(\.text).joined() }
    @MainActor public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        var view = InspectedView("Text")
        view.text = self
        view.font = EnvironmentValues.current.font // a primitive's read: no dependency of the view around it
        return view
    }
}

public enum TextAlignment: Hashable, Sendable { case leading, center, trailing }

/// A font: a text style, which grows with Dynamic Type, or a fixed point size, which does not.
public struct Font: Hashable, Sendable {
    public enum TextStyle: Hashable, Sendable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
    public struct Weight: Hashable, Sendable {
        let value: Int
        public static let ultraLight = Weight(value: 100)
        public static let thin = Weight(value: 200)
        public static let light = Weight(value: 300)
        public static let regular = Weight(value: 400)
        public static let medium = Weight(value: 500)
        public static let semibold = Weight(value: 600)
        public static let bold = Weight(value: 700)
        public static let heavy = Weight(value: 800)
        public static let black = Weight(value: 900)
    }
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }
    /// The text style, for a font that scales with Dynamic Type.
    public let style: TextStyle?
    /// The point size, for a fixed font.
    public let size: CGFloat?
    public let weight: Weight
    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font {
        Font(style: nil, size: size, weight: weight ?? .regular)
    }
    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font {
        Font(style: style, size: nil, weight: weight ?? (style == .headline ? .semibold : .regular))
    }
    public func weight(_ weight: Font.Weight) -> Font { Font(style: style, size: size, weight: weight) }
    public func bold() -> Font { weight(.bold) }
    public static let largeTitle = system(.largeTitle)
    public static let title = system(.title)
    public static let title2 = system(.title2)
    public static let title3 = system(.title3)
    public static let headline = system(.headline)
    public static let subheadline = system(.subheadline)
    public static let body = system(.body)
    public static let callout = system(.callout)
    public static let footnote = system(.footnote)
    public static let caption = system(.caption)
    public static let caption2 = system(.caption2)
}

// MARK: - Colour and shapes

public protocol ShapeStyle {}

public struct Color: View, PrimitiveView, ShapeStyle, Hashable, Sendable {
    public typealias Body = Never
    public enum RGBColorSpace: Hashable, Sendable { case sRGB, displayP3 }
    public let name: String
    nonisolated init(name: String) { self.name = name }
    nonisolated public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func byte(_ value: Double) -> String { String(format: "%02x", Int((value * 255).rounded())) }
        name = "#" + byte(red) + byte(green) + byte(blue) + (opacity < 1 ? byte(opacity) : "")
    }
    public static let primary = Color(name: "primary")
    public static let secondary = Color(name: "secondary")
    public static let red = Color(name: "red")
    public static let clear = Color(name: "clear")
    public func opacity(_ opacity: Double) -> Color { Color(name: "\(name)@\(opacity)") }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Color") }
}

public struct FillStyle: Hashable, Sendable {
    public init(eoFill: Bool = false, antialiased: Bool = true) {}
}

public protocol Shape: View, Sendable {}

extension Shape {
    public func fill<S: ShapeStyle>(_ content: S, style: FillStyle = FillStyle()) -> some View { attributed("fill", content) }
}

public struct Rectangle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Shape") }
}

public struct RoundedRectangle: Shape, PrimitiveView {
    public typealias Body = Never
    public let cornerRadius: CGFloat
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { self.cornerRadius = cornerRadius }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Shape") }
}

public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }

public struct Circle: Shape, PrimitiveView {
    public typealias Body = Never
    public init() {}
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Shape") }
}

public struct Capsule: Shape, PrimitiveView {
    public typealias Body = Never
    public init(style: RoundedCornerStyle = .circular) {}
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Shape") }
}

// MARK: - Layout

public struct HorizontalAlignment: Hashable, Sendable {
    let name: String
    public static let leading = HorizontalAlignment(name: "leading")
    public static let center = HorizontalAlignment(name: "center")
    public static let trailing = HorizontalAlignment(name: "trailing")
}

public struct VerticalAlignment: Hashable, Sendable {
    let name: String
    public static let top = VerticalAlignment(name: "top")
    public static let center = VerticalAlignment(name: "center")
    public static let bottom = VerticalAlignment(name: "bottom")
    public static let firstTextBaseline = VerticalAlignment(name: "firstTextBaseline")
}

public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

public enum Axis: Hashable, Sendable {
    case horizontal, vertical
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

public enum Edge: Hashable, Sendable {
    case top, leading, bottom, trailing
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let all = Set(rawValue: 15)
    }
}

public struct EdgeInsets: Hashable, Sendable {
    public var top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

public enum ContentMode: Hashable, Sendable { case fit, fill }

/// A container: its content evaluated once, in order.
public protocol ContainerView: View, PrimitiveView where Body == Never {
    associatedtype Content: View
    var content: Content { get }
}

@MainActor extension ContainerView {
    /// An eager container makes all of its content: a `ForEach` in it is not a lazy stack's rows.
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        let inner = self.content
        let made = inspector.eagerly { $0.inspect(inner) }
        return InspectedView(String(describing: Self.self).prefix { $0 != "<" }.description, children: [made])
    }
}

/// A lazy container makes only the rows on screen (``ViewGraph/visibleRows``), as SwiftUI's lazy
/// stacks and grids do inside a scroll view.
public protocol LazyContainerView: ContainerView {}

@MainActor extension LazyContainerView {
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        let inner = self.content
        let made = inspector.lazily { $0.inspect(inner) }
        return InspectedView(String(describing: Self.self).prefix { $0 != "<" }.description, children: [made])
    }
}

public struct VStack<Content: View>: ContainerView {
    public let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct HStack<Content: View>: ContainerView {
    public let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct ZStack<Content: View>: ContainerView {
    public let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
}

public struct LazyVStack<Content: View>: LazyContainerView {
    public let content: Content
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct LazyHStack<Content: View>: LazyContainerView {
    public let content: Content
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct LazyVGrid<Content: View>: LazyContainerView {
    public let content: Content
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) { self.content = content() }
}

public struct ScrollView<Content: View>: ContainerView {
    public let content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
}

public struct NavigationPath: Hashable, Sendable { public init() {} }

public struct Group<Content: View>: ContainerView {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init() { rawValue = 0 }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
}

public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    }
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {}
}

public struct Section<Parent: View, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let header: Parent
    let content: Content
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.content = content()
        self.header = header()
    }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        InspectedView("Section", children: [inspector.inspect(header), inspector.inspect(content)])
    }
}

public struct Spacer: View, PrimitiveView {
    public typealias Body = Never
    public init(minLength: CGFloat? = nil) {}
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Spacer") }
}

public struct Divider: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Divider") }
}

public struct ProgressView: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("ProgressView") }
}

// MARK: - Controls

public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
}

public struct Button<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let role: ButtonRole?
    let action: () -> Void
    let label: Label
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.role = role
        self.action = action
        self.label = label()
    }
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.init(role: nil, action: action, label: label)
    }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        let style = EnvironmentValues.current.buttonStyle
        let label =
            style.map { $0.makeBody(ButtonStyleConfiguration(role: role, label: .init(content: self.label), isPressed: false)) }
            ?? self.label
        var view = InspectedView("Button", children: [inspector.inspect(label)])
        view.action = action
        return view
    }
}

extension Button where Label == Text {
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(role: nil, action: action) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(role: nil, action: action) { Text(titleKey) }
    }
}

public protocol PrimitiveButtonStyle {}

/// A style that draws a button's label, pressed or not; the button keeps its behaviour (keyboard,
/// Full Keyboard Access, Switch Control, VoiceOver's button trait).
@MainActor @preconcurrency public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder @MainActor func makeBody(configuration: Self.Configuration) -> Self.Body
}

public struct ButtonStyleConfiguration {
    /// The button's label (`ButtonStyleConfiguration.Label` in SwiftUI).
    public struct Label: View, PrimitiveView {
        public typealias Body = Never
        let content: any View
        public func inspected(by inspector: inout ViewInspector) -> InspectedView { inspector.inspect(content) }
    }
    public let role: ButtonRole?
    public let label: ButtonStyleConfiguration.Label
    public let isPressed: Bool
}
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle { public static var borderedProminent: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: Self { Self() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: Self { Self() } }

public protocol TextFieldStyle {}
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: Self { Self() } }

public struct TextField<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: String
    let text: Binding<String>
    let titleIsLocalizedKey: Bool
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        var view = InspectedView(field: "TextField", title, text)
        view.titleIsLocalizedKey = titleIsLocalizedKey
        return view
    }
}

extension TextField where Label == Text {
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.title = String(title)
        self.text = text
        titleIsLocalizedKey = false
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.title = titleKey.key
        self.text = text
        titleIsLocalizedKey = true
    }
}

public struct SecureField<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: String
    let text: Binding<String>
    let titleIsLocalizedKey: Bool
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        var view = InspectedView(field: "SecureField", title, text)
        view.titleIsLocalizedKey = titleIsLocalizedKey
        return view
    }
}

extension SecureField where Label == Text {
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.title = String(title)
        self.text = text
        titleIsLocalizedKey = false
    }
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.title = titleKey.key
        self.text = text
        titleIsLocalizedKey = true
    }
}

public struct Toggle<Label: View>: View, PrimitiveView {
    public typealias Body = Never
    let title: String
    let isOn: Binding<Bool>
    let titleIsLocalizedKey: Bool
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        var view = InspectedView("Toggle")
        view.title = title
        view.titleIsLocalizedKey = titleIsLocalizedKey
        view.value = isOn.wrappedValue ? "on" : "off"
        view.action = { isOn.wrappedValue.toggle() }
        view.setFlag = { isOn.wrappedValue = $0 }
        return view
    }
}

extension Toggle where Label == Text {
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.title = String(title)
        self.isOn = isOn
        titleIsLocalizedKey = false
    }
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.title = titleKey.key
        self.isOn = isOn
        titleIsLocalizedKey = true
    }
}

// MARK: - Accessibility

public struct AccessibilityTraits: SetAlgebra, Hashable, Sendable {
    var names: Swift.Set<String>
    public init() { names = [] }
    init(_ name: String) { names = [name] }
    public static let isButton = AccessibilityTraits("button")
    public static let isLink = AccessibilityTraits("link")
    public static let isHeader = AccessibilityTraits("header")
    public static let isImage = AccessibilityTraits("image")
    public static let isStaticText = AccessibilityTraits("staticText")
    public var roles: Swift.Set<String> { names }
    public func union(_ other: Self) -> Self {
        var copy = self
        copy.names.formUnion(other.names)
        return copy
    }
    public func intersection(_ other: Self) -> Self {
        var copy = self
        copy.names.formIntersection(other.names)
        return copy
    }
    public func symmetricDifference(_ other: Self) -> Self {
        var copy = self
        copy.names.formSymmetricDifference(other.names)
        return copy
    }
    public func contains(_ member: Self) -> Bool { member.names.isSubset(of: names) }
    public mutating func insert(_ newMember: Self) -> (inserted: Bool, memberAfterInsert: Self) {
        let inserted = !contains(newMember)
        names.formUnion(newMember.names)
        return (inserted, newMember)
    }
    public mutating func remove(_ member: Self) -> Self? {
        contains(member)
            ? {
                names.subtract(member.names)
                return member
            }() : nil
    }
    public mutating func update(with newMember: Self) -> Self? {
        names.formUnion(newMember.names)
        return newMember
    }
    public mutating func formUnion(_ other: Self) { names.formUnion(other.names) }
    public mutating func formIntersection(_ other: Self) { names.formIntersection(other.names) }
    public mutating func formSymmetricDifference(_ other: Self) { names.formSymmetricDifference(other.names) }
}

public struct AccessibilityChildBehavior: Hashable, Sendable {
    let name: String
    public static let ignore = AccessibilityChildBehavior(name: "ignore")
    public static let contain = AccessibilityChildBehavior(name: "contain")
    public static let combine = AccessibilityChildBehavior(name: "combine")
}

// MARK: - UIKit interoperation

/// What a hosting controller keeps up to date from its SwiftUI content (iOS 16, macOS 13).
@available(iOS 16.0, macOS 13.0, *)
public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1)
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 2)
}

@MainActor open class UIHostingController<Content: View>: UIViewController {
    public var rootView: Content
    @available(iOS 16.0, *) public var sizingOptions: UIHostingControllerSizingOptions = []
    public init(rootView: Content) {
        self.rootView = rootView
        super.init()
    }
    public required init?(coder aDecoder: NSCoder) { fatalError("UIHostingController is made in code") }
}
