/// A header that lists values with optional q-values — `Accept`, `Accept-Language`,
/// `Accept-Encoding` — read in one pass, in time linear in its length, keeping at most
/// `maxItems` entries (a hostile header of 20,000 entries costs one scan, not a sort of them all).
///
/// ```swift
/// let languages = WeightedList(["de-CH, fr;q=0.8, *;q=0.1"])
/// languages.preferred.map(\.value)              // ["de-ch", "fr", "*"]
/// WeightedList(["gzip;q=0, *"]).quality(of: "gzip")   // 0
/// WeightedList.header(["fr-FR", "fr", "en"])    // "fr-FR, fr;q=0.9, en;q=0.8"
/// ```
public struct WeightedList: Sendable, Hashable {
    /// One entry: its value in lower case (without parameters), its q-value and its position.
    public struct Item: Sendable, Hashable {
        public var value: String
        /// 0 to 1; 1 when absent, 0 when malformed.
        public var quality: Double
        public var position: Int
    }

    /// The entries in the order the client gave them (at most `maxItems`).
    public let items: [Item]

    /// The most entries kept from one header.
    public static let defaultMaxItems = 32

    /// - Parameters:
    ///   - fields: the header's values (repeated fields are one list).
    ///   - maxItems: the most entries kept; the rest are ignored.
    public init(_ fields: [String], maxItems: Int = Self.defaultMaxItems) {
        var items: [Item] = []
        scan: for field in fields {
            for entry in HeaderListEntries(field) {
                guard items.count < maxItems else { break scan }
                var parts = entry.split(separator: ";", maxSplits: 8, omittingEmptySubsequences: false).makeIterator()
                guard let rawValue = parts.next() else { continue }
                let value = rawValue.trimmingWhitespace().lowercased()
                guard !value.isEmpty else { continue }
                var quality = 1.0
                while let parameter = parts.next() {
                    let pair = parameter.split(separator: "=", maxSplits: 1)
                    guard pair.count == 2, pair[0].trimmingWhitespace().lowercased() == "q" else { continue }
                    quality = Double(pair[1].trimmingWhitespace()).flatMap { (0...1).contains($0) ? $0 : nil } ?? 0
                }
                items.append(Item(value: value, quality: quality, position: items.count))
            }
        }
        self.items = items
    }

    /// The entries with a q-value above 0, best first; ties keep the client's order.
    public var preferred: [Item] {
        items.filter { $0.quality > 0 }.sorted { ($0.quality, -$0.position) > ($1.quality, -$1.position) }
    }

    /// The highest q-value given to `value` (compared in lower case), nil when it is not listed.
    public func quality(of value: String) -> Double? {
        let value = value.lowercased()
        return items.lazy.filter { $0.value == value }.map(\.quality).max()
    }

    /// `values` in order of preference as one header, with decreasing q-values after the first
    /// (at most 10 entries, none below 0.1).
    public static func header(_ values: [String]) -> String {
        values.prefix(10).enumerated().map { index, value in
            guard index > 0 else { return value }
            let tenths = max(1, 10 - index)
            return "\(value);q=0.\(tenths)"
        }.joined(separator: ", ")
    }
}

extension StringProtocol {
    /// Without the spaces and tabs that header syntax allows around values.
    package func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
