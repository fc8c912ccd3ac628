/// The JSON Schema (draft 2020-12) of the Screenplay format, for editors, CI checks of documents,
/// and other languages' tooling. `screenplay schema` prints it.
///
/// The schema is stricter than the decoder in one way: it refuses members the format does not
/// define, where the decoder only warns about them. App-defined component types (any `type` that is
/// not built in) may carry any members.
///
/// ```swift
/// let bytes = JSONWriter.write(FormatSchema.document, layout: .pretty)
/// ```
public enum FormatSchema {
    public static var document: JSONValue {
        var root = screenDefinition
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = .string("https://screenplay.dev/schema/\(FormatVersion.current).json")
        root["title"] = .string("Screenplay screen document, format \(FormatVersion.current)")
        root["$defs"] = .object(definitions)
        return .object(root)
    }

    private static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/$defs/\(name)")] }
    private static let string: JSONValue = ["type": "string"]
    private static let number: JSONValue = ["type": "number"]
    private static let nonNegative: JSONValue = ["type": "number", "minimum": 0]
    private static let boolean: JSONValue = ["type": "boolean"]
    private static let integer: JSONValue = ["type": "integer"]
    private static let anyObject: JSONValue = ["type": "object"]

    private static func enumeration<E: JSONEnum>(_ type: E.Type) -> JSONValue {
        ["type": "string", "enum": .array(E.allCases.map(\.json))]
    }

    private static func documented(_ schema: JSONValue, _ description: String) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        members["description"] = .string(description)
        return .object(members)
    }

    private static func object(
        _ properties: [String: JSONValue], required: [String] = [], description: String? = nil, closed: Bool = true
    ) -> JSONValue {
        var members: [String: JSONValue] = ["type": "object", "properties": .object(properties)]
        if !required.isEmpty { members["required"] = .array(required.map(JSONValue.string)) }
        if closed { members["additionalProperties"] = false }
        if let description { members["description"] = .string(description) }
        return .object(members)
    }

    private static var screenDefinition: [String: JSONValue] {
        guard
            case .object(let members) = object(
                [
                    "version": documented(["type": "string", "pattern": "^[0-9]+\\.[0-9]+$"], "Format version, MAJOR.MINOR."),
                    "id": documented(string, "Stable name of the screen."),
                    "title": string,
                    "body": ref("node"),
                    "state": documented(anyObject, "Initial client state: values bound to inputs and conditions."),
                    "variables": documented(
                        ["type": "array", "items": ref("variable")], "Format 1.2: typed variables, read by expressions."),
                    "cache": object(
                        ["maxAge": ["type": "integer", "minimum": 0], "staleWhileRevalidate": ["type": "integer", "minimum": 0]],
                        required: ["maxAge"]),
                    "intents": documented(ref("url"), "Where intents are POSTed (default: the screen URL + /intents)."),
                    "stream": documented(ref("url"), "Server-Sent Events stream of patches for this screen."),
                    "triggers": documented(
                        [
                            "type": "array",
                            "items": object(
                                [
                                    "condition": string, "mode": enumeration(TriggerMode.self), "once": boolean,
                                    "actions": ["type": "array", "items": ref("action")],
                                ], required: ["condition", "actions"]),
                        ], "Format 1.2: actions run when a condition over the variables becomes true (or at each change)."),
                    "timers": documented(
                        [
                            "type": "array", "maxItems": 16,
                            "items": object(
                                [
                                    "id": string, "duration": [:], "tickInterval": [:], "valueVariable": string,
                                    "tickActions": ["type": "array", "items": ref("action")],
                                    "endActions": ["type": "array", "items": ref("action")],
                                ], required: ["id"]),
                        ], "Format 1.2: timers started and stopped by timer actions; durations in ms or integer expressions."),
                    "onAppear": documented(["type": "array", "items": ref("action")], "Format 1.2: actions run when the screen is shown."),
                    "templates": documented(
                        ["type": "object", "additionalProperties": ["type": "object", "required": ["type"]]],
                        "Format 1.1: nodes used by name; a member \"$name\": \"param\" takes the instance's param."),
                ],
                required: ["version", "id", "body"])
        else { return [:] }
        return members
    }

    /// Members every node may have.
    private static var commonNodeProperties: [String: JSONValue] {
        [
            "type": string,
            "id": documented(string, "Unique in the screen; the address of patches and state."),
            "action": ref("action"),
            "fallback": documented(ref("node"), "Shown by clients that cannot show this node."),
            "accessibilityLabel": string,
            "visibleWhen": ref("stateCondition"),
            "style": ref("style"),
            "bindings": documented(
                ["type": "object", "additionalProperties": string],
                "Format 1.2: property name → expression (\"@{…}\" or a template); \"visible\" shows the node while true."),
            "motion": documented(ref("motion"), "Format 1.3: how the node enters, leaves, changes and answers a press."),
        ]
    }

    /// A transition's effects: where the node comes from or goes to.
    private static let transitionProperties: [String: JSONValue] = [
        "fade": [
            "oneOf": [boolean, ["type": "number", "minimum": 0, "maximum": 1]], "description": "The opacity entered from or left to.",
        ],
        "scale": ["oneOf": [["type": "number", "minimum": 0, "maximum": 4], object(["x": number, "y": number])]],
        "slide": [
            "oneOf": [
                enumeration(Motion.Edge.self),
                object(
                    ["edge": enumeration(Motion.Edge.self), "distance": ["type": "number", "minimum": 0, "maximum": 2_000]],
                    required: ["edge"]),
            ]
        ],
        "anchor": enumeration(Motion.Anchor.self),
    ]

    /// How long a movement takes and along which curve.
    private static let timingProperties: [String: JSONValue] = [
        "duration": documented(["type": "number", "minimum": 0, "maximum": 5_000], "Milliseconds (default 250)."),
        "delay": documented(["type": "number", "minimum": 0, "maximum": 5_000], "Milliseconds."),
        "curve": [
            "oneOf": [
                ["enum": ["linear", "easeIn", "easeOut", "easeInOut", "spring"]],
                ["type": "array", "items": number, "minItems": 4, "maxItems": 4],
            ]
        ],
        "bounce": ["type": "number", "minimum": -0.9, "maximum": 0.9],
    ]

    private static let textAttributeProperties: [String: JSONValue] = [
        "size": nonNegative,
        "weight": enumeration(TextAttributes.Weight.self),
        "color": ref("color"),
        "alignment": enumeration(TextAttributes.TextAlignment.self),
        "lineLimit": ["type": "integer", "minimum": 1],
    ]

    private static let children: JSONValue = ["type": "array", "items": ref("node")]

    /// Each built-in component's own members, and which are required.
    static var componentProperties: [ComponentKind: (properties: [String: JSONValue], required: [String])] {
        [
            .vstack: (["alignment": enumeration(HorizontalAlignment.self), "spacing": nonNegative, "children": children], ["children"]),
            .hstack: (["alignment": enumeration(VerticalAlignment.self), "spacing": nonNegative, "children": children], ["children"]),
            .zstack: (["alignment": enumeration(Alignment.self), "children": children], ["children"]),
            .scroll: (["axis": enumeration(Axis.self), "spacing": nonNegative, "children": children], ["children"]),
            .list: (["sections": ["type": "array", "items": ref("section")]], ["sections"]),
            .spacer: (["minLength": nonNegative], []),
            .divider: (["color": ref("color"), "thickness": nonNegative], []),
            .carousel: (["spacing": nonNegative, "itemWidth": nonNegative, "children": children], ["children"]),
            .grid: (
                ["columns": ["type": "integer", "minimum": 1, "maximum": 12], "spacing": nonNegative, "children": children],
                ["columns", "children"]
            ),
            .states: (
                [
                    "variable": documented(string, "The string variable holding the shown child's id (the first child when none)."),
                    "children": children,
                ],
                ["variable", "children"]
            ),
            .text: (textAttributeProperties.merging(["text": string]) { $1 }, ["text"]),
            .richText: (
                textAttributeProperties.merging(["markup": documented(string, "Closed subset: <strong>, <em>, <br>, <a href>.")]) { $1 },
                ["markup"]
            ),
            .image: (
                [
                    "url": ref("url"), "width": ref("length"), "height": ref("length"), "contentMode": enumeration(Image.ContentMode.self),
                    "placeholderColor": ref("color"),
                ],
                ["url"]
            ),
            .rectangle: (["width": ref("length"), "height": ref("length"), "color": ref("color"), "cornerRadius": nonNegative], []),
            .badge: (["text": string, "color": ref("color"), "background": ref("color")], ["text"]),
            .button: (["title": string, "variant": enumeration(Button.Variant.self), "enabled": boolean], ["title"]),
            .textField: (
                [
                    "key": string, "label": string, "placeholder": string, "keyboard": enumeration(TextField.Keyboard.self),
                    "secure": boolean, "autofill": enumeration(TextField.Autofill.self),
                    "rules": documented(
                        ["type": "array", "items": anyObject],
                        "Format 1.2: validation rules (required, length, pattern, expression; 1.4 cardNumber)."),
                    "mask": documented(anyObject, "Format 1.2: an input mask (fixed, card, phone, date, currency)."),
                ],
                ["key"]
            ),
            .toggle: (["title": string, "key": string], ["title", "key"]),
            .item: (
                [
                    "layout": documented(string, "Cell layout: \"request\", \"message\", or one the app knows."),
                    "imageURL": ref("url"), "title": string, "subtitle": string, "topRightDetail": string,
                    "detail": documented(string, "Markup, the closed subset of richText."),
                    "bottomLeftDetail": string, "bottomRightDetail": string, "url": ref("url"),
                ],
                []
            ),
        ]
    }

    /// Each built-in action's own members, and which are required (a switch, so that a new kind
    /// cannot be left out of the schema).
    static func actionProperties(_ kind: ActionKind) -> (properties: [String: JSONValue], required: [String]) {
        switch kind {
        case .navigate, .open: (["url": ref("url")], ["url"])
        case .intent: (["name": string, "payload": anyObject], ["name"])
        case .back, .dismiss, .reload: ([:], [])
        case .present: (["url": ref("url"), "style": enumeration(Action.PresentationStyle.self)], ["url"])
        case .setState: (["key": string, "value": [:]], ["key"])
        case .validate:
            (["fields": documented(["type": "array", "items": string], "The fields' variables; all fields with rules when absent.")], [])
        case .set:
            (
                ["variable": string, "value": documented([:], "An expression (\"@{count + 1}\"), a number or a boolean.")],
                ["variable", "value"]
            )
        case .sequence: (["actions": ["type": "array", "items": ref("action")]], ["actions"])
        case .track: (["event": string, "properties": anyObject], ["event"])
        case .timer: (["id": string, "command": enumeration(TimerCommand.self)], ["id", "command"])
        }
    }

    private static func tagged(_ type: String, definition: String) -> JSONValue {
        [
            "if": ["properties": ["type": ["const": .string(type)]], "required": ["type"]],
            "then": ref(definition),
        ]
    }

    private static var definitions: [String: JSONValue] {
        var definitions: [String: JSONValue] = [
            "url": documented(
                [
                    "type": "string", "minLength": 1,
                    "pattern": "^(?!//)(?:[Hh][Tt][Tt][Pp][Ss]?://[^\\s\\\\]+|[^:/?#\\s\\\\]*(?:[/?#][^\\s\\\\]*)?)$",
                ],
                "A relative app path (\"/cars/42\") or an absolute http(s) URL."),
            "color": [
                "oneOf": [
                    ["type": "string", "pattern": "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"],
                    object(["light": ref("color"), "dark": ref("color")], required: ["light", "dark"]),
                ],
                "description": "\"#rgb\", \"#rrggbb\", \"#rrggbbaa\", or {light, dark}.",
            ],
            "length": ["oneOf": [nonNegative, ["const": "fill"]], "description": "Points, or \"fill\"."],
            "edgeInsets": [
                "oneOf": [
                    number,
                    object(["top": number, "leading": number, "bottom": number, "trailing": number]),
                ]
            ],
            "style": object(["padding": ref("edgeInsets"), "background": ref("color"), "cornerRadius": nonNegative]),
            "stateCondition": object(["key": string, "equals": [:], "not": boolean], required: ["key"]),
            "variable": object(
                [
                    "name": string, "type": enumeration(ExpressionType.self), "value": [:],
                    "scope": enumeration(VariableScope.self),
                ], required: ["name", "type"]),
            "section": object(["id": string, "title": string, "children": children], required: ["children"]),
            "motion": object(["enter": ref("transition"), "exit": ref("transition"), "change": ref("timing"), "press": ref("press")]),
            "transition": object(
                transitionProperties.merging(timingProperties) { $1 }.merging(["repeat": ["type": "integer", "minimum": 1, "maximum": 10]])
                { $1 }),
            "timing": object(timingProperties),
            "press": [
                "oneOf": [
                    ["enum": ["fade", "scale", "none"]],
                    object([
                        "opacity": ["type": "number", "minimum": 0, "maximum": 1],
                        "scale": ["type": "number", "minimum": 0.5, "maximum": 1.5],
                    ]),
                ]
            ],
        ]
        var nodeRules: [JSONValue] = []
        for kind in ComponentKind.allCases {
            guard let own = componentProperties[kind] else { continue }
            definitions[kind.rawValue] = object(
                commonNodeProperties.merging(own.properties) { $1 }.merging(["type": ["const": .string(kind.rawValue)]]) { $1 },
                required: ["type"] + own.required)
            nodeRules.append(tagged(kind.rawValue, definition: kind.rawValue))
        }
        definitions["node"] = [
            "type": "object",
            "description": "A node: a built-in component, or an app-defined one (any other type, any members).",
            "properties": .object(commonNodeProperties.merging(["type": ["type": "string", "minLength": 1]]) { $1 }),
            "required": ["type"],
            "allOf": .array(nodeRules),
        ]
        var actionRules: [JSONValue] = []
        for kind in ActionKind.allCases {
            let own = actionProperties(kind)
            let type = kind.rawValue
            let name = "action." + type
            definitions[name] = object(own.properties.merging(["type": ["const": .string(type)]]) { $1 }, required: ["type"] + own.required)
            actionRules.append(tagged(type, definition: name))
        }
        definitions["action"] = [
            "type": "object",
            "description": "An action, tagged by type; unknown types are kept and ignored by apps that do not handle them.",
            "properties": ["type": ["type": "string", "minLength": 1]],
            "required": ["type"],
            "allOf": .array(actionRules),
        ]
        return definitions
    }
}
