extension ScreenPatch {
    /// The patch as JSON: `{"screen": {…}}` for a whole screen, else `{"ops": [...]}` where each
    /// operation is `{"op": "replace"|"update"|"insert"|"remove"|"move"|"header", "id"?, "path"?, …}`.
    ///
    /// ```swift
    /// // {"ops":[{"id":"city.moscow.day3","node":{...},"op":"replace","path":[1]}]}
    /// ```
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        switch content {
        case .screen(let screen):
            bytes += Array(#"{"screen":"#.utf8) + screen.encoded() + [UInt8(ascii: "}")]
        case .operations(let operations):
            bytes += Array(#"{"ops":["#.utf8)
            for (index, operation) in operations.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.encode(operation, into: &bytes)
            }
            bytes += Array("]}".utf8)
        }
        return bytes
    }

    static func encode(_ operation: PatchOperation, into bytes: inout [UInt8]) {
        // Members in key order, as every document of the format.
        func address(_ address: NodeAddress) -> [UInt8] {
            var out: [UInt8] = []
            if let anchor = address.anchor { out += Array(#""id":"#.utf8) + JSONWriter.write(.string(anchor)) + [UInt8(ascii: ",")] }
            return out
        }
        func path(_ address: NodeAddress) -> [UInt8] {
            address.path.isEmpty ? [] : Array(#","path":"#.utf8) + JSONWriter.write(.array(address.path.map { .number(Double($0)) }))
        }
        func op(_ name: String) -> [UInt8] { Array(#""op":""#.utf8) + Array(name.utf8) + [UInt8(ascii: "\"")] }
        bytes.append(UInt8(ascii: "{"))
        switch operation {
        case .replace(let target, let node):
            bytes += address(target) + Array(#""node":"#.utf8) + node.encoded() + [UInt8(ascii: ",")] + op("replace") + path(target)
        case .update(let target, let set, let unset):
            bytes += address(target) + op("update") + path(target)
            if !set.isEmpty { bytes += Array(#","set":"#.utf8) + JSONWriter.write(.object(set)) }
            if !unset.isEmpty { bytes += Array(#","unset":"#.utf8) + JSONWriter.write(.array(unset.map { .string($0) })) }
        case .insert(let parent, let index, let node):
            bytes += address(parent) + Array(#""index":\#(index),"node":"#.utf8) + node.encoded() + [UInt8(ascii: ",")] + op("insert") + path(parent)
        case .remove(let target):
            bytes += address(target) + op("remove") + path(target)
        case .move(let parent, let from, let to):
            bytes += Array(#""from":\#(from),"#.utf8) + address(parent) + op("move") + path(parent) + Array(#","to":\#(to)"#.utf8)
        case .header(let screen):
            var header = screen.json
            if case .object(var members) = header { members["body"] = nil; header = .object(members) }
            bytes += op("header") + Array(#","screen":"#.utf8) + JSONWriter.write(header)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Reads a patch; nil (with the reason) when it is not one this version can apply exactly.
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) -> Result<ScreenPatch, PatchError> {
        guard case .object(let members)? = try? JSONParser.parse(bytes, limits: options.limits) else {
            return .failure(PatchError(message: "a patch is a JSON object"))
        }
        if let screen = members["screen"] {
            guard let value = Screen.decode(from: screen, options: options).value else { return .failure(PatchError(message: "the patch's screen cannot be read")) }
            return .success(ScreenPatch(.screen(value)))
        }
        guard case .array(let list)? = members["ops"] else { return .failure(PatchError(message: "a patch has \"ops\" or \"screen\"")) }
        var operations: [PatchOperation] = []
        for (index, element) in list.enumerated() {
            guard case .object(let op) = element, case .string(let name)? = op["op"] else {
                return .failure(PatchError(message: "ops[\(index)] is not an operation"))
            }
            let address = NodeAddress(anchor: op["id"]?.stringValue, path: (op["path"]?.arrayValue ?? []).compactMap(\.intValue))
            // A node that does not decode exactly would make the result differ from the server's: refuse.
            func node() -> Node? {
                guard let json = op["node"] else { return nil }
                let result = Node.decode(from: json, options: options)
                return result.hasErrors || result.diagnostics.contains(where: { $0.code == .droppedNode || $0.code == .usedFallback }) ? nil : result.value
            }
            let operation: PatchOperation?
            switch name {
            case "replace": operation = node().map { .replace(address, $0) }
            case "update":
                let set = op["set"]?.objectValue ?? [:]
                let unset = (op["unset"]?.arrayValue ?? []).compactMap(\.stringValue)
                operation = .update(address, set: set, unset: unset)
            case "insert": operation = node().flatMap { node in op["index"]?.intValue.map { .insert(parent: address, index: $0, node: node) } }
            case "remove": operation = .remove(address)
            case "move":
                operation = op["from"]?.intValue.flatMap { from in op["to"]?.intValue.map { .move(parent: address, from: from, to: $0) } }
            case "header":
                guard case .object(var screen)? = op["screen"] else { operation = nil; break }
                screen["body"] = ["type": "spacer"]
                operation = Screen.decode(from: .object(screen), options: options).value.map { .header($0) }
            default: operation = nil
            }
            guard let operation else { return .failure(PatchError(message: "ops[\(index)] (\(name)) cannot be read")) }
            operations.append(operation)
        }
        return .success(ScreenPatch(.operations(operations)))
    }
}
