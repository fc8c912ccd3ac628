/// How a node moves: when it appears, when it leaves, when a bound or patched property changes,
/// and how it answers a press. Motion is never needed to understand a screen: a client that does
/// not declare format 1.3 gets the node without it, and Reduce Motion turns movement into a
/// cross-fade (``Motion/reducingMotion()``).
///
/// On the wire, a node's `motion` member:
///
/// ```json
/// "motion": {
///   "enter": {"fade": 0, "slide": {"edge": "bottom", "distance": 24}, "duration": 300, "curve": "easeOut"},
///   "exit": {"fade": 0, "scale": 0.9, "duration": 200},
///   "change": {"duration": 400, "curve": "spring", "bounce": 0.2},
///   "press": "scale"
/// }
/// ```
///
/// In Swift:
///
/// ```swift
/// Text("Saved").motion(enter: .fade.slide(from: .bottom, by: 24).timing(.easeOut(ms: 300)))
/// ```
public struct Motion: Sendable, Hashable {
    /// Played when the node starts to be shown: on the screen's first frame, when a condition
    /// shows it, when a patch inserts or replaces it, when a state switch chooses it.
    public var enter: Transition?
    /// Played when the node stops being shown; the node is removed when it ends.
    public var exit: Transition?
    /// How the node moves between an old and a new value of its properties (colours, sizes,
    /// opacity, text), when a variable or a live patch changes them.
    public var change: Timing?
    /// How a tappable node answers a press; nil is the default (``Press/standard``).
    public var press: Press?

    public init(enter: Transition? = nil, exit: Transition? = nil, change: Timing? = nil, press: Press? = nil) {
        self.enter = enter
        self.exit = exit
        self.change = change
        self.press = press
    }

    /// Whether the motion asks for nothing.
    public var isEmpty: Bool { enter == nil && exit == nil && change == nil && press == nil }

    /// The motion as Reduce Motion (iOS, macOS) and `prefers-reduced-motion` (web) want it, as
    /// Apple's Human Interface Guidelines describe: nothing slides, scales, bounces or repeats.
    /// Transitions become cross-fades of the same timing with a plain curve; a change is set at
    /// once (it would move sizes and positions); a press dims instead of shrinking.
    ///
    /// ```swift
    /// let shown = reduceMotion ? motion.reducingMotion() : motion
    /// ```
    public func reducingMotion() -> Motion {
        // A change would move sizes and positions as well as colours: it is set at once.
        Motion(enter: enter?.reducingMotion(), exit: exit?.reducingMotion(), change: nil, press: press?.reducingMotion())
    }
}
