// The stand-in's animation API (see SwiftUI.swift): `Animation`, `AnyTransition`, `withAnimation`,
// transactions and the effects the renderer animates, with the signatures and availability of the
// iPhoneOS 17.4 SDK's SwiftUI.swiftinterface (danpashin/sdks, commit dd1de01a…, the same interface
// Tests/AppleStandIns/Names was read from). Where SwiftUI's values are opaque, these record what
// they were made of, so that a check can tell which curve, timing and effects a view was given.

// MARK: - Animation

/// An animation as the stand-in records it: its curve, its timing in seconds, and how it repeats.
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Animation: Equatable, Sendable {
    /// `linear`, `easeIn`, `easeOut`, `easeInOut`, `timingCurve(x1, y1, x2, y2)`, `spring(bounce: b)` or `default`.
    public let curve: String
    public let duration: Double
    public private(set) var delay: Double = 0
    public private(set) var repeatCount = 1
    public private(set) var autoreverses = false

    init(curve: String, duration: Double) {
        self.curve = curve
        self.duration = duration
    }

    public static func linear(duration: TimeInterval) -> Animation { Animation(curve: "linear", duration: duration) }
    public static func easeIn(duration: TimeInterval) -> Animation { Animation(curve: "easeIn", duration: duration) }
    public static func easeOut(duration: TimeInterval) -> Animation { Animation(curve: "easeOut", duration: duration) }
    public static func easeInOut(duration: TimeInterval) -> Animation { Animation(curve: "easeInOut", duration: duration) }
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35) -> Animation {
        Animation(curve: "timingCurve(\(p1x), \(p1y), \(p2x), \(p2y))", duration: duration)
    }
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0) -> Animation {
        Animation(curve: "spring(bounce: \(bounce))", duration: duration)
    }
    public static let `default` = Animation(curve: "default", duration: 0.35)

    public func delay(_ delay: TimeInterval) -> Animation {
        var animation = self
        animation.delay = delay
        return animation
    }
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var animation = self
        animation.repeatCount = repeatCount
        animation.autoreverses = autoreverses
        return animation
    }
}

/// The animations `withAnimation` was called with, newest last (for checks).
public enum AnimationLog {
    nonisolated(unsafe) public static var animations: [Animation?] = []
}

/// Runs `body` (the stand-in has no render loop: the state it changes is seen at the next update).
@available(iOS 13.0, macOS 10.15, *)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    AnimationLog.animations.append(animation)
    return try body()
}

@available(iOS 13.0, macOS 10.15, *)
@frozen public struct Transaction {
    public var animation: Animation?
    public var disablesAnimations = false
    public init() {}
    public init(animation: Animation?) { self.animation = animation }
}

// MARK: - Transitions

/// A transition as the stand-in records it: what it is made of.
@available(iOS 13.0, macOS 10.15, *)
@frozen public struct AnyTransition {
    public indirect enum Kind {
        case identity, opacity
        case scale(CGFloat, anchor: UnitPoint)
        case move(Edge)
        case offset(CGSize)
        case modifier(active: any ViewModifier, identity: any ViewModifier)
        case asymmetric(insertion: AnyTransition, removal: AnyTransition)
        case combined(AnyTransition, AnyTransition)
        case animation(AnyTransition, Animation?)
    }
    public let kind: Kind

    public static let identity = AnyTransition(kind: .identity)
    public static let opacity = AnyTransition(kind: .opacity)
    public static var scale: AnyTransition { AnyTransition(kind: .scale(0, anchor: .center)) }
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(kind: .scale(scale, anchor: anchor))
    }
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(kind: .move(edge)) }
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(kind: .offset(offset)) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition { offset(CGSize(width: x, height: y)) }
    public static func modifier<E>(active: E, identity: E) -> AnyTransition where E: ViewModifier {
        AnyTransition(kind: .modifier(active: active, identity: identity))
    }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(kind: .asymmetric(insertion: insertion, removal: removal))
    }
    public func combined(with other: AnyTransition) -> AnyTransition { AnyTransition(kind: .combined(self, other)) }
    public func animation(_ animation: Animation?) -> AnyTransition { AnyTransition(kind: .animation(self, animation)) }

    /// Whether the transition does nothing.
    public var isIdentity: Bool {
        switch kind {
        case .identity: true
        case .asymmetric(let insertion, let removal): insertion.isIdentity && removal.isIdentity
        case .combined(let first, let second): first.isIdentity && second.isIdentity
        case .animation(let transition, _): transition.isIdentity
        default: false
        }
    }
}

// MARK: - Geometry and effects

@available(iOS 13.0, macOS 10.15, *)
@frozen public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init() { self.init(x: 0, y: 0) }
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A view's size, as a layout would give it: the stand-in has no layout, so every view measures
/// ``standInSize``.
@available(iOS 13.0, macOS 10.15, *)
public struct GeometryProxy {
    public static let standInSize = CGSize(width: 320, height: 48)
    public var size: CGSize { Self.standInSize }
}

@available(iOS 17.0, macOS 14.0, *)
public protocol VisualEffect: Sendable {}

/// The effects a `visualEffect` closure applied, in order.
@available(iOS 17.0, macOS 14.0, *)
public struct EmptyVisualEffect: VisualEffect {
    public var offsets: [CGSize] = []
    public init() {}
}

@available(iOS 17.0, macOS 14.0, *)
extension VisualEffect {
    public func offset(_ offset: CGSize) -> some VisualEffect {
        var effect = self as? EmptyVisualEffect ?? EmptyVisualEffect()
        effect.offsets.append(offset)
        return effect
    }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some VisualEffect { offset(CGSize(width: x, height: y)) }
}

/// What `.scaleEffect` was given.
public struct ScaleRecord: Equatable {
    public let x: CGFloat, y: CGFloat
    public let anchor: UnitPoint
}

/// What `.animation(_:value:)` was given.
public struct AnimationRecord {
    public let animation: Animation?
    public let value: Any
}

/// What `.transaction(value:_:)` was given.
public struct TransactionRecord {
    public let value: Any
    public let transform: (inout Transaction) -> Void
}

extension View {
    @_disfavoredOverload public func transition(_ t: AnyTransition) -> some View { attributed("transition", t) }
    public func animation<V>(_ animation: Animation?, value: V) -> some View where V: Equatable {
        attributed("animation", AnimationRecord(animation: animation, value: value))
    }
    @available(iOS 17.0, macOS 14.0, *)
    public func transaction(value: some Equatable, _ transform: @escaping (inout Transaction) -> Void) -> some View {
        attributed("transaction", TransactionRecord(value: value, transform: transform))
    }
    public func scaleEffect(x: CGFloat = 1.0, y: CGFloat = 1.0, anchor: UnitPoint = .center) -> some View {
        attributed("scaleEffect", ScaleRecord(x: x, y: y, anchor: anchor))
    }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { attributed("offset", CGSize(width: x, height: y)) }
    /// The effect is applied for a view of ``GeometryProxy/standInSize``; the offsets it made are recorded.
    @available(iOS 17.0, macOS 14.0, *)
    public func visualEffect(_ effect: @escaping @Sendable (EmptyVisualEffect, GeometryProxy) -> some VisualEffect) -> some View {
        attributed("visualEffect", effect(EmptyVisualEffect(), GeometryProxy()))
    }
    /// Runs `action` after the update in which the view first appears (again after it went and came back).
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { attributed("onAppear", action as Any) }
}

/// A button style's label as drawn while pressed (`isPressed`), for checks: evaluated in the
/// environment given, as SwiftUI evaluates it under the button.
@MainActor public func pressedLook<S: ButtonStyle>(of style: S, environment: EnvironmentValues = EnvironmentValues()) -> InspectedView {
    ViewInspector.inspect(PressedProbe(style: style), environment: environment)
}

struct PressedProbe<S: ButtonStyle>: View {
    let style: S
    var body: some View {
        style.makeBody(configuration: ButtonStyleConfiguration(role: nil, label: .init(content: Text(verbatim: "label")), isPressed: true))
    }
}
