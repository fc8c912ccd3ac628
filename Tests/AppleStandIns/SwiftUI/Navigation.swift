// SwiftUI's navigation, as far as the hosts rely on it: a `NavigationStack` bound to a path shows
// its root, then one destination per element of the path (made by the `navigationDestination(for:)`
// declared inside it for the element's type), each with an identity of its own element; the user
// tapping Back sets the path to all but its last element, as SwiftUI does.

/// A stack of views: its root, then the destinations of its path.
///
/// Inspected as `NavigationStack` with the root and each pushed destination as children, its
/// `value` the number pushed, and its `action` the user tapping Back (nil at the root).
public struct NavigationStack<Data, Root: View>: View, PrimitiveView {
    public typealias Body = Never
    let root: Root
    /// The path's elements now, and what tapping Back writes to it (the first `count` elements).
    let elements: () -> [AnyHashable]
    let keep: (Int) -> Void

    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        self.root = root()
        elements = { [] }
        keep = { _ in }
    }

    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection, Data.Element: Hashable {
        self.root = root()
        elements = { path.wrappedValue.map { AnyHashable($0) } }
        keep = { count in path.wrappedValue = Data(path.wrappedValue.prefix(count)) }
    }

    @MainActor public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        let shownRoot = inspector.inspect(root)
        var destinations: [NavigationDestinationRecord] = []
        shownRoot.walk { view in
            destinations += view.modifiers.compactMap {
                $0.name == "navigationDestination" ? $0.value as? NavigationDestinationRecord : nil
            }
        }
        var children = [shownRoot]
        for element in elements() {
            guard let destination = destinations.lazy.compactMap({ $0.view(element) }).first else {
                children.append(InspectedView("NoDestination"))
                continue
            }
            // A pushed view's identity is its element: a pop and a push of another is a new view.
            children.append(inspector.inspect(destination, key: "\(element)"))
        }
        var stack = InspectedView("NavigationStack", children: children)
        stack.value = String(children.count - 1)
        if children.count > 1 {
            let keep = self.keep
            let count = children.count - 2
            stack.action = { keep(count) }
        }
        return stack
    }
}

/// What `navigationDestination(for:destination:)` declares: the view for an element of its type.
struct NavigationDestinationRecord {
    let view: (AnyHashable) -> AnyView?

    init<D: Hashable, C: View>(for type: D.Type, _ destination: @escaping (D) -> C) {
        view = { element in (element.base as? D).map { AnyView(destination($0)) } }
    }
}
