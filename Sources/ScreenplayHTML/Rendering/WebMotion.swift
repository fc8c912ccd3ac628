import Foundation
import Screenplay

/// A node's ``Motion`` as the page's script plays it with the Web Animations API, decided here
/// once: keyframes and options for an entrance and an exit, the timing of a change, and the same
/// under `prefers-reduced-motion` (``Motion/reducingMotion()``). The script only picks the variant
/// and hands these to `element.animate`; which nodes play is the rule of `MotionPlan`, which the
/// script applies to the page's own changes.
///
/// The node's element carries it as `data-sp-motion`:
///
/// ```json
/// {"enter":{"delay":0,"duration":300,"easing":"ease-out","from":{"opacity":0,"transform":"translate(0px,24px)"},"iterations":1},
///  "change":{"delay":0,"duration":615,"easing":"linear(0,0.2,…,1)"},
///  "reduced":{"enter":{…,"from":{"opacity":0}}}}
/// ```
///
/// An entrance gives the state it starts `from` (it ends in the node's own); an exit the state it
/// goes `to`; `origin` is the transform origin of a scale. A slide without a distance moves by
/// the node's own size (a translation of 100 %). Springs become CSS `linear()` easings sampled
/// from ``Motion/Curve/springSamples(duration:bounce:count:)``, played for the spring's settling time.
package enum WebMotion {
    /// The `data-sp-motion` value of `motion`, or nil when it has nothing for the script (no
    /// transition and no change; a press is the style sheet's).
    package static func attribute(for motion: Motion, rightToLeft: Bool = false) -> String? {
        guard let json = json(for: motion, rightToLeft: rightToLeft) else { return nil }
        return String(decoding: JSONWriter.write(json), as: UTF8.self)
    }

    /// The JSON of ``attribute(for:rightToLeft:)``.
    package static func json(for motion: Motion, rightToLeft: Bool = false) -> JSONValue? {
        guard let full = members(of: motion, rightToLeft: rightToLeft) else { return nil }
        var object = full
        // Reduce Motion's variant, only when it differs (a plain fade is already what it wants).
        // (Empty when nothing is left of it: a change alone is set at once.)
        let reduced = members(of: motion.reducingMotion(), rightToLeft: rightToLeft) ?? [:]
        if reduced != full { object["reduced"] = .object(reduced) }
        return .object(object)
    }

    private static func members(of motion: Motion, rightToLeft: Bool) -> [String: JSONValue]? {
        var object: [String: JSONValue] = [:]
        if let enter = motion.enter { object["enter"] = transition(enter, key: "from", rightToLeft: rightToLeft) }
        if let exit = motion.exit { object["exit"] = transition(exit, key: "to", rightToLeft: rightToLeft) }
        if let change = motion.change { object["change"] = .object(timing(change)) }
        return object.isEmpty ? nil : object
    }

    /// An entrance's start (`key` "from") or an exit's end ("to"), with its timing.
    static func transition(_ transition: Motion.Transition, key: String, rightToLeft: Bool) -> JSONValue {
        var frame: [String: JSONValue] = [:]
        if let opacity = transition.opacity { frame["opacity"] = .number(rounded(opacity)) }
        var transforms: [String] = []
        if let slide = transition.slide {
            let distance = slide.distance.map { StyleSheet.px($0) } ?? "100%"
            let backwards = "-" + distance
            // Leading is the left edge left to right, the right one right to left.
            let leadingIsLeft = !rightToLeft
            switch slide.edge {
            case .top: transforms.append("translate(0px,\(backwards))")
            case .bottom: transforms.append("translate(0px,\(distance))")
            case .leading: transforms.append("translate(\(leadingIsLeft ? backwards : distance),0px)")
            case .trailing: transforms.append("translate(\(leadingIsLeft ? distance : backwards),0px)")
            }
        }
        if let scale = transition.scale { transforms.append("scale(\(number(scale.x)),\(number(scale.y)))") }
        if !transforms.isEmpty { frame["transform"] = .string(transforms.joined(separator: " ")) }
        var object = timing(transition.timing)
        object[key] = .object(frame)
        object["iterations"] = .number(Double(transition.timing.repeatCount))
        if transition.scale != nil, transition.anchor != .center {
            object["origin"] = .string(origin(transition.anchor, rightToLeft: rightToLeft))
        }
        return .object(object)
    }

    /// Duration, delay and easing in milliseconds and CSS; a spring plays for its settling time.
    static func timing(_ timing: Motion.Timing) -> [String: JSONValue] {
        var duration = Double(timing.duration)
        let easing: String
        if case .spring(let bounce) = timing.curve {
            let samples = Motion.Curve.springSamples(duration: max(duration, 1) / 1000, bounce: bounce, count: springSampleCount)
            duration = (samples.settlingTime * 1000).rounded()
            easing = "linear(" + samples.positions.map(number).joined(separator: ",") + ")"
        } else {
            easing = Self.easing(timing.curve)
        }
        return ["duration": .number(duration), "delay": .number(Double(timing.delay)), "easing": .string(easing)]
    }

    /// Points of a spring's `linear()` easing: enough for its overshoot to look like one.
    static let springSampleCount = 30

    /// A curve as CSS writes it.
    static func easing(_ curve: Motion.Curve) -> String {
        switch curve {
        case .linear: "linear"
        case .easeIn: "ease-in"
        case .easeOut: "ease-out"
        case .easeInOut: "ease-in-out"
        case .cubicBezier(let x1, let y1, let x2, let y2):
            // CSS refuses x outside 0…1; the format clamps it already, this keeps the script's call valid.
            "cubic-bezier(\(number(min(max(x1, 0), 1))),\(number(y1)),\(number(min(max(x2, 0), 1))),\(number(y2)))"
        case .spring: "ease-in-out"
        }
    }

    /// The transform origin of an anchor, in the layout's direction.
    static func origin(_ anchor: Motion.Anchor, rightToLeft: Bool) -> String {
        let leading = rightToLeft ? "100%" : "0%"
        let trailing = rightToLeft ? "0%" : "100%"
        switch anchor {
        case .center: return "50% 50%"
        case .top: return "50% 0%"
        case .bottom: return "50% 100%"
        case .leading: return "\(leading) 50%"
        case .trailing: return "\(trailing) 50%"
        case .topLeading: return "\(leading) 0%"
        case .topTrailing: return "\(trailing) 0%"
        case .bottomLeading: return "\(leading) 100%"
        case .bottomTrailing: return "\(trailing) 100%"
        }
    }

    /// The class rules of a press: dims and shrinks while `:active`, with a short transition;
    /// under `prefers-reduced-motion` it dims only (``Motion/Press/reducingMotion()``).
    static func pressRules(_ press: Motion.Press, className name: String) -> (rules: [String], reduced: [String]) {
        var active: [String] = []
        if press.opacity != 1 { active.append("opacity:\(number(press.opacity))") }
        if press.scale != 1 { active.append("transform:scale(\(number(press.scale)))") }
        // The pressed look comes and goes in the one timing every renderer uses.
        let timing = Motion.Press.timing
        let transition = "\(timing.duration)ms \(easing(timing.curve))"
        let rules = [
            ".\(name){transition:opacity \(transition),transform \(transition)}",
            ".\(name):active{\(active.joined(separator: ";"))}",
        ]
        let calm = press.reducingMotion()
        guard calm != press else { return (rules, []) }
        return (rules, [".\(name):active{transform:none;opacity:\(number(calm.opacity))}"])
    }

    /// A short, finite decimal: at most three places, no trailing zeros.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        if thousandths == 0 { return "0" }
        let sign = thousandths < 0 ? "-" : ""
        let magnitude = Int(abs(thousandths))
        let whole = magnitude / 1000
        var fraction = String(magnitude % 1000)
        if fraction == "0" { return sign + String(whole) }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return sign + String(whole) + "." + fraction
    }

    static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }

    /// A short, stable digest of a node's own look (its element's attributes and content, not its
    /// children's): the script compares an old and a new element's to decide whether a change plays.
    static func look(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return String(hash & 0xff_ffff_ffff, radix: 36)
    }
}
