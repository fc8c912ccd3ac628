/// What happens when the user taps: navigation, an intent to the server, a state change …
///
/// Every action is a JSON object tagged by `"type"`. Unknown types decode to ``unknown(type:raw:)``
/// with their JSON kept, so a newer server never breaks an older app.
///
/// ```swift
/// Button("Book") .onTap(.sequence([
///     .track("book_tapped", properties: ["car": "42"]),
///     .intent("book", payload: ["car": "42"]),
/// ]))
/// ```
public indirect enum Action: Sendable, Hashable {
    /// Open `url`: an app route for a relative path, a web page (in-app) for http(s).
    case navigate(String)
    /// Open `url` outside the app (the system browser).
    case open(String)
    /// Send the intent `name` with `payload` (plus the client state) to the screen's intent URL.
    case intent(String, payload: [String: JSONValue] = [:])
    /// Go back one screen.
    case back
    /// Dismiss the presented screen.
    case dismiss
    /// Present `url` over the current screen.
    case present(String, style: PresentationStyle = .modal)
    /// Set the client state `key` to `value`: a variable, to a JSON value as it is.
    case setState(String, JSONValue)
    /// Set the variable `name` to the value of an expression, evaluated on the device when the
    /// action runs (`.set("cartCount", to: "@{cartCount + 1}")`).
    case set(String, PropertyExpression)
    /// Check the fields' rules (all the screen's fields with rules when `fields` is empty) and
    /// show every problem; in a sequence, the actions after it run only when there is none, so
    /// `[.validate(), .intent("pay")]` sends no intent while a field is invalid.
    case validate(fields: [String])
    /// Load the current screen again.
    case reload
    /// Run several actions in order.
    case sequence([Action])
    /// Report the analytics `event` with `properties`.
    case track(String, properties: [String: JSONValue] = [:])
    /// Start, stop, pause, resume, reset or cancel the screen's timer `id` (`.timer("offer", .start)`).
    case timer(String, TimerCommand)
    /// An action type this version does not know, kept as it came.
    case unknown(type: String, raw: [String: JSONValue])

    /// How a presented screen appears.
    public enum PresentationStyle: String, Sendable, Hashable, CaseIterable, JSONEnum {
        case modal
        case sheet
        case fullScreen
    }

    /// The wire name of this action's type, such as `"navigate"`.
    public var type: String {
        switch self {
        case .unknown(let type, _): type
        default: kind?.rawValue ?? ""
        }
    }

    /// This action's built-in kind; nil for ``unknown(type:raw:)``.
    ///
    /// ```swift
    /// Action.navigate("/home").kind          // .navigate
    /// Action.navigate("/home").kind?.rawValue   // "navigate"
    /// ```
    public var kind: ActionKind? {
        switch self {
        case .navigate: .navigate
        case .open: .open
        case .intent: .intent
        case .back: .back
        case .dismiss: .dismiss
        case .present: .present
        case .setState: .setState
        case .set: .set
        case .validate: .validate
        case .reload: .reload
        case .sequence: .sequence
        case .track: .track
        case .timer: .timer
        case .unknown: nil
        }
    }

    /// Every action type of this format version: the raw values of `ActionKind.allCases`.
    public static let knownTypes: [String] = ActionKind.allCases.map(\.rawValue)

    /// A plain `intent` without payload: `.intent("refresh")`.
    public static func intent(_ name: String) -> Action { .intent(name, payload: [:]) }
    /// Sets `variable` to the value of `expression` (property syntax: `"@{cartCount + 1}"`).
    ///
    /// ```swift
    /// Button("Add", action: try .set("cartCount", to: "@{cartCount + 1}"))
    /// ```
    public static func set(_ variable: String, to expression: String) throws(ExpressionError) -> Action {
        .set(variable, try PropertyExpression(expression))
    }

    /// Checks every field of the screen that has rules: `.sequence([.validate(), .intent("pay")])`.
    public static func validate() -> Action { .validate(fields: []) }

    /// A plain `track` without properties: `.track("opened")`.
    public static func track(_ event: String) -> Action { .track(event, properties: [:]) }
}

/// The action types built into the format, by their wire names: the one place they are spelt.
/// The decoder, the JSON Schema and ``ClientCapabilities/full`` read them from here, as they read
/// component types from ``ComponentKind``.
///
/// ```swift
/// ActionKind(rawValue: "setState")                     // .setState
/// ClientCapabilities.full.actions == Set(ActionKind.allCases.map(\.rawValue))   // true
/// ```
public enum ActionKind: String, Sendable, Hashable, CaseIterable {
    case navigate, open, intent, back, dismiss, present, setState, set, validate, reload, sequence, track
    case timer
}

extension Action: JSONReadable, JSONEncodable {
    init(json: JSONElement, context: borrowing DecodingContext) throws(DecodingFailure) {
        guard json.kind == .object else { throw Self.typeMismatch("an action object", json, context) }
        var reader = ObjectReader(json, context: copy context, describedAs: "an action")
        let type = try reader.required(.type, as: String.self)
        reader.describe(as: .action(type: type))
        guard let kind = ActionKind(rawValue: type) else {
            context.report(.warning, .unknownAction, "unknown action type \"\(type)\"; kept as it is, apps that do not handle it ignore it")
            self = .unknown(type: type, raw: reader.members)
            return
        }
        switch kind {
        case .navigate: self = .navigate(try reader.required(.url, as: CheckedURL.self).value)
        case .open: self = .open(try reader.required(.url, as: CheckedURL.self).value)
        case .intent: self = .intent(try reader.required(.name), payload: reader.optional(.payload) ?? [:])
        case .back: self = .back
        case .dismiss: self = .dismiss
        case .present:
            self = .present(try reader.required(.url, as: CheckedURL.self).value, style: reader.optional(.style) ?? .modal)
        case .setState:
            let key = try reader.required(.key, as: String.self)
            self = .setState(key, reader.raw(.value)?.value ?? .null)
        case .set:
            let variable = try reader.required(.variable, as: String.self)
            guard let value = reader.raw(.value) else {
                throw context.failure(.missingField, "a \"set\" action is missing its required \"value\"")
            }
            self = .set(
                variable,
                try context.at(.member(.value)) { () throws(DecodingFailure) in try PropertyExpression.read(value, context: context) })
        case .validate:
            let fields = reader.raw(.fields).map { json in json.elements.compactMap(\.string) } ?? []
            self = .validate(fields: fields)
        case .reload: self = .reload
        case .sequence:
            guard let elements = reader.raw(.actions) else {
                throw context.failure(.missingField, "a \"sequence\" action is missing its required \"actions\"")
            }
            self = .sequence(
                try context.at(.member(.actions)) { () throws(DecodingFailure) in
                    try Action.readList(elements, context: context)
                })
        case .track: self = .track(try reader.required(.event), properties: reader.optional(.properties) ?? [:])
        case .timer: self = .timer(try reader.required(.id, as: String.self), try reader.required(.command, as: TimerCommand.self))
        }
        reader.finish()
    }

    /// Reads an array of actions; a bad element costs that element, with a warning.
    static func readList(_ json: JSONElement, context: DecodingContext) throws(DecodingFailure) -> [Action] {
        guard json.kind == .array else { throw typeMismatch("an array of actions", json, context) }
        var actions: [Action] = []
        for (index, element) in json.elements.enumerated() {
            context.at(.index(index)) {
                do throws(DecodingFailure) {
                    actions.append(try Action(json: element, context: context))
                } catch {
                    context.report(DecodingFailure(code: error.code, message: "\(error.message); action dropped", path: error.path))
                }
            }
        }
        return actions
    }

    func encode(into writer: inout JSONWriter) {
        // Members in key order ("type" sorts between "style" and "url").
        writer.beginObject()
        switch self {
        case .navigate(let url), .open(let url):
            writer.member(.type, type)
            writer.member(.url, url)
        case .intent(let name, let payload):
            writer.member(.name, name)
            if !payload.isEmpty { writer.member(.payload, payload) }
            writer.member(.type, type)
        case .back, .dismiss, .reload:
            writer.member(.type, type)
        case .present(let url, let style):
            if style != .modal { writer.member(.style, style) }
            writer.member(.type, type)
            writer.member(.url, url)
        case .setState(let key, let value):
            writer.member(.key, key)
            writer.member(.type, type)
            writer.member(.value, value)
        case .set(let variable, let value):
            writer.member(.type, type)
            writer.member(.value, value.source)
            writer.member(.variable, variable)
        case .validate(let fields):
            if !fields.isEmpty { writer.member(.fields, fields) }
            writer.member(.type, type)
        case .sequence(let actions):
            writer.member(.actions, actions)
            writer.member(.type, type)
        case .track(let event, let properties):
            writer.member(.event, event)
            if !properties.isEmpty { writer.member(.properties, properties) }
            writer.member(.type, type)
        case .timer(let id, let command):
            writer.member(.command, command)
            writer.member(.id, id)
            writer.member(.type, type)
        case .unknown(let type, let raw):
            for key in raw.keys.sorted(by: JSONWriter.precedes) where key != "type" {
                writer.member(key, raw[key])
            }
            writer.member(.type, type)
        }
        writer.endObject()
    }
}

extension Action {
    /// The action as JSON bytes with sorted keys (an intent response's effects, for example).
    public func encoded() -> [UInt8] {
        JSONWriter.encode(self)
    }
}

extension Action {
    /// The action with each URL it opens passed through `transform`, for a renderer or a policy: an
    /// action whose URL `transform` refuses (nil) does nothing and is left out, a sequence keeps the
    /// actions that remain (nil when none do), and an unknown action, which no client performs, is
    /// nil.
    ///
    /// ```swift
    /// let checked = action.mappingURLs { policy.allows($0) ? $0 : nil }
    /// let onTheWeb = action.mappingURLs { "/screens" + $0 }
    /// ```
    public func mappingURLs(_ transform: (String) -> String?) -> Action? {
        switch self {
        case .navigate(let url): transform(url).map { .navigate($0) }
        case .open(let url): transform(url).map { .open($0) }
        case .present(let url, let style): transform(url).map { .present($0, style: style) }
        case .sequence(let actions):
            actions.compactMap { $0.mappingURLs(transform) }.nilIfEmpty.map { .sequence($0) }
        case .unknown: nil
        case .intent, .back, .dismiss, .setState, .set, .validate, .reload, .track, .timer: self
        }
    }
}

extension Array {
    fileprivate var nilIfEmpty: Self? { isEmpty ? nil : self }
}
