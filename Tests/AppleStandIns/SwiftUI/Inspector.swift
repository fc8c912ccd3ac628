// Walks what a view's body builds, evaluating bodies as SwiftUI would (see SwiftUI.swift).

/// One primitive view found by the inspector, with the built-in modifiers applied to it.
public struct InspectedView {
    public var kind: String
    public var children: [InspectedView]
    /// Outermost first.
    public var modifiers: [(name: String, value: Any)] = []
    public var text: Text?
    public var title: String?
    public var value: String?
    public var action: (() -> Void)?
    public var setText: ((String) -> Void)?
    public var setFlag: ((Bool) -> Void)?

    public init(_ kind: String, children: [InspectedView] = []) {
        self.kind = kind
        self.children = children
    }

    /// A text input: its title, its value, and a way to type into it.
    init(field kind: String, _ title: String, _ text: Binding<String>) {
        self.init(kind)
        self.title = title
        value = text.wrappedValue
        setText = { text.wrappedValue = $0 }
    }

    /// The value of the outermost modifier called `name`.
    public func modifier(_ name: String) -> Any? { modifiers.first { $0.name == name }?.value }
}

/// Evaluates views into ``InspectedView`` trees.
@MainActor public struct ViewInspector {
    public init() {}

    public mutating func inspect(_ view: any View) -> InspectedView {
        if let primitive = view as? any PrimitiveView { return primitive.inspected(by: &self) }
        return inspectBody(view)
    }

    private mutating func inspectBody<V: View>(_ view: V) -> InspectedView { inspect(view.body) }

    /// Inspects `view` with these environment values.
    public static func inspect(_ view: any View, environment: EnvironmentValues = EnvironmentValues()) -> InspectedView {
        let saved = EnvironmentValues.current
        EnvironmentValues.current = environment
        defer { EnvironmentValues.current = saved }
        var inspector = ViewInspector()
        return inspector.inspect(view)
    }
}
