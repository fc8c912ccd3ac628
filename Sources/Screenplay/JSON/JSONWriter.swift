/// Writes ``JSONValue``s as UTF-8 JSON with object members in sorted order, so the same value
/// always gives the same bytes (stable ETags, snapshots and caches).
///
/// ```swift
/// let bytes = JSONWriter.write(["b": 1, "a": [true, nil]])   // {"a":[true,null],"b":1}
/// ```
public struct JSONWriter {
    /// How the output is laid out.
    public enum Layout: Sendable {
        /// No whitespace at all: what goes over the wire.
        case compact
        /// Two-space indentation, one member per line: what is checked in.
        case pretty
    }

    private var output: [UInt8] = []
    private let layout: Layout

    private init(layout: Layout) {
        self.layout = layout
    }

    /// Serialises `value`.
    public static func write(_ value: JSONValue, layout: Layout = .compact) -> [UInt8] {
        var writer = JSONWriter(layout: layout)
        writer.output.reserveCapacity(256)
        writer.write(value, indent: 0)
        if layout == .pretty { writer.output.append(0x0A) }
        return writer.output
    }

    private mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): writeNumber(number)
        case .string(let string): writeString(string)
        case .array(let elements):
            if elements.isEmpty { return append("[]") }
            output.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty { return append("{}") }
            output.append(UInt8(ascii: "{"))
            for (offset, key) in members.keys.sorted().enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(key)
                output.append(UInt8(ascii: ":"))
                if layout == .pretty { output.append(UInt8(ascii: " ")) }
                // The key comes from the dictionary itself, so the lookup cannot fail.
                write(members[key] ?? .null, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ indent: Int) {
        guard layout == .pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    private mutating func writeNumber(_ number: Double) {
        guard number.isFinite else { return append("null") }
        if number.rounded() == number, abs(number) < 1e15 {
            output.append(contentsOf: String(Int64(number)).utf8)
        } else {
            output.append(contentsOf: number.description.utf8)
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                default:
                    output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    output.append(Self.hexDigits[Int(byte >> 4)])
                    output.append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
