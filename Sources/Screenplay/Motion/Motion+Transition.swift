extension Motion {
    /// How a node enters or leaves: where it comes from (or goes to) and how long it takes. The
    /// effects combine: a fade from 0 with a slide from the bottom is a node that rises into view.
    /// A transition with no effect fades.
    ///
    /// ```swift
    /// let rise = Motion.Transition.fade.slide(from: .bottom, by: 24).timing(.easeOut(ms: 250))
    /// ```
    public struct Transition: Sendable, Hashable {
        /// The opacity the node enters from (or leaves to), 0 to 1; nil does not fade.
        public var opacity: Double?
        /// The scale the node enters from (or leaves to), per axis, 0 to 4; nil does not scale.
        public var scale: Scale?
        /// The edge the node slides from (or to), and how far; nil does not slide.
        public var slide: Slide?
        /// The point scaling is around (`bottom`: a bar grows upwards).
        public var anchor: Anchor
        public var timing: Timing

        public init(opacity: Double? = nil, scale: Scale? = nil, slide: Slide? = nil, anchor: Anchor = .center, timing: Timing = Timing()) {
            self.opacity = opacity
            self.scale = scale
            self.slide = slide
            self.anchor = anchor
            self.timing = timing
            if opacity == nil && scale == nil && slide == nil { self.opacity = 0 }
        }

        /// A fade from (or to) transparent, in the default timing.
        public static let fade = Transition(opacity: 0)

        /// This transition with a scale from `scale` around `anchor`.
        public func scale(from scale: Double, anchor: Anchor = .center) -> Transition {
            var transition = self
            transition.scale = Scale(x: scale, y: scale)
            transition.anchor = anchor
            return transition
        }

        /// This transition with a slide from `edge`, by `distance` points (nil: the node's own size).
        public func slide(from edge: Edge, by distance: Double? = nil) -> Transition {
            var transition = self
            transition.slide = Slide(edge: edge, distance: distance)
            return transition
        }

        /// This transition in `timing`.
        public func timing(_ timing: Timing) -> Transition {
            var transition = self
            transition.timing = timing
            return transition
        }

        /// Whether anything moves (a scale or a slide) rather than only fading.
        public var moves: Bool { scale != nil || slide != nil }

        /// This transition as a cross-fade of the same timing: what Reduce Motion draws.
        public func reducingMotion() -> Transition {
            Transition(opacity: opacity ?? 0, anchor: .center, timing: timing.reducingMotion())
        }
    }

    /// A scale per axis: `x: 1, y: 0` grows a bar from nothing to its height.
    public struct Scale: Sendable, Hashable {
        public var x: Double
        public var y: Double

        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A slide from an edge: by `distance` points, or by the node's own size when nil (the node
    /// starts just outside where it ends).
    public struct Slide: Sendable, Hashable {
        public var edge: Edge
        public var distance: Double?

        public init(edge: Edge, distance: Double? = nil) {
            self.edge = edge
            self.distance = distance
        }
    }

    /// An edge of a node, in the reading direction (`leading` is the right edge in Arabic).
    public enum Edge: String, Sendable, Hashable, CaseIterable {
        case top, bottom, leading, trailing
    }

    /// The point of a node that scaling keeps in place.
    public enum Anchor: String, Sendable, Hashable, CaseIterable {
        case center, top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing
    }
}
