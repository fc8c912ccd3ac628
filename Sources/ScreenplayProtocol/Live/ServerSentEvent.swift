/// One Server-Sent Event: what a screen stream sends (`screen` and `patch` events, named by
/// their version) and what the client reads back with ``ServerSentEventParser``.
///
/// ```swift
/// let bytes = ServerSentEvent(type: "patch", id: "81c0…", data: #"{"base":"3f9a…","patch":{…}}"#).encoded()
/// // event: patch\nid: 81c0…\ndata: {"base":…}\n\n
/// ```
public struct ServerSentEvent: Sendable, Hashable {
    public var type: String
    public var id: String?
    public var data: String

    public init(type: String, id: String? = nil, data: String) {
        self.type = type
        self.id = id
        self.data = data
    }

    /// The event on the wire; each line of `data` becomes a `data:` line.
    public func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.utf8.count + type.utf8.count + (id?.utf8.count ?? 0) + 24)
        bytes += "event: \(type)\n".utf8
        if let id { bytes += "id: \(id)\n".utf8 }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { bytes += "data: \(line)\n".utf8 }
        bytes.append(0x0A)
        return bytes
    }

    /// A comment line: a heartbeat that keeps proxies and clients from closing an idle stream.
    public static let heartbeat: [UInt8] = Array(": heartbeat\n\n".utf8)
}

/// Reads a Server-Sent Events stream as its bytes arrive (WHATWG rules: `event`, `id`, `data`
/// lines, a blank line ends an event, `:` lines are comments; CR, LF and CRLF end lines). Lines
/// longer than `maxLineBytes` are cut off there, so a hostile stream cannot grow memory.
///
/// ```swift
/// var parser = ServerSentEventParser()
/// for event in parser.feed(Array("event: patch\nid: 2\ndata: {}\n\n".utf8)) { … }
/// ```
public struct ServerSentEventParser: Sendable {
    private var line: [UInt8] = []
    private var type = ""
    private var id: String?
    private var data: [String] = []
    private var lastWasCR = false
    public let maxLineBytes: Int
    /// The last `id` seen (what `Last-Event-ID` sends on reconnection).
    public private(set) var lastEventID: String?

    public init(maxLineBytes: Int = 4 * 1024 * 1024) {
        self.maxLineBytes = maxLineBytes
    }

    public mutating func feed(_ bytes: [UInt8]) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if byte == 0x0A, lastWasCR {
                lastWasCR = false
                continue
            }
            lastWasCR = byte == 0x0D
            if byte == 0x0A || byte == 0x0D {
                if let event = endLine() { events.append(event) }
            } else if line.count < maxLineBytes {
                line.append(byte)
            }
        }
        return events
    }

    private mutating func endLine() -> ServerSentEvent? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            defer {
                type = ""
                data = []
            }
            guard !data.isEmpty else { return nil }
            lastEventID = id ?? lastEventID
            return ServerSentEvent(type: type.isEmpty ? "message" : type, id: id, data: data.joined(separator: "\n"))
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let text = String(decoding: line, as: UTF8.self)
        let (field, value): (Substring, Substring)
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            var rest = text[text.index(after: colon)...]
            if rest.first == " " { rest = rest.dropFirst() }
            value = rest
        } else {
            (field, value) = (text[...], "")
        }
        switch field {
        case "event": type = String(value)
        case "data": data.append(String(value))
        case "id": if !value.contains("\u{0}") { id = String(value) }
        default: break
        }
        return nil
    }
}
