#if canImport(SwiftUI)
    import Screenplay
    import ScreenplayPresentation
    import SwiftUI

    extension Motion.Timing {
        /// The one mapping of a timing onto SwiftUI: milliseconds become seconds, the curve its
        /// animation (a spring SwiftUI's `spring(duration:bounce:)`, a Bézier `timingCurve`), then
        /// the delay, then the repeats (each from the start, as the page plays them).
        var animation: Animation {
            let seconds = Double(duration) / 1000
            var animation: Animation
            switch curve {
            case .linear: animation = .linear(duration: seconds)
            case .easeIn: animation = .easeIn(duration: seconds)
            case .easeOut: animation = .easeOut(duration: seconds)
            case .easeInOut: animation = .easeInOut(duration: seconds)
            // A spring of no duration would be infinitely stiff: the shortest one instead.
            case .spring(let bounce): animation = .spring(duration: max(seconds, 0.001), bounce: bounce)
            case .cubicBezier(let x1, let y1, let x2, let y2): animation = .timingCurve(x1, y1, x2, y2, duration: seconds)
            }
            if delay > 0 { animation = animation.delay(Double(delay) / 1000) }
            if repeatCount > 1 { animation = animation.repeatCount(repeatCount, autoreverses: false) }
            return animation
        }

        /// When it ends, in milliseconds from the change.
        var end: Int { delay + duration * repeatCount }
    }

    /// A node's motion, drawn: its entrance on appearance, its exit as a removal transition, its
    /// change as an animation of its own look. Reduce Motion draws `Motion.reducingMotion()`.
    struct MotionModifier: ViewModifier {
        let motion: Motion
        /// What a change animates: the node without its children (`PresentedNode.ownLook`).
        let look: PresentedNode
        @Environment(\.accessibilityReduceMotion) private var reduceMotion

        func body(content: Content) -> some View {
            let motion = reduceMotion ? self.motion.reducingMotion() : self.motion
            entering(content, motion.enter)
                .animation(motion.change?.animation, value: look)
                .transition(Self.transition(exit: motion.exit))
        }

        @ViewBuilder private func entering(_ content: Content, _ enter: Motion.Transition?) -> some View {
            if let enter { content.modifier(EntranceModifier(transition: enter)) } else { content }
        }

        /// The exit as SwiftUI removes a view: from itself to the exit's state, with the exit's own
        /// animation (so it plays whatever removed the node: a condition, a state switch, a patch).
        /// Insertion is the identity: ``EntranceModifier`` plays entrances, the first frame's too.
        static func transition(exit: Motion.Transition?) -> AnyTransition {
            guard let exit else { return .identity }
            return .asymmetric(
                insertion: .identity,
                removal: .modifier(
                    active: MotionEffect(transition: exit, isActive: true), identity: MotionEffect(transition: exit, isActive: false)
                )
                .animation(exit.timing.animation))
        }
    }

    /// An entrance: the node is drawn at the transition's state when it appears, then animated to
    /// itself — on the screen's first frame as when a condition, a state switch or a patch shows it
    /// (SwiftUI plays no transition on a view's first frame). The state is set once, at once, with
    /// the animation: an interrupted entrance ends at the node, never at the transition's state.
    struct EntranceModifier: ViewModifier {
        let transition: Motion.Transition
        @State private var entered = false

        func body(content: Content) -> some View {
            content
                .modifier(MotionEffect(transition: transition, isActive: !entered))
                .onAppear {
                    guard !entered else { return }
                    withAnimation(transition.timing.animation) { entered = true }
                }
        }
    }

    /// A transition's state (`isActive`) or the node as it is: opacity, scale around the anchor,
    /// and the slide's offset (the node's own size when the slide gives no distance).
    struct MotionEffect: ViewModifier {
        let transition: Motion.Transition
        let isActive: Bool

        func body(content: Content) -> some View {
            let scale = isActive ? transition.scale : nil
            let slide = isActive ? transition.slide : nil
            content
                .opacity(isActive ? transition.opacity ?? 1 : 1)
                // SwiftUI's own scale transition stops short of 0: a singular transform draws nothing.
                .scaleEffect(
                    x: CGFloat(max(scale?.x ?? 1, 1e-5)), y: CGFloat(max(scale?.y ?? 1, 1e-5)), anchor: Self.anchor(transition.anchor)
                )
                .visualEffect { effect, geometry in effect.offset(Self.offset(slide, size: geometry.size)) }
        }

        /// Where a slide starts, or ends (in the reading direction, as SwiftUI's edges are).
        nonisolated static func offset(_ slide: Motion.Slide?, size: CGSize) -> CGSize {
            guard let slide else { return .zero }
            switch slide.edge {
            case .top: return CGSize(width: 0, height: -(slide.distance.map { CGFloat($0) } ?? size.height))
            case .bottom: return CGSize(width: 0, height: slide.distance.map { CGFloat($0) } ?? size.height)
            case .leading: return CGSize(width: -(slide.distance.map { CGFloat($0) } ?? size.width), height: 0)
            case .trailing: return CGSize(width: slide.distance.map { CGFloat($0) } ?? size.width, height: 0)
            }
        }

        static func anchor(_ anchor: Motion.Anchor) -> UnitPoint {
            switch anchor {
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .leading: .leading
            case .trailing: .trailing
            case .topLeading: .topLeading
            case .topTrailing: .topTrailing
            case .bottomLeading: .bottomLeading
            case .bottomTrailing: .bottomTrailing
            }
        }
    }

    /// A tappable node's look while pressed: the press's opacity and scale (under Reduce Motion,
    /// its variant that does not shrink), the whole of its frame hit.
    struct NodeButtonStyle: ButtonStyle {
        let press: Motion.Press?
        @Environment(\.accessibilityReduceMotion) private var reduceMotion

        func makeBody(configuration: Configuration) -> some View {
            let press = configuration.isPressed ? (reduceMotion ? self.press?.reducingMotion() : self.press) : nil
            configuration.label
                .contentShape(Rectangle())
                .opacity(press?.opacity ?? 1)
                .scaleEffect(x: CGFloat(press?.scale ?? 1), y: CGFloat(press?.scale ?? 1))
                // The pressed look comes and goes as the page's does.
                .animation(self.press == nil ? nil : Motion.Press.timing.animation, value: configuration.isPressed)
        }
    }
#endif
