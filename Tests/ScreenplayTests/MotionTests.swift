import ScreenplayDSL
import Testing

private func node(_ json: String) -> (node: Node?, diagnostics: [Diagnostic]) {
    let result = Screen.decode(from: Array(#"{"version": "1.3", "id": "s", "body": \#(json)}"#.utf8))
    return (result.value?.body, result.diagnostics)
}

@Suite struct MotionTests {
    @Test func aNodeCarriesItsMotionAndItRoundTrips() throws {
        let (read, diagnostics) = node(
            """
            {"type": "text", "id": "toast", "text": "Saved", "motion": {
              "enter": {"fade": 0, "slide": {"edge": "bottom", "distance": 24}, "duration": 300, "curve": "easeOut"},
              "exit": {"fade": true, "scale": 0.9, "anchor": "bottom", "duration": 200, "delay": 50},
              "change": {"duration": 400, "curve": "spring", "bounce": 0.2},
              "press": {"opacity": 0.5, "scale": 0.97}}}
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let motion = try #require(read?.motion)
        #expect(motion.enter == Motion.Transition(opacity: 0, slide: Motion.Slide(edge: .bottom, distance: 24), timing: .easeOut(ms: 300)))
        #expect(
            motion.exit
                == Motion.Transition(
                    opacity: 0, scale: Motion.Scale(x: 0.9, y: 0.9), anchor: .bottom, timing: Motion.Timing(ms: 200, delay: 50)))
        #expect(motion.change == .spring(ms: 400, bounce: 0.2))
        #expect(motion.press == Motion.Press(opacity: 0.5, scale: 0.97))
        let sent = try #require(read)
        #expect(Node.decode(from: sent.encoded()).value == sent)
    }

    @Test func theDSLWritesWhatTheWireReads() throws {
        let bar = Rectangle(height: .points(40)).id("bar")
            .transition(
                enter: Motion.Transition(scale: Motion.Scale(x: 1, y: 0), anchor: .bottom).timing(.spring(ms: 500, bounce: 0.1)),
                exit: .fade
            )
            .animation(.easeInOut(ms: 300).delayed(by: 100))
            .pressEffect(.scale)
        let text = String(decoding: bar.encoded(), as: UTF8.self)
        #expect(
            text.contains(
                #""motion":{"change":{"delay":100,"duration":300},"enter":{"anchor":"bottom","bounce":0.1,"curve":"spring","duration":500,"scale":{"x":1,"y":0}},"exit":{"duration":250,"fade":0},"press":"scale"}"#
            ), "\(text)")
        #expect(Node.decode(from: bar.encoded()).value == bar)
    }

    @Test func aTransitionWithoutEffectsFades() throws {
        let (read, diagnostics) = node(#"{"type": "text", "text": "x", "motion": {"enter": {"duration": 100}}}"#)
        #expect(diagnostics.isEmpty)
        #expect(read?.motion?.enter == Motion.Transition(opacity: 0, timing: Motion.Timing(ms: 100)))
    }

    @Test(arguments: [
        (#"{"enter": {"flip": true}, "exit": {"fade": 0}}"#, "body.motion.enter", "flip"),
        (#"{"enter": {"fade": 0, "curve": "wobble"}, "exit": {"fade": 0}}"#, "body.motion.enter.curve", "wobble"),
        (#"{"enter": {"slide": "diagonal"}, "exit": {"fade": 0}}"#, "body.motion.enter.slide", "diagonal"),
        (#"{"enter": {"curve": [0.2, 0, 2, 1]}, "exit": {"fade": 0}}"#, "body.motion.enter.curve", "x1 and x2"),
        (#"{"enter": {"curve": [1, 2]}, "exit": {"fade": 0}}"#, "body.motion.enter.curve", "four numbers"),
    ])
    func anUnknownEffectOrCurveCostsThatMovementOnly(motion: String, path: String, words: String) throws {
        let (read, diagnostics) = node(#"{"type": "text", "text": "x", "motion": \#(motion)}"#)
        let node = try #require(read, "the node survives")
        #expect(node.motion?.enter == nil, "no animation for what cannot be drawn")
        #expect(node.motion?.exit == .fade, "the other movements stay")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.path.description == path, "\(diagnostic)")
        #expect(diagnostic.message.contains(words), "\(diagnostic.message)")
    }

    @Test func timesAndCountsAreBoundedWithAWarning() throws {
        let (read, diagnostics) = node(
            #"{"type": "text", "text": "x", "motion": {"enter": {"duration": 600000, "delay": -5, "repeat": 1000, "scale": 99}, "change": {"bounce": 3}}}"#
        )
        let enter = try #require(read?.motion?.enter)
        #expect(enter.timing.duration == Motion.Timing.Limits.maxDuration)
        #expect(enter.timing.delay == 0)
        #expect(enter.timing.repeatCount == Motion.Timing.Limits.maxRepeat)
        #expect(enter.scale == Motion.Scale(x: 4, y: 4))
        #expect(read?.motion?.change?.curve == .spring(bounce: Motion.Timing.Limits.maxBounce))
        #expect(
            Set(diagnostics.map(\.path.description))
                == [
                    "body.motion.enter.duration", "body.motion.enter.delay", "body.motion.enter.repeat", "body.motion.enter.scale",
                    "body.motion.change.bounce",
                ], "\(diagnostics)")
        #expect(diagnostics.allSatisfy { $0.code == .limitExceeded })
    }

    @Test func anUnknownPressKeepsTheDefault() throws {
        let (read, diagnostics) = node(#"{"type": "text", "text": "x", "motion": {"press": "wiggle"}}"#)
        #expect(read?.motion == nil)
        #expect(diagnostics.map(\.code) == [.unknownMotion])
    }

    @Test func reducedMotionCrossFadesAndNeverMoves() {
        let motion = Motion(
            enter: Motion.Transition(
                scale: Motion.Scale(x: 1, y: 0), slide: Motion.Slide(edge: .leading), timing: .spring(ms: 400, bounce: 0.4).repeated(3)),
            exit: Motion.Transition(opacity: 0.5, slide: Motion.Slide(edge: .top)),
            change: Motion.Timing(ms: 300, curve: .cubicBezier(0.3, -0.5, 0.6, 1.4)), press: .scale)
        let reduced = motion.reducingMotion()
        #expect(reduced.enter == Motion.Transition(opacity: 0, timing: Motion.Timing(ms: 400, curve: .easeInOut)))
        #expect(reduced.exit == Motion.Transition(opacity: 0.5, timing: Motion.Timing()))
        #expect(reduced.change == nil, "a change would move: it is set at once")
        #expect(motion.change?.reducingMotion() == Motion.Timing(ms: 300, curve: .easeInOut), "an overshooting Bézier is a bounce too")
        #expect(reduced.press == Motion.Press(opacity: 0.6))
        #expect(reduced.enter?.moves == false && reduced.exit?.moves == false)
    }

    @Test func aSpringGetsThereInAboutItsDurationAndSettles() {
        let still = Motion.Curve.Spring(duration: 0.5, bounce: 0)
        #expect(still.position(at: 0) == 0)
        #expect(still.position(at: 0.5) > 0.9 && still.position(at: 0.5) <= 1)
        let bouncy = Motion.Curve.Spring(duration: 0.5, bounce: 0.5)
        let peak = stride(from: 0.0, through: 2, by: 0.01).map(bouncy.position(at:)).max() ?? 0
        #expect(peak > 1.1, "a bouncy spring overshoots")
        #expect(bouncy.settlingTime > still.settlingTime)
        let samples = Motion.Curve.springSamples(duration: 0.5, bounce: 0.5)
        #expect(samples.positions.first == 0 && samples.positions.last == 1 && samples.positions.count == 41)
        #expect(abs(1 - bouncy.position(at: samples.settlingTime)) <= 0.001)
        let slow = Motion.Curve.Spring(duration: 0.5, bounce: -0.5)
        #expect(slow.position(at: 0.25) < still.position(at: 0.25), "a negative bounce is slower to get there")
    }

    @Test func oldClientsGetNodesWithoutMotion() throws {
        let screen = Screen(id: "s") {
            VStack { Text("a").id("a").transition(.fade).onTap(.navigate("/a")) }
        }
        let old = ClientCapabilities(version: FormatVersion(1, 2), components: ["vstack", "text"], actions: ["navigate"])
        let adapted = screen.adapted(to: old).screen
        #expect(adapted.body.component.children.first?.motion == nil)
        #expect(adapted.body.component.children.first?.action != nil, "only the motion goes")
        #expect(!String(decoding: adapted.encoded(), as: UTF8.self).contains("motion"))
        let current = ClientCapabilities(version: .motion, components: ["vstack", "text"], actions: ["navigate"])
        #expect(screen.adapted(to: current).screen.body.component.children.first?.motion?.enter == .fade)
    }
}
