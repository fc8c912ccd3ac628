extension ScreenPatch {
    /// The patch as JSON: `{"screen": {…}}` for a whole screen, else `{"ops": [...]}` where each
    /// operation is `{"op": "replace"|"update"|"insert"|"remove"|"move"|"header", "id"?, "path"?, …}`.
    ///
    /// ```swift
    /// // {"ops":[{"id":"city.moscow.day3","node":{...},"op":"replace","path":[1]}]}
    /// ```
    public func encoded() -> [UInt8] {
        JSONWriter.encode(self, capacity: 256)
    }
}

extension ScreenPatch: WireDecodable {
    /// Reads a patch. Bytes that are not a JSON object throw; a patch this version cannot apply
    /// exactly has no value, and a diagnostic at the path of what it cannot read (`ops[2]`).
    ///
    /// ```swift
    /// let result = try ScreenPatch.decode(from: bytes)
    /// if let patch = result.value { screen = try patch.apply(to: screen) }
    /// ```
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(Diagnostic) -> DecodeResult<ScreenPatch> {
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: options.limits)
        } catch {
            throw Diagnostic(.error, .malformedJSON, at: .root, "a patch is a JSON object: \(error)")
        }
        return try decode(from: json, options: options)
    }

    /// Reads a patch already parsed (a member of a larger message, such as a stream event).
    public static func decode(from json: JSONValue, options: DecodingOptions = .default) throws(Diagnostic) -> DecodeResult<ScreenPatch> {
        guard case .object(let members) = json else {
            throw Diagnostic(.error, .invalidValue, at: .root, "a patch is a JSON object, not \(json.kindDescription)")
        }
        func refused(_ problem: Diagnostic, _ others: [Diagnostic] = []) -> DecodeResult<ScreenPatch> {
            DecodeResult(value: nil, diagnostics: [problem] + others)
        }
        if let screen = members[.screen] {
            let decoded = Screen.decode(from: screen, options: options)
            guard let value = decoded.value else {
                return refused(
                    .error(at: "screen", "the patch's screen cannot be read", code: .droppedNode), decoded.diagnostics(under: "screen"))
            }
            return DecodeResult(value: ScreenPatch(.screen(value)), diagnostics: decoded.diagnostics(under: "screen"))
        }
        guard case .array(let list)? = members[.ops] else {
            return refused(.error(at: .root, "a patch has \"ops\" or \"screen\"", code: .missingField))
        }
        var operations: [PatchOperation] = []
        for (index, element) in list.enumerated() {
            let path = JSONPath([.key("ops"), .index(index)])
            guard case .object(let op) = element, case .string(let name)? = op[.op] else {
                return refused(.error(at: path, "ops[\(index)] is not an operation"))
            }
            let address = NodeAddress(anchor: op[.id]?.stringValue, path: (op[.path]?.arrayValue ?? []).compactMap(\.intValue))
            // A node that does not decode exactly would make the result differ from the server's: refuse.
            func node() -> Node? {
                guard let json = op[.node] else { return nil }
                let result = Node.decode(from: json, options: options)
                return result.hasErrors || result.diagnostics.contains(where: { $0.code == .droppedNode || $0.code == .usedFallback })
                    ? nil : result.value
            }
            let operation: PatchOperation?
            switch PatchOperation.Name(rawValue: name) {
            case .replace?: operation = node().map { .replace(address, $0) }
            case .update?:
                let set = op[.set]?.objectValue ?? [:]
                let unset = (op[.unset]?.arrayValue ?? []).compactMap(\.stringValue)
                operation = .update(address, set: set, unset: unset)
            case .insert?:
                operation = node().flatMap { node in op[.index]?.intValue.map { .insert(parent: address, index: $0, node: node) } }
            case .remove?: operation = .remove(address)
            case .move?:
                operation = op[.from]?.intValue.flatMap { from in op[.to]?.intValue.map { .move(parent: address, from: from, to: $0) } }
            case .header?:
                guard case .object(var screen)? = op[.screen] else {
                    operation = nil
                    break
                }
                screen[.body] = ["type": "spacer"]
                operation = Screen.decode(from: .object(screen), options: options).value.map { .header($0) }
            case nil: operation = nil
            }
            guard let operation else { return refused(.error(at: path, "ops[\(index)] (\(name)) cannot be read")) }
            operations.append(operation)
        }
        return DecodeResult(value: ScreenPatch(.operations(operations)), diagnostics: [])
    }
}

extension ScreenPatch: JSONEncodable {
    /// `{"screen": {…}}` or `{"ops": [...]}`.
    func encode(into writer: inout JSONWriter) {
        writer.beginObject()
        switch content {
        case .operations(let operations): writer.member(.ops, operations)
        case .screen(let screen): writer.member(.screen, screen)
        }
        writer.endObject()
    }
}

extension PatchOperation: JSONEncodable {
    /// The wire names of the operations (`"op"`).
    enum Name: String {
        case replace, update, insert, remove, move, header
    }

    var name: Name {
        switch self {
        case .replace: .replace
        case .update: .update
        case .insert: .insert
        case .remove: .remove
        case .move: .move
        case .header: .header
        }
    }

    /// `{"op": …, "id"?, "path"?, …}`: each operation's members, written in key order.
    func encode(into writer: inout JSONWriter) {
        func opAndPath(_ address: NodeAddress) {
            writer.member(.op, name.rawValue)
            writer.member(.path, address.path.isEmpty ? nil : address.path)
        }
        writer.beginObject()
        switch self {
        case .replace(let target, let node):
            writer.member(.id, target.anchor)
            writer.member(.node, node)
            opAndPath(target)
        case .update(let target, let set, let unset):
            writer.member(.id, target.anchor)
            opAndPath(target)
            writer.member(.set, set.isEmpty ? nil : set)
            writer.member(.unset, unset.isEmpty ? nil : unset)
        case .insert(let parent, let index, let node):
            writer.member(.id, parent.anchor)
            writer.member(.index, index)
            writer.member(.node, node)
            opAndPath(parent)
        case .remove(let target):
            writer.member(.id, target.anchor)
            opAndPath(target)
        case .move(let parent, let from, let to):
            writer.member(.from, from)
            writer.member(.id, parent.anchor)
            opAndPath(parent)
            writer.member(.to, to)
        case .header(let screen):
            writer.member(.op, name.rawValue)
            writer.member(.screen, ScreenHeader(screen: screen))
        }
        writer.endObject()
    }
}

/// A screen's members without its body: what a `header` operation carries.
private struct ScreenHeader: JSONEncodable {
    let screen: Screen

    func encode(into writer: inout JSONWriter) {
        screen.encode(into: &writer, withBody: false)
    }
}
