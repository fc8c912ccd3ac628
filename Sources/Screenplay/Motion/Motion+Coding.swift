extension Diagnostic.Code {
    /// A transition effect, curve or press this reader does not know: that movement is not played.
    public static let unknownMotion: Diagnostic.Code = "unknownMotion"
}

extension Motion: JSONReadable, JSONEncodable {
    /// Reads a node's `motion`: each of its four parts stands alone, so an unknown effect or curve
    /// costs that part (with a diagnostic at its path), never the others or the node.
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a motion object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "a motion")
        self.init(
            enter: reader.optional(.enter), exit: reader.optional(.exit), change: reader.optional(.change), press: reader.optional(.press))
        reader.finish()
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writer.member(.change, change)
        writer.member(.enter, enter)
        writer.member(.exit, exit)
        writer.member(.press, press)
        writer.endObject()
    }

    /// The name of a member of `json` that is not one of `known`, if any.
    static func unknownMember(of json: JSONElement, known: Set<String>) -> String? {
        for member in json.members {
            let name = json.tape.string(at: member.name)
            if !known.contains(name) { return name }
        }
        return nil
    }
}

extension Motion.Transition: JSONReadable, JSONEncodable {
    static let members: Set<String> = Set(["fade", "scale", "slide", "anchor"]).union(Motion.Timing.members).union(["repeat"])

    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a transition object", json, context) }
        if let unknown = Motion.unknownMember(of: json, known: Self.members) {
            throw context.failure(
                .unknownMotion,
                "unknown transition effect \"\(unknown)\" (known: fade, scale, slide, anchor and the timing); not animated")
        }
        var reader = ObjectReader(json, context: copy context, describedAs: "a transition")
        var opacity: Double?
        if let fade = reader.raw(.fade), !fade.isNull {
            if let flag = fade.bool {
                opacity = flag ? 0 : nil
            } else if let number = fade.number {
                opacity = Motion.clamped(number, to: 0...1, at: .fade, context: context)
            } else {
                throw context.at(.member(.fade)) {
                    context.failure(.invalidValue, "expected an opacity from 0 to 1 or true, found \(fade.kindDescription)")
                }
            }
        }
        let scale: Motion.Scale? = try reader.raw(.scale).flatMap { json throws(DecodingFailure) in
            try context.at(.member(.scale)) { () throws(DecodingFailure) in try Motion.Scale.read(json, context: context) }
        }
        let slide: Motion.Slide? = try reader.raw(.slide).flatMap { json throws(DecodingFailure) in
            try context.at(.member(.slide)) { () throws(DecodingFailure) in try Motion.Slide.read(json, context: context) }
        }
        let anchor = try reader.raw(.anchor).map { json throws(DecodingFailure) in
            try context.at(.member(.anchor)) { () throws(DecodingFailure) in
                try EnumValue<Motion.Anchor>(json: json, context: context).value
            }
        }
        var timing = try Motion.Timing.read(&reader, context: context)
        if let count = reader.raw(.repeat), !count.isNull {
            guard let value = count.int else {
                throw context.at(.member(.repeat)) {
                    context.failure(.invalidValue, "expected a whole number of times, found \(count.kindDescription)")
                }
            }
            timing.repeatCount = Int(
                Motion.clamped(Double(value), to: 1...Double(Motion.Timing.Limits.maxRepeat), at: .repeat, context: context))
        }
        self.init(opacity: opacity, scale: scale, slide: slide, anchor: anchor ?? .center, timing: timing)
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        // The timing's members (bounce … duration) sort between anchor and fade.
        writer.member(.anchor, anchor == .center ? nil : anchor.rawValue)
        timing.writeMembers(into: &writer)
        writer.member(.fade, opacity)
        writer.member(.repeat, timing.repeatCount == 1 ? nil : timing.repeatCount)
        writer.member(.scale, scale)
        writer.member(.slide, slide)
        writer.endObject()
    }
}

extension Motion.Timing: JSONReadable, JSONEncodable {
    static let members: Set<String> = ["duration", "delay", "curve", "bounce"]

    /// Reads a change's timing: only timing members.
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("a timing object", json, context) }
        if let unknown = Motion.unknownMember(of: json, known: Self.members) {
            throw context.failure(
                .unknownMotion, "unknown timing member \"\(unknown)\" (known: duration, delay, curve, bounce); not animated")
        }
        var reader = ObjectReader(json, context: copy context, describedAs: "a timing")
        self = try Self.read(&reader, context: context)
    }

    /// Reads the timing members of a transition or a change; out-of-range times are clamped with
    /// a warning, an unknown curve fails the movement.
    static func read(_ reader: inout ObjectReader, context: DecodingContext) throws(DecodingFailure) -> Motion.Timing {
        var timing = Motion.Timing()
        func milliseconds(_ key: MemberKey, max: Int) throws(DecodingFailure) -> Int? {
            guard let json = reader.raw(key), !json.isNull else { return nil }
            guard let number = json.number, number.isFinite else {
                throw context.at(.member(key)) { context.failure(.invalidValue, "expected milliseconds, found \(json.kindDescription)") }
            }
            return Int(Motion.clamped(number, to: 0...Double(max), at: key, context: context).rounded())
        }
        if let duration = try milliseconds(.duration, max: Limits.maxDuration) { timing.duration = duration }
        if let delay = try milliseconds(.delay, max: Limits.maxDelay) { timing.delay = delay }
        var bounce = 0.0
        if let json = reader.raw(.bounce), !json.isNull {
            guard let number = json.number else {
                throw context.at(.member(.bounce)) {
                    context.failure(.invalidValue, "expected a number from -0.9 to 0.9, found \(json.kindDescription)")
                }
            }
            bounce = Motion.clamped(number, to: -Limits.maxBounce...Limits.maxBounce, at: .bounce, context: context)
        }
        if let json = reader.raw(.curve), !json.isNull {
            timing.curve = try context.at(.member(.curve)) { () throws(DecodingFailure) in
                try Motion.Curve.read(json, bounce: bounce, context: context)
            }
        } else if reader.raw(.bounce) != nil {
            timing.curve = .spring(bounce: bounce)
        }
        return timing
    }

    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        writeMembers(into: &writer)
        writer.endObject()
    }

    /// Writes the timing's members, in key order, into an open object.
    func writeMembers(into writer: inout JSONWriter) {
        if case .spring(let bounce) = curve, bounce != 0 { writer.member(.bounce, bounce) }
        if curve != .easeInOut { writer.member(.curve, curve) }
        if delay != 0 { writer.member(.delay, delay) }
        writer.member(.duration, duration)
    }
}

extension Motion.Curve: JSONEncodable {
    static let names = ["linear", "easeIn", "easeOut", "easeInOut", "spring"]

    static func read(_ json: JSONElement, bounce: Double, context: DecodingContext) throws(DecodingFailure) -> Motion.Curve {
        if let name = json.string {
            switch name {
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInOut": return .easeInOut
            case "spring": return .spring(bounce: bounce)
            default:
                throw context.failure(
                    .unknownMotion, "unknown curve \"\(name)\" (known: \(names.joined(separator: ", ")), or [x1, y1, x2, y2]); not animated"
                )
            }
        }
        let points = json.kind == .array ? json.elements.compactMap(\.number) : []
        guard json.kind == .array, points.count == 4, json.count == 4, points.allSatisfy(\.isFinite) else {
            throw context.failure(
                .unknownMotion, "a curve is a name or four numbers [x1, y1, x2, y2], found \(json.kindDescription); not animated")
        }
        guard (0...1).contains(points[0]), (0...1).contains(points[2]) else {
            throw context.failure(.invalidValue, "a cubic Bézier curve's x1 and x2 are from 0 to 1; not animated")
        }
        let y1 = Motion.clamped(points[1], to: -2...3, at: nil, context: context)
        let y2 = Motion.clamped(points[3], to: -2...3, at: nil, context: context)
        return .cubicBezier(points[0], y1, points[2], y2)
    }

    func encode(into writer: inout JSONWriter) {
        switch self {
        case .linear: writer.write("linear")
        case .easeIn: writer.write("easeIn")
        case .easeOut: writer.write("easeOut")
        case .easeInOut: writer.write("easeInOut")
        case .spring: writer.write("spring")
        case .cubicBezier(let x1, let y1, let x2, let y2):
            writer.write(JSONValue.array([.number(x1), .number(y1), .number(x2), .number(y2)]))
        }
    }
}

extension Motion.Scale: JSONEncodable {
    static func read(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> Motion.Scale {
        if let number = json.number {
            let scale = Motion.clamped(number, to: 0...4, at: nil, context: context)
            return Motion.Scale(x: scale, y: scale)
        }
        guard json.kind == .object else {
            throw context.failure(.invalidValue, "expected a scale (a number, or {\"x\": …, \"y\": …}), found \(json.kindDescription)")
        }
        if let unknown = Motion.unknownMember(of: json, known: ["x", "y"]) {
            throw context.failure(.unknownMotion, "a scale has x and y, not \"\(unknown)\"; not animated")
        }
        var reader = ObjectReader(json, context: context, describedAs: "a scale")
        let x = reader.optional(.x, as: Double.self) ?? 1
        let y = reader.optional(.y, as: Double.self) ?? 1
        return Motion.Scale(
            x: Motion.clamped(x, to: 0...4, at: .x, context: context), y: Motion.clamped(y, to: 0...4, at: .y, context: context))
    }

    func encode(into writer: inout JSONWriter) {
        if x == y { return writer.write(x) }
        writer.beginObject()
        writer.member(.x, x)
        writer.member(.y, y)
        writer.endObject()
    }
}

extension Motion.Slide: JSONEncodable {
    /// The farthest a slide may go, in points.
    static let maxDistance = 2_000.0

    static func read(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> Motion.Slide {
        if json.kind == .string {
            return Motion.Slide(edge: try Self.edge(json, context: context))
        }
        guard json.kind == .object else {
            throw context.failure(
                .invalidValue, "expected an edge (\"bottom\" …) or {\"edge\": …, \"distance\": …}, found \(json.kindDescription)")
        }
        if let unknown = Motion.unknownMember(of: json, known: ["edge", "distance"]) {
            throw context.failure(.unknownMotion, "a slide has an edge and a distance, not \"\(unknown)\"; not animated")
        }
        var reader = ObjectReader(json, context: context, describedAs: "a slide")
        guard let edgeJSON = reader.raw(.edge) else { throw context.failure(.missingField, "a slide is missing its required \"edge\"") }
        let edge = try context.at(.member(.edge)) { () throws(DecodingFailure) in try Self.edge(edgeJSON, context: context) }
        let distance = reader.optional(.distance, as: Double.self).map {
            Motion.clamped($0, to: 0...maxDistance, at: .distance, context: context)
        }
        return Motion.Slide(edge: edge, distance: distance)
    }

    private static func edge(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> Motion.Edge {
        guard let name = json.string, let edge = Motion.Edge(rawValue: name) else {
            let found = json.string.map { "\"\($0)\"" } ?? json.kindDescription
            throw context.failure(.unknownMotion, "unknown edge \(found) (known: top, bottom, leading, trailing); not animated")
        }
        return edge
    }

    func encode(into writer: inout JSONWriter) {
        guard let distance else { return writer.write(edge.rawValue) }
        writer.beginObject()
        writer.member(.distance, distance)
        writer.member(.edge, edge.rawValue)
        writer.endObject()
    }
}

extension Motion.Press: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        if let name = json.string {
            switch name {
            case "fade": self = .fade
            case "scale": self = .scale
            case "none": self = .off
            default:
                throw context.failure(
                    .unknownMotion, "unknown press \"\(name)\" (known: fade, scale, none, or {opacity, scale}); the default is used")
            }
            return
        }
        guard json.kind == .object else { throw Self.typeMismatch("a press (\"fade\", \"scale\", \"none\" or an object)", json, context) }
        if let unknown = Motion.unknownMember(of: json, known: ["opacity", "scale"]) {
            throw context.failure(.unknownMotion, "a press has an opacity and a scale, not \"\(unknown)\"; the default is used")
        }
        var reader = ObjectReader(json, context: copy context, describedAs: "a press")
        let opacity = reader.optional(.opacity, as: Double.self) ?? 1
        let scale = reader.optional(.scale, as: Double.self) ?? 1
        self.init(
            opacity: Motion.clamped(opacity, to: 0...1, at: .opacity, context: context),
            scale: Motion.clamped(scale, to: 0.5...1.5, at: .scale, context: context))
    }

    func encode(into writer: inout JSONWriter) {
        switch self {
        case .fade: writer.write("fade")
        case .scale: writer.write("scale")
        case .off: writer.write("none")
        default:
            writer.beginObject()
            writer.member(.opacity, opacity == 1 ? nil : opacity)
            writer.member(.scale, scale == 1 ? nil : scale)
            writer.endObject()
        }
    }
}

extension Motion {
    /// `value` within `range`; a value outside is brought in, with a warning at `key`.
    static func text(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    static func clamped(_ value: Double, to range: ClosedRange<Double>, at key: MemberKey?, context: DecodingContext) -> Double {
        guard !range.contains(value) else { return value }
        let clamped = value.isNaN ? range.lowerBound : min(max(value, range.lowerBound), range.upperBound)
        let report = {
            context.report(
                .warning, .limitExceeded,
                "\(text(value)) is outside \(text(range.lowerBound)) to \(text(range.upperBound)); \(text(clamped)) is used")
        }
        if let key { context.at(.member(key), report) } else { report() }
        return clamped
    }
}

extension Motion.Edge: JSONEnum {}
extension Motion.Anchor: JSONEnum {}
