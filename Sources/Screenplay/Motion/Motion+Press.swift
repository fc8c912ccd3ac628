extension Motion {
    /// How a tappable node looks while pressed. Every node the renderer makes tappable (a card,
    /// a row, an image with a tap) dims by default; buttons, switches and fields keep their
    /// platform's own pressed look unless a press is given.
    ///
    /// On the wire: `"press": "fade"`, `"scale"`, `"none"` (``off``), or `{"opacity": 0.5, "scale": 0.97}`.
    ///
    /// ```swift
    /// card.motion(press: .scale)
    /// ```
    public struct Press: Sendable, Hashable {
        /// The opacity while pressed, 0 to 1.
        public var opacity: Double
        /// The scale while pressed, 0.5 to 1.5.
        public var scale: Double

        public init(opacity: Double = 1, scale: Double = 1) {
            self.opacity = opacity
            self.scale = scale
        }

        /// Dims to 60 %: what a tappable node does when the server says nothing.
        public static let standard = Press(opacity: 0.6)
        /// The same as ``standard``, said explicitly (`"fade"`).
        public static let fade = standard
        /// Shrinks to 96 % and dims a little: cards and tiles.
        public static let scale = Press(opacity: 0.85, scale: 0.96)
        /// No pressed look (`"none"` on the wire).
        public static let off = Press()

        /// How the pressed look comes and goes: quickly, easing out, in every renderer.
        public static let timing = Motion.Timing(ms: 120, curve: .easeOut)

        /// Whether the press changes anything.
        public var isVisible: Bool { opacity != 1 || scale != 1 }

        /// This press without shrinking: what Reduce Motion draws.
        public func reducingMotion() -> Press {
            // Shrinking is movement; the same press dims instead, a little more than it did.
            scale == 1 ? self : Press(opacity: min(opacity, Press.standard.opacity))
        }
    }
}
