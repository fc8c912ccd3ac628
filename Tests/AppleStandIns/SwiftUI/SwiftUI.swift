// A stand-in for SwiftUI, for type-checking ScreenplaySwiftUI and ScreenplayUIKit on Linux and for
// evaluating the views they build (scripts/check-apple). Test-only, never shipped. It declares
// exactly the API the renderer uses, with the signatures Apple documents (iOS 17 / macOS 14): this
// file is the list a Mac user reviews first. Where SwiftUI's types are opaque, these record what
// they were given, so that `ViewInspector` can walk the tree a `body` builds.
@_exported import Foundation
@_exported import Observation
@_exported import UIKit

// MARK: - Views and builders

@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { fatalError("a primitive view has no body") }
}

/// What the stand-in's primitive views tell the inspector about themselves.
@MainActor public protocol PrimitiveView {
    func inspected(by inspector: inout ViewInspector) -> InspectedView
}

@resultBuilder public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView {
        var views: [any View] = []
        repeat views.append(each content)
        return TupleView(views)
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> ConditionalContent<
        TrueContent, FalseContent
    > {
        ConditionalContent(first: first)
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> ConditionalContent<
        TrueContent, FalseContent
    > {
        ConditionalContent(second: second)
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

public struct TupleView: View, PrimitiveView {
    public typealias Body = Never
    let views: [any View]
    init(_ views: [any View]) { self.views = views }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        InspectedView("Group", children: views.map { inspector.inspect($0) })
    }
}

/// `_ConditionalContent` in SwiftUI: each branch is an identity of its own.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    public typealias Body = Never
    let view: any View
    let isFirst: Bool
    init(first: TrueContent) {
        view = first
        isFirst = true
    }
    init(second: FalseContent) {
        view = second
        isFirst = false
    }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { inspector.inspect(view, key: isFirst ? "then" : "else") }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
}

extension Optional: PrimitiveView where Wrapped: View {
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        switch self {
        case .some(let view): inspector.inspect(view, key: "some")
        case .none: InspectedView("Empty")
        }
    }
}

public struct EmptyView: View, PrimitiveView {
    public typealias Body = Never
    public init() {}
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { InspectedView("Empty") }
}

nonisolated public struct AnyView: View, PrimitiveView {
    public typealias Body = Never
    let view: any View
    nonisolated public init<V: View>(_ view: V) { self.view = view }
    /// A different type of view behind an `AnyView` is a different identity, as in SwiftUI.
    @MainActor public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        inspector.inspect(view, key: ViewInspector.name(of: view))
    }
}

public struct EquatableView<Content: View & Equatable>: View, PrimitiveView {
    public typealias Body = Never
    public var content: Content
    public init(content: Content) { self.content = content }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        inspector.comparesWithEquals = true
        return inspector.inspect(content, key: "content")
    }
}

extension View where Self: Equatable {
    public func equatable() -> EquatableView<Self> { EquatableView(content: self) }
}

/// Each element's view has the identity of its id; two equal ids are reported, as SwiftUI does.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> Content
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0[keyPath: id] }
        self.content = content
    }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        var children: [InspectedView] = []
        var ids = Swift.Set<ID>()
        // In a lazy stack, only the rows on screen are made (their views, and what they present).
        let window = inspector.lazyWindow
        for element in data {
            if let window {
                guard window.remaining > 0 else { break }
                window.remaining -= 1
            }
            let id = id(element)
            if !ids.insert(id).inserted {
                inspector.graph.report(
                    "ForEach<\(Data.self), \(ID.self)>: the ID \(id) occurs multiple times within the collection, this will give undefined results!"
                )
            }
            children.append(inspector.inspect(content(element), key: "id=\(id)"))
        }
        return InspectedView("Group", children: children)
    }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.id = { $0.id }
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// A constant range: the views are identified by their offsets.
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.id = { $0 }
        self.content = content
    }
}

// MARK: - Modifiers

@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = ViewModifierContent<Self>
    @ViewBuilder @MainActor func body(content: Self.Content) -> Self.Body
}

/// The content a modifier wraps (`_ViewModifier_Content` in SwiftUI).
public struct ViewModifierContent<Modifier: ViewModifier>: View, PrimitiveView {
    public typealias Body = Never
    let content: any View
    public func inspected(by inspector: inout ViewInspector) -> InspectedView { inspector.inspect(content) }
}

public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View, PrimitiveView {
    public typealias Body = Never
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        // A modifier with `@State` keeps it for its identity, as a view does.
        if Mirror(reflecting: modifier).children.contains(where: { $0.value is StateStorage }) {
            return inspector.inspect(StatefulModifier(content: content, modifier: modifier), key: "modifier")
        }
        resolveEnvironment(of: modifier)
        return inspector.inspect(modifier.body(content: ViewModifierContent(content: content)))
    }
}

/// A modifier that owns state, evaluated as a view of the graph (its state kept, its body
/// evaluated when its value changed or its state did).
struct StatefulModifier<Content: View, Modifier: ViewModifier>: View, StateOwning {
    let content: Content
    let modifier: Modifier
    var stateOwner: Any { modifier }
    var body: some View { modifier.body(content: ViewModifierContent(content: content)) }
}

/// A view whose state lives in another value (a modifier's).
protocol StateOwning {
    var stateOwner: Any { get }
}

extension View {
    public func modifier<T: ViewModifier>(_ modifier: T) -> ModifiedContent<Self, T> { ModifiedContent(content: self, modifier: modifier) }
}

/// A built-in modifier: recorded on the view it wraps, with what it was given.
public struct Attributed<Content: View>: View, PrimitiveView {
    public typealias Body = Never
    let content: Content
    let name: String
    let value: Any
    let environment: ((inout EnvironmentValues) -> Void)?
    init(_ content: Content, _ name: String, _ value: Any, environment: ((inout EnvironmentValues) -> Void)? = nil) {
        self.content = content
        self.name = name
        self.value = value
        self.environment = environment
    }
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        var inner: InspectedView
        let identity = inspector.currentIdentity
        switch name {
        case "task":
            let (id, action) = value as! (AnyHashable?, @Sendable () async -> Void)
            inspector.graph.task(at: identity + "/task", id: id, action)
        case "onDisappear":
            inspector.graph.onDisappear(at: identity + "/onDisappear", value as? () -> Void)
        case "onAppear":
            inspector.graph.onAppear(at: identity + "/onAppear", value as? () -> Void)
        case "onChange":
            inspector.graph.onChange(at: identity + "/onChange", value as! OnChange)
        default:
            break
        }
        if name == "id" {
            inner = inspector.inspect(content, key: "id=\(value)")
        } else if let environment {
            let saved = EnvironmentValues.current
            environment(&EnvironmentValues.current)
            inner = inspector.inspect(content)
            EnvironmentValues.current = saved
        } else {
            inner = inspector.inspect(content)
        }
        inner.modifiers.insert((name, value), at: 0)
        return inner
    }
}

extension View {
    func attributed(_ name: String, _ value: Any = ()) -> Attributed<Self> { Attributed(self, name, value) }

    public func font(_ font: Font?) -> some View {
        Attributed(self, "font", font as Any) { $0.font = font }
    }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { attributed("foregroundStyle", style) }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { attributed("multilineTextAlignment", alignment) }
    public func lineLimit(_ number: Int?) -> some View { attributed("lineLimit", number as Any) }
    public func padding(_ insets: EdgeInsets) -> some View { attributed("padding", insets) }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        attributed("background", style)
    }
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { attributed("clipShape", shape) }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        attributed("background", style)
    }
    public func clipped(antialiased: Bool = false) -> some View { attributed("clipped") }
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View { attributed("border", content) }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        attributed("frame", (width, height))
    }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        attributed("frame", (maxWidth, maxHeight))
    }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { attributed("contentShape", shape) }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { attributed("onTapGesture", action) }
    public func disabled(_ disabled: Bool) -> some View { attributed("disabled", disabled) }
    public func accessibilityHidden(_ hidden: Bool) -> some View { attributed("accessibilityHidden", hidden) }
    @_disfavoredOverload public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        attributed("accessibilityLabel", String(label))
    }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { attributed("accessibilityLabel", labelKey.key) }
    public func accessibilityLabel(_ label: Text) -> some View { attributed("accessibilityLabel", label.plainText) }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { attributed("accessibilityAddTraits", traits) }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        attributed("accessibilityElement", children)
    }
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { attributed("buttonStyle", style) }
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        Attributed(self, "buttonStyle", style) { $0.buttonStyle = AnyButtonStyle(style) }
    }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { attributed("accessibilityRemoveTraits", traits) }
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { attributed("accessibilityHint", String(hint)) }
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        Attributed(self, "dynamicTypeSize", size) { $0.dynamicTypeSize = size }
    }
    public func opacity(_ opacity: Double) -> some View { attributed("opacity", opacity) }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { attributed("fixedSize", (horizontal, vertical)) }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { attributed("textFieldStyle", style) }
    public func keyboardType(_ type: UIKeyboardType) -> some View { attributed("keyboardType", type) }
    public func textContentType(_ type: UITextContentType?) -> some View { attributed("textContentType", type as Any) }
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { attributed("aspectRatio", contentMode) }
    @_disfavoredOverload public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        attributed("navigationTitle", String(title))
    }
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { attributed("navigationTitle", titleKey.key) }
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        attributed("navigationDestination", NavigationDestinationRecord(for: data, destination))
    }
    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        attributed("sheet", isPresented)
    }
    /// The sheet's content is recorded (as the modifier's value) for the item shown now, if any.
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        attributed("sheet", SheetRecord(dismiss: { item.wrappedValue = nil }, content: item.wrappedValue.map { AnyView(content($0)) }))
    }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void) -> some View {
        attributed("task", (nil as AnyHashable?, action))
    }
    @available(iOS 15.0, macOS 12.0, *)
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View { attributed("focused", condition) }
    @available(iOS 17.0, macOS 14.0, *)
    public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View
    where V: Equatable {
        attributed("onChange", OnChange(value: value, initial: initial, action: { action($0 as! V, $1 as! V) }))
    }
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void)
        -> some View
    {
        attributed("task", (ViewModifierID(value) as AnyHashable?, action))
    }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { attributed("onDisappear", action as Any) }
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { attributed("refreshable", action) }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        Attributed(self, "environment", value) { $0[keyPath: keyPath] = value }
    }
}

/// What `.sheet(item:)` shows now, and how the user dismisses it (a swipe down).
public struct SheetRecord {
    public let dismiss: () -> Void
    public let content: AnyView?
}

// MARK: - Environment and state

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

/// A `.task(id:)` id, compared as SwiftUI compares it (`Equatable`, not `Hashable`).
struct ViewModifierID: Hashable {
    let value: any Equatable
    init(_ value: some Equatable) { self.value = value }
    static func == (lhs: Self, rhs: Self) -> Bool { Sameness.same(lhs.value, rhs.value) }
    func hash(into hasher: inout Hasher) {}
}

public struct EnvironmentValues {
    private var values: [ObjectIdentifier: Any] = [:]
    public init() {}
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
    /// What `@Environment` reads while the inspector evaluates a body.
    @MainActor public static var current = EnvironmentValues()

    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] }
        set { self[OpenURLKey.self] = newValue }
    }
    /// Nil draws text in the body style.
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }
    public var dynamicTypeSize: DynamicTypeSize {
        get { self[DynamicTypeSizeKey.self] }
        set { self[DynamicTypeSizeKey.self] = newValue }
    }
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }
    public var accessibilityReduceMotion: Bool {
        get { self[ReduceMotionKey.self] }
        set { self[ReduceMotionKey.self] = newValue }
    }
    /// What the graph reads for `@Environment(keyPath)`, recorded as a dependency of the view.
    @MainActor static func read<Value>(_ keyPath: KeyPath<EnvironmentValues, Value>) -> Value {
        let value = current[keyPath: keyPath]
        ViewGraph.reading?.record(keyPath, value)
        return value
    }
}

/// The `ButtonStyle` in force (SwiftUI keeps it in the environment too).
struct AnyButtonStyle {
    let makeBody: @MainActor (ButtonStyleConfiguration) -> any View
    init<S: ButtonStyle>(_ style: S) { makeBody = { style.makeBody(configuration: $0) } }
}

struct ButtonStyleKey: EnvironmentKey { static let defaultValue: AnyButtonStyle? = nil }

extension EnvironmentValues {
    var buttonStyle: AnyButtonStyle? {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }
}

struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
struct DynamicTypeSizeKey: EnvironmentKey { static let defaultValue = DynamicTypeSize.large }
struct ReduceMotionKey: EnvironmentKey { static let defaultValue = false }
struct DisplayScaleKey: EnvironmentKey { static let defaultValue: CGFloat = 3 }

/// The user's text size (Settings › Display & Text Size), from `xSmall` to `accessibility5`.
public enum DynamicTypeSize: Hashable, Comparable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public var isAccessibilitySize: Bool { self >= .accessibility1 }
    /// How much larger than at `.large` text of the body style is drawn (Apple's body sizes, 14 to 53 points over 17).
    var scale: Double {
        switch self {
        case .xSmall: 14 / 17
        case .small: 15 / 17
        case .medium: 16 / 17
        case .large: 1
        case .xLarge: 19 / 17
        case .xxLarge: 21 / 17
        case .xxxLarge: 23 / 17
        case .accessibility1: 28 / 17
        case .accessibility2: 33 / 17
        case .accessibility3: 40 / 17
        case .accessibility4: 47 / 17
        case .accessibility5: 53 / 17
        }
    }
}

struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
struct OpenURLKey: EnvironmentKey { static let defaultValue = OpenURLAction { _ in .systemAction } }

public protocol DynamicProperty {}

/// Reads the environment the view is shown in; the graph re-evaluates the view when it changes.
/// As in SwiftUI, the value is the one in force where the view is when its body is evaluated,
/// and it stays that value for the view (a `.task` that reads it later sees the same).
@MainActor @propertyWrapper public struct Environment<Value>: DynamicProperty, GraphManaged, EnvironmentResolving {
    final class Location {
        var value: Value?
    }
    let keyPath: KeyPath<EnvironmentValues, Value>
    let location = Location()
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { location.value ?? EnvironmentValues.read(keyPath) }
    func resolve() { location.value = EnvironmentValues.read(keyPath) }
}

/// A property the graph fills from the environment before a body is evaluated.
@MainActor protocol EnvironmentResolving {
    func resolve()
}

/// Fills `view`'s `@Environment` properties (a view's or a modifier's) from the environment in force.
@MainActor func resolveEnvironment(of view: Any) {
    let view = (view as? StateOwning)?.stateOwner ?? view
    for child in Mirror(reflecting: view).children { (child.value as? EnvironmentResolving)?.resolve() }
}

/// The view's own value, kept by the graph for its identity: the value given at the first `init`
/// is the one kept, later ones are dropped (as SwiftUI drops them).
@propertyWrapper public struct State<Value>: DynamicProperty, GraphManaged, StateStorage {
    final class Box {
        var value: Value
        weak var node: ViewGraph.Node?
        init(_ value: Value) { self.value = value }
        /// Tells the view that owns the value that its body is out of date.
        func invalidate() { MainActor.assumeIsolated { node?.isInvalid = true } }
    }
    /// Where the value lives: the graph's box once the view is installed, a box of its own before.
    final class Location {
        var box: Box
        init(_ value: Value) { box = Box(value) }
    }
    let location: Location
    public init(wrappedValue value: Value) { location = Location(value) }
    public init(initialValue value: Value) { location = Location(value) }
    public var wrappedValue: Value {
        get { location.box.value }
        nonmutating set {
            location.box.value = newValue
            location.box.invalidate()
        }
    }
    public var projectedValue: Binding<Value> {
        let location = self.location
        return Binding(
            get: { location.box.value },
            set: {
                location.box.value = $0
                location.box.invalidate()
            })
    }
    @MainActor func install(in node: ViewGraph.Node, slot: Int) {
        if let box = node.states[slot] as? Box {
            location.box = box
        } else {
            location.box.node = node
            node.states[slot] = location.box
        }
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { location = Location(nil) }
}

/// Where focus is, kept by the graph for the view's identity as `@State` is; focus enters or leaves
/// a field when its `.focused` binding is set (a check stands in for the user's tap).
@available(iOS 15.0, macOS 12.0, *)
@frozen @propertyWrapper public struct FocusState<Value>: DynamicProperty, GraphManaged, StateStorage where Value: Hashable {
    @frozen @propertyWrapper public struct Binding {
        let state: State<Value>
        public var wrappedValue: Value {
            get { state.wrappedValue }
            nonmutating set {
                state.wrappedValue = newValue
                FocusOwner.update(state, newValue)
            }
        }
        public var projectedValue: FocusState<Value>.Binding { self }
    }
    let state: State<Value>
    public var wrappedValue: Value {
        get { state.wrappedValue }
        nonmutating set {
            state.wrappedValue = newValue
            FocusOwner.update(state, newValue)
        }
    }
    public var projectedValue: FocusState<Value>.Binding { Binding(state: state) }
    public init() where Value == Bool { state = State(wrappedValue: false) }
    public init<T>() where Value == T?, T: Hashable { state = State(wrappedValue: nil) }
    @MainActor func install(in node: ViewGraph.Node, slot: Int) { state.install(in: node, slot: slot) }
}

/// A length that grows with the user's text size (`dynamicTypeSize`), read from the environment.
@propertyWrapper public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty, GraphManaged {
    let base: Value
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { base = wrappedValue }
    public init(wrappedValue: Value) { base = wrappedValue }
    @MainActor public var wrappedValue: Value { base * Value(EnvironmentValues.read(\.dynamicTypeSize).scale) }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
    let get: () -> Value
    let set: (Value) -> Void
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }
    public static func constant(_ value: Value) -> Binding<Value> { Binding(get: { value }, set: { _ in }) }
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { get()[keyPath: keyPath] },
            set: { value in
                var whole = get()
                whole[keyPath: keyPath] = value
                set(whole)
            })
    }
}

public struct OpenURLAction {
    public struct Result: Sendable {
        let handled: Bool
        public static let handled = Result(handled: true)
        public static let discarded = Result(handled: true)
        public static let systemAction = Result(handled: false)
    }
    let handler: (URL) -> Result
    public init(handler: @escaping (URL) -> Result) { self.handler = handler }
    @MainActor public func callAsFunction(_ url: URL) { _ = handler(url) }
}

public enum ColorScheme: Hashable, Sendable, CaseIterable {
    case light, dark
}

extension View where Body == Never {
    public var body: Never { fatalError("\(Self.self) is a primitive view") }
}

// MARK: - Apps

@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor var body: Self.Body { get }
    init()
}

extension App {
    /// Builds the app's scene once (the stand-in runs no event loop).
    @MainActor public static func main() { _ = Self().body }
}

@MainActor @preconcurrency public protocol Scene {}

@resultBuilder public enum SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
    let content: Content
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.content = content() }
}

extension View {
    public func id<ID: Hashable>(_ id: ID) -> some View { attributed("id", id) }
}
