/// Motion modifiers, in SwiftUI's shape: a transition for when the node comes and goes, an
/// animation for when its properties change, a press effect for when it is tapped.
///
/// ```swift
/// Text("\(cartCount) items")
///     .transition(.fade.scale(from: 0.8))
///     .animation(.spring(ms: 400, bounce: 0.3))
/// Rectangle(height: 64).transition(enter: Motion.Transition(scale: Motion.Scale(x: 1, y: 0), anchor: .bottom), exit: .fade)
/// card.pressEffect(.scale)
/// ```
extension Node {
    /// How the node enters and leaves: the same transition both ways (a fade in is a fade out).
    public consuming func transition(_ transition: Motion.Transition) -> Node {
        updateMotion {
            $0.enter = transition
            $0.exit = transition
        }
    }

    /// How the node enters, and how it leaves (nil: it leaves at once).
    public consuming func transition(enter: Motion.Transition?, exit: Motion.Transition?) -> Node {
        updateMotion {
            $0.enter = enter
            $0.exit = exit
        }
    }

    /// How the node moves between the old and the new value of its properties when a variable or a
    /// live patch changes them (a bar's height, a colour, a progress).
    public consuming func animation(_ timing: Motion.Timing) -> Node {
        updateMotion { $0.change = timing }
    }

    /// How the node looks while pressed (tappable nodes dim by default).
    public consuming func pressEffect(_ press: Motion.Press) -> Node {
        updateMotion { $0.press = press }
    }

    /// The whole motion at once.
    public consuming func motion(_ motion: Motion) -> Node {
        self.motion = motion
        return self
    }

    private consuming func updateMotion(_ change: (inout Motion) -> Void) -> Node {
        var motion = self.motion ?? Motion()
        change(&motion)
        self.motion = motion
        return self
    }
}

extension NodeConvertible {
    /// How the node enters and leaves: the same transition both ways.
    public func transition(_ transition: Motion.Transition) -> Node { node.transition(transition) }
    /// How the node enters, and how it leaves.
    public func transition(enter: Motion.Transition?, exit: Motion.Transition?) -> Node { node.transition(enter: enter, exit: exit) }
    /// How the node moves between old and new values of its properties.
    public func animation(_ timing: Motion.Timing) -> Node { node.animation(timing) }
    /// How the node looks while pressed.
    public func pressEffect(_ press: Motion.Press) -> Node { node.pressEffect(press) }
    /// The whole motion at once.
    public func motion(_ motion: Motion) -> Node { node.motion(motion) }
}
