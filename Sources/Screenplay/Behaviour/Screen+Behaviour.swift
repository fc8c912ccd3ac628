extension Screen {
    /// Whether the screen runs anything by itself: triggers, timers or actions when it appears.
    ///
    /// ```swift
    /// if screen.hasBehaviour { runtime.startBehaviour(of: screen) }
    /// ```
    public var hasBehaviour: Bool {
        !triggers.isEmpty || !timers.isEmpty || !onAppear.isEmpty
    }

    /// The screen's `onAppear`, `timers` and `triggers` as one object, written as the format
    /// writes them (what the web page runs), or nil when it has none.
    ///
    /// ```swift
    /// screen.behaviourJSON   // {"onAppear":[{"command":"start","id":"offer","type":"timer"}],"timers":[…]}
    /// ```
    public var behaviourJSON: JSONValue? {
        guard hasBehaviour else { return nil }
        var writer = JSONWriter(layout: .compact)
        writer.beginObject()
        if !onAppear.isEmpty { writer.member(.onAppear, onAppear) }
        if !timers.isEmpty { writer.member(.timers, timers) }
        if !triggers.isEmpty { writer.member(.triggers, triggers) }
        writer.endObject()
        return try? JSONParser.parse(writer.written, limits: .unlimited)
    }

    /// The timer declared with `id`, if any.
    public func timer(_ id: String) -> ScreenTimer? {
        timers.first { $0.id == id }
    }
}

extension Screen {
    /// Reads `triggers`: a bad trigger (a condition that does not parse or is not boolean, an
    /// unknown mode, missing actions) costs that trigger, with an error at its path.
    static func readTriggers(_ reader: inout ObjectReader, context: DecodingContext) -> [ScreenTrigger] {
        guard let json = reader.raw(.triggers), !json.isNull else { return [] }
        return context.at(.member(.triggers)) { () -> [ScreenTrigger] in
            guard json.kind == .array else {
                context.report(.error, .invalidValue, "expected an array of triggers, found \(json.kindDescription)")
                return []
            }
            var triggers: [ScreenTrigger] = []
            for (index, element) in json.elements.enumerated() {
                context.at(.index(index)) {
                    do throws(DecodingFailure) {
                        triggers.append(try ScreenTrigger(json: element, context: context))
                    } catch {
                        context.report(
                            DecodingFailure(code: error.code, message: "\(error.message); trigger dropped", path: error.path),
                            severity: .error)
                    }
                }
            }
            return triggers
        }
    }

    /// Reads `timers`: a bad timer costs that timer; an id used twice keeps the first; past
    /// ``BehaviourLimits/maximumTimers`` the rest are dropped. Each with an error at its path.
    static func readTimers(_ reader: inout ObjectReader, context: DecodingContext) -> [ScreenTimer] {
        guard let json = reader.raw(.timers), !json.isNull else { return [] }
        return context.at(.member(.timers)) { () -> [ScreenTimer] in
            guard json.kind == .array else {
                context.report(.error, .invalidValue, "expected an array of timers, found \(json.kindDescription)")
                return []
            }
            let limit = BehaviourLimits.default.maximumTimers
            var timers: [ScreenTimer] = []
            var ids: Set<String> = []
            for (index, element) in json.elements.enumerated() {
                context.at(.index(index)) {
                    guard timers.count < limit else {
                        context.report(.error, .limitExceeded, "a screen has at most \(limit) timers; timer dropped")
                        return
                    }
                    do throws(DecodingFailure) {
                        let timer = try ScreenTimer(json: element, context: context)
                        guard ids.insert(timer.id).inserted else {
                            context.report(.error, .duplicateID, "the timer \"\(timer.id)\" is declared twice; the first one is kept")
                            return
                        }
                        timers.append(timer)
                    } catch {
                        context.report(
                            DecodingFailure(code: error.code, message: "\(error.message); timer dropped", path: error.path),
                            severity: .error)
                    }
                }
            }
            return timers
        }
    }

    /// Reads `onAppear`, the actions run when the screen is shown.
    static func readOnAppear(_ reader: inout ObjectReader, context: DecodingContext) -> [Action] {
        guard let json = reader.raw(.onAppear), !json.isNull else { return [] }
        return context.at(.member(.onAppear)) { () -> [Action] in
            do throws(DecodingFailure) {
                return try Action.readList(json, context: context)
            } catch {
                context.report(error, severity: .error)
                return []
            }
        }
    }
}
