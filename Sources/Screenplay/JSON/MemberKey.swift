import Foundation

/// Every member name the format itself writes, declared in byte order so that the writer orders
/// an object's members by comparing small integers instead of strings.
///
/// Adding a field to the format adds its name here, in order (a test checks the order).
enum MemberKey: UInt8, CaseIterable { // at most 255 cases: .max marks other names
    case accessibilityLabel
    case action
    case actions
    case alignment
    case allowEmpty
    case anchor
    case autofill
    case axis
    case background
    case bindings
    case body
    case bottom
    case bottomLeftDetail
    case bottomRightDetail
    case bounce
    case cache
    case change
    case checkDigitMessage
    case children
    case color
    case columns
    case command
    case condition
    case contentMode
    case cornerRadius
    case curve
    case dark
    case delay
    case detail
    case distance
    case duration
    case edge
    case enabled
    case endActions
    case enter
    case equals
    case event
    case exit
    case fade
    case fallback
    case fields
    case format
    case fractionDigits
    case from
    case height
    case id
    case imageURL
    case index
    case intents
    case itemWidth
    case key
    case keyboard
    case label
    case layout
    case leading
    case light
    case lineLimit
    case locale
    case markup
    case mask
    case max
    case maxAge
    case message
    case min
    case minLength
    case mode
    case motion
    case name
    case node
    case not
    case onAppear
    case once
    case op
    case opacity
    case ops
    case padding
    case path
    case pattern
    case payload
    case placeholder
    case placeholderColor
    case placeholders
    case press
    case properties
    case `repeat`
    case rules
    case scale
    case scope
    case screen
    case sections
    case secure
    case set
    case size
    case slide
    case spacing
    case staleWhileRevalidate
    case state
    case stream
    case style
    case subtitle
    case templates
    case text
    case thickness
    case tickActions
    case tickInterval
    case timers
    case title
    case to
    case top
    case topRightDetail
    case trailing
    case triggers
    case type
    case unset
    case url
    case value
    case valueVariable
    case variable
    case variables
    case variant
    case version
    case visibleWhen
    case weight
    case width
    case x
    case y

    /// The name as the format spells it.
    var name: String { Self.names[Int(rawValue)] }

    static let names: [String] = allCases.map { String(describing: $0) }

    /// `"name":` as UTF-8 (names are plain ASCII, written without escaping), every key's one
    /// after the other in memory that lives as long as the program: the writer copies a key from
    /// it without retaining anything.
    var quotedName: UnsafeBufferPointer<UInt8> {
        let range = Self.quotedNameRanges[Int(rawValue)]
        return UnsafeBufferPointer(start: Self.quotedNameBytes + Int(range.start), count: Int(range.count))
    }

    private static let quotedNameRanges: [(start: UInt16, count: UInt16)] = {
        var start = 0
        return names.map { name in
            defer { start += name.utf8.count + 3 }
            return (UInt16(start), UInt16(name.utf8.count + 3))
        }
    }()

    nonisolated(unsafe) private static let quotedNameBytes: UnsafePointer<UInt8> = {
        let bytes = names.flatMap { Array("\"\($0)\":".utf8) }
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
        memory.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(memory)
    }()

    static let byName: [String: MemberKey] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// The raw value of the key spelt `utf8`, or `.max` when the format has no such name: how the
    /// parser recognises member names without making strings of them.
    static func rawValue(spelt utf8: UnsafeBufferPointer<UInt8>) -> UInt8 {
        spellings.value(spelt: utf8)?.rawValue ?? .max
    }

    private static let spellings = SpellingTable(allCases.map { ($0.name, $0) })
}

/// Finds which of a few known names some UTF-8 bytes spell, without making a string of them:
/// names are grouped by length and compared from their first byte.
///
/// ```swift
/// let kinds = SpellingTable(ComponentKind.allCases.map { ($0.rawValue, $0) })
/// kinds.value(spelt: bytes)   // .vstack for the bytes of "vstack"
/// ```
struct SpellingTable<Value>: Sendable where Value: Sendable {
    private let byLength: [[(first: UInt8, spelling: [UInt8], value: Value)]]

    init(_ names: [(String, Value)]) {
        var table = Array(repeating: [(first: UInt8, spelling: [UInt8], value: Value)](), count: (names.map(\.0.utf8.count).max() ?? 0) + 1)
        for (name, value) in names where !name.isEmpty {
            let spelling = Array(name.utf8)
            table[spelling.count].append((spelling[0], spelling, value))
        }
        byLength = table
    }

    func value(spelt utf8: UnsafeBufferPointer<UInt8>) -> Value? {
        guard utf8.count < byLength.count, let first = utf8.first else { return nil }
        for candidate in byLength[utf8.count] where candidate.first == first {
            let matches = candidate.spelling.withUnsafeBufferPointer { memcmp($0.baseAddress!, utf8.baseAddress!, utf8.count) == 0 }
            if matches { return candidate.value }
        }
        return nil
    }
}
