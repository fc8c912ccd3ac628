/// The `name=value, name=value` lists of `Screenplay-Experiments` and `Screenplay-Attributes`, read
/// and written by this one piece of code. Reading keeps the first 32 well-formed pairs, each name
/// and value at most 128 characters, and skips the rest.
///
/// ```swift
/// HeaderPairs.read("group=beta, plan = pro, broken")   // ["group": "beta", "plan": "pro"]
/// HeaderPairs.write(["group": "beta"])                 // "group=beta"
/// ```
public enum HeaderPairs {
    public static let maxPairs = 32
    public static let maxLength = 128

    public static func read(_ value: String?) -> [String: String] {
        guard let value else { return [:] }
        var pairs: [String: String] = [:]
        for item in HeaderListEntries(value) {
            guard pairs.count < maxPairs else { break }
            let pair = item.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace() }
            guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty, pair[0].count <= maxLength, pair[1].count <= maxLength
            else { continue }
            if pairs[pair[0]] == nil { pairs[pair[0]] = pair[1] }
        }
        return pairs
    }

    public static func write(_ pairs: [String: String]) -> String {
        pairs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    }
}
