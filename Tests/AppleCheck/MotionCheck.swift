// Motion through the SwiftUI renderer (issue 30): the shared motion cases (Tests/Conformance/motion)
// are drawn with and without Reduce Motion, and every node with motion must carry what SwiftUI
// plays — its entrance's starting state (opacity, scale, offset) and the animation that takes it
// to the node, its exit as a removal transition with its animation, its change as an animation on
// its own look, its press on the button that wraps it — and Reduce Motion must leave no scale or
// offset. The layout's animation for a change that shows a node comes from the MotionPlan.
import Foundation
import Screenplay
import ScreenplayPresentation
import ScreenplaySwiftUI
import ScreenplayTestSupport
import SwiftUI

@testable import ScreenplayClient

enum MotionCheck {
    /// A drawn state: opacity, scale, offset.
    struct Look: Equatable, CustomStringConvertible {
        var opacity: Double = 1
        var scale = CGSize(width: 1, height: 1)
        var offset = CGSize.zero
        var description: String { "opacity \(opacity), scale \(scale.width)×\(scale.height), offset \(offset.width),\(offset.height)" }
    }

    /// The state a transition starts (or ends) at, as the issue describes it, for a node of the
    /// stand-in's size.
    static func expected(_ transition: Motion.Transition) -> Look {
        let size = GeometryProxy.standInSize
        var look = Look(opacity: transition.opacity ?? 1)
        if let scale = transition.scale { look.scale = CGSize(width: max(scale.x, 1e-5), height: max(scale.y, 1e-5)) }
        if let slide = transition.slide {
            let along = slide.edge == .top || slide.edge == .bottom ? size.height : size.width
            let distance = slide.distance.map { CGFloat($0) } ?? along
            switch slide.edge {
            case .top: look.offset.height = -distance
            case .bottom: look.offset.height = distance
            case .leading: look.offset.width = -distance
            case .trailing: look.offset.width = distance
            }
        }
        return look
    }

    /// SwiftUI's animation for a timing, as the issue maps it: milliseconds to seconds, the curve,
    /// then the delay and the repeats.
    static func expected(_ timing: Motion.Timing) -> Animation {
        let seconds = Double(timing.duration) / 1000
        var animation: Animation =
            switch timing.curve {
            case .linear: .linear(duration: seconds)
            case .easeIn: .easeIn(duration: seconds)
            case .easeOut: .easeOut(duration: seconds)
            case .easeInOut: .easeInOut(duration: seconds)
            case .spring(let bounce): .spring(duration: max(seconds, 0.001), bounce: bounce)
            case .cubicBezier(let x1, let y1, let x2, let y2): .timingCurve(x1, y1, x2, y2, duration: seconds)
            }
        if timing.delay > 0 { animation = animation.delay(Double(timing.delay) / 1000) }
        if timing.repeatCount > 1 { animation = animation.repeatCount(timing.repeatCount, autoreverses: false) }
        return animation
    }

    /// The look the effects after `index` in `modifiers` draw (the first opacity, scale and offset).
    static func look(_ modifiers: ArraySlice<(name: String, value: Any)>) -> Look {
        var look = Look()
        var seen = Set<String>()
        for (name, value) in modifiers where seen.insert(name).inserted {
            switch name {
            case "opacity": look.opacity = value as? Double ?? 1
            case "scaleEffect": if let scale = value as? ScaleRecord { look.scale = CGSize(width: scale.x, height: scale.y) }
            case "visualEffect": look.offset = (value as? EmptyVisualEffect)?.offsets.first ?? .zero
            default: break
            }
        }
        return look
    }

    /// What a node's motion asks of the renderer on the first frame, in document order.
    struct Expected {
        var entrances: [(from: Look, animation: Animation)] = []
        var exits: [(to: Look, animation: Animation)] = []
        var changes: [Animation] = []
        var presses: [Look] = []
    }

    static func expected(_ presentation: ScreenPresentation, reduceMotion: Bool) -> Expected {
        var expected = Expected()
        presentation.walk { node, _ in
            guard var motion = node.motion else { return }
            if reduceMotion { motion = motion.reducingMotion() }
            if let enter = motion.enter { expected.entrances.append((self.expected(enter), self.expected(enter.timing))) }
            if let exit = motion.exit { expected.exits.append((self.expected(exit), self.expected(exit.timing))) }
            if let change = motion.change { expected.changes.append(self.expected(change)) }
            if let press = motion.press, node.tap != nil, !node.handlesOwnTap {
                expected.presses.append(Look(opacity: press.opacity, scale: CGSize(width: press.scale, height: press.scale)))
            }
        }
        return expected
    }

    /// What the drawn tree carries, in the same order.
    @MainActor static func found(_ root: InspectedView, environment: EnvironmentValues) -> Expected {
        var found = Expected()
        root.walk { view in
            let modifiers = view.modifiers
            if let index = modifiers.firstIndex(where: { $0.name == "onAppear" }) {
                found.entrances.append((look(modifiers[(index + 1)...]), AnimationLog.animations.last.flatMap { $0 } ?? .default))
            }
            if let transition = view.modifier("transition") as? AnyTransition, !transition.isIdentity {
                guard case .asymmetric(let insertion, let removal) = transition.kind, insertion.isIdentity,
                    case .animation(let effect, let animation) = removal.kind, case .modifier(let active, _) = effect.kind
                else { return found.exits.append((Look(opacity: -1), .default)) }
                found.exits.append((look(applied(active).modifiers[...]), animation ?? .default))
            }
            for case let record as AnimationRecord in modifiers.filter({ $0.name == "animation" }).map(\.value) {
                if let animation = record.animation { found.changes.append(animation) }
            }
            if view.kind == "Button", let style = view.modifier("buttonStyle") as? any ButtonStyle,
                "\(type(of: style))" == "NodeButtonStyle"
            {
                let pressed = pressedLook(of: style, environment: environment)
                found.presses.append(look(pressed.modifiers[...]))
            }
        }
        return found
    }

    @MainActor static func applied(_ modifier: some ViewModifier) -> InspectedView {
        ViewInspector.inspect(Color.clear.modifier(modifier))
    }

    @MainActor static func verify() async throws {
        let file = ConformanceCase.defaultFolder.appendingPathComponent("motion/cases.json")
        guard let cases = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] else {
            return check(false, "motion: the shared cases do not read")
        }
        var nodes = 0
        for (number, test) in cases.enumerated() {
            let name = (test["screen"] as? [String: Any])?["id"] as? String ?? "case \(number)"
            guard let json = test["screen"], let screen = Screen.decode(from: Array(try JSONSerialization.data(withJSONObject: json))).value
            else {
                check(false, "motion \(name): the screen does not decode")
                continue
            }
            let runtime = runtime(serving: ["/" + name: screen])
            await runtime.open("/" + name)
            guard let store = runtime.current, store.screen != nil else {
                check(false, "motion \(name): the runtime did not load it")
                continue
            }
            let presented = Presenter(options: PresentationOptions(customTypes: components().typeNames)).present(
                screen, values: store.values)
            for reduceMotion in [false, true] {
                var environment = EnvironmentValues()
                environment.accessibilityReduceMotion = reduceMotion
                let setting = reduceMotion ? "with Reduce Motion" : "without Reduce Motion"
                AnimationLog.animations = []
                let graph = ViewGraph(screenView(store, runtime), environment: environment)
                let first = graph.root // before the entrances' onAppear ran: their starting states
                let expected = expected(presented, reduceMotion: reduceMotion)
                var found = found(first, environment: environment)
                // The animations the entrances started, in the order they appeared.
                let started = AnimationLog.animations.compactMap { $0 }
                check(
                    started.count == found.entrances.count,
                    "motion \(name) \(setting): \(found.entrances.count) entrances started \(started.count) animations")
                for index in found.entrances.indices where index < started.count { found.entrances[index].animation = started[index] }
                nodes += expected.entrances.count + expected.exits.count + expected.changes.count + expected.presses.count
                func same<T>(_ kind: String, _ shown: [T], _ wanted: [T], _ equal: (T, T) -> Bool) {
                    check(
                        shown.count == wanted.count && zip(shown, wanted).allSatisfy(equal),
                        "motion \(name) \(setting): \(kind) drawn \(shown), the presentation asks \(wanted)")
                }
                same("entrances", found.entrances, expected.entrances) { $0.from == $1.from && $0.animation == $1.animation }
                same("exits", found.exits, expected.exits) { $0.to == $1.to && $0.animation == $1.animation }
                same("changes", found.changes, expected.changes, ==)
                same("presses", found.presses, expected.presses, ==)
                if reduceMotion {
                    let moving = (found.entrances.map(\.from) + found.exits.map(\.to) + found.presses).filter {
                        $0.scale != CGSize(width: 1, height: 1) || $0.offset != .zero
                    }
                    check(moving.isEmpty, "motion \(name): Reduce Motion still moves: \(moving)")
                    check(
                        started.allSatisfy { $0.repeatCount == 1 && !$0.curve.hasPrefix("spring") },
                        "motion \(name): Reduce Motion bounces or repeats: \(started)")
                }
                // The entrances end at the node, whatever interrupts them.
                graph.update()
                let settled = MotionCheck.found(graph.root, environment: environment).entrances.map(\.from).filter { $0 != Look() }
                check(settled.isEmpty, "motion \(name) \(setting): entrances stay at \(settled) after their animation started")
            }
        }
        try await verifyLayout()
        UpdateRules.report.append(
            "motion: \(cases.count) shared cases, \(nodes) movements drawn as the presentation decides, with and without Reduce Motion")
    }

    /// A condition that shows a panel: the layout moves with the panel's entrance (what
    /// `withAnimation` would do), unless Reduce Motion is on.
    @MainActor static func verifyLayout() async throws {
        let json = #"""
            {"version": "1.3", "id": "toggle", "state": {"open": false},
             "body": {"type": "vstack", "id": "page", "children": [
               {"type": "text", "id": "above", "text": "Above"},
               {"type": "vstack", "id": "panel", "visibleWhen": {"key": "open", "equals": true},
                "motion": {"enter": {"fade": 0, "slide": "top", "duration": 250}, "exit": {"fade": 0, "duration": 150, "curve": "easeIn"}},
                "children": [{"type": "text", "id": "detail", "text": "Details", "motion": {"enter": {"fade": 0, "duration": 400, "delay": 50}}}]},
               {"type": "text", "id": "below", "text": "Below"}]}}
            """#
        let decoded = Screen.decode(from: Array(json.utf8))
        guard let screen = decoded.value else { return check(false, "motion: the layout screen does not read: \(decoded.diagnostics)") }
        for reduceMotion in [false, true] {
            let runtime = runtime(serving: ["/toggle": screen])
            await runtime.open("/toggle")
            guard let store = runtime.current else { return check(false, "motion: the layout screen did not load") }
            var environment = EnvironmentValues()
            environment.accessibilityReduceMotion = reduceMotion
            let graph = ViewGraph(screenView(store, runtime), environment: environment)
            graph.update()
            func layout() -> Animation?? {
                var found: Animation??
                graph.root.walk { view in
                    guard let record = view.modifier("transaction") as? TransactionRecord else { return }
                    var transaction = Transaction()
                    record.transform(&transaction)
                    found = .some(transaction.animation)
                }
                return found
            }
            check(layout() == .some(nil), "motion: the first frame moves the layout (\(String(describing: layout())))")
            graph.resetCounts()
            store.set("open", to: true)
            graph.update()
            let wanted: Animation? = reduceMotion ? nil : expected(Motion.Timing(ms: 400, delay: 50))
            check(
                layout() == .some(wanted),
                "motion: showing the panel \(reduceMotion ? "with" : "without") Reduce Motion moves the layout with \(String(describing: layout())), not \(String(describing: wanted))"
            )
            check(
                graph.evaluations(of: "NodeView") <= 4,
                "motion: showing the panel evaluates \(graph.evaluations(of: "NodeView")) node views")
            store.set("open", to: false)
            graph.update()
            let closing: Animation? = reduceMotion ? nil : expected(Motion.Timing(ms: 150, curve: .easeIn))
            check(layout() == .some(closing), "motion: hiding the panel moves the layout with \(String(describing: layout()))")
        }
    }
}
