// A UIKit view in SwiftUI (see SwiftUI.swift): `UIViewRepresentable` (iOS 13; unavailable on
// macOS). The graph makes the view and its coordinator once for the identity, keeps them, and calls
// `updateUIView` at every evaluation, as SwiftUI does; the inspected view ("UIView") hands the
// UIKit view to the checks (`InspectedView.uiView`), which drive it as a user would.

@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol UIViewRepresentable: View, PrimitiveView where Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    @MainActor func makeUIView(context: Self.Context) -> Self.UIViewType
    @MainActor func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
    @MainActor func makeCoordinator() -> Self.Coordinator
}

extension UIViewRepresentable where Coordinator == Void {
    public func makeCoordinator() {}
}

@available(iOS 13.0, *)
@MainActor public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    public let coordinator: Representable.Coordinator
    public var environment: EnvironmentValues { EnvironmentValues.current }
}

extension UIViewRepresentable {
    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        let made = inspector.graph.representable(at: inspector.currentIdentity) { () -> (AnyObject, Any) in
            let context = Context(coordinator: makeCoordinator())
            return (makeUIView(context: context), context.coordinator)
        }
        guard let uiView = made.view as? UIViewType, let coordinator = made.coordinator as? Coordinator else {
            return InspectedView("Empty")
        }
        updateUIView(uiView, context: Context(coordinator: coordinator))
        var view = InspectedView("UIView")
        view.uiView = uiView
        return view
    }
}
