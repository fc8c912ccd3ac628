import Screenplay
import ScreenplayHTML

/// A line diff of two texts (Myers' algorithm): every line tagged as kept, removed or added, in
/// reading order, and drawn as an accessible HTML table.
///
/// The work is bounded: texts of more than ``maxLines`` lines, or more than `maxEdits` removed
/// and added lines between their common first and last lines, are not compared line by line;
/// the lines between are then shown removed whole and added whole, and ``replacedWhole`` says so
/// (as does the table).
///
/// ```swift
/// let diff = TextDiff("a\nb\nc\n", "a\nB\nc\n")
/// diff.lines.map(\.change)   // [.same, .removed, .added, .same]
/// diff.html(caption: "Version 3 to 4")   // <table class="diff">… <del>…b</del> … <ins>…B</ins> …
///
/// // JSON is compared member by member: pretty-printed with sorted keys first.
/// TextDiff.json(#"{"b":1,"a":2}"#, #"{"a":2,"b":3}"#).lines.filter { $0.change != .same }.map(\.text)
/// // ["  \"b\": 1", "  \"b\": 3"]
/// ```
struct TextDiff: Sendable, Hashable {
    enum Change: Sendable, Hashable {
        case same, removed, added
    }

    /// One line of either text, with its 1-based number in the text(s) it is in.
    struct Line: Sendable, Hashable {
        let change: Change
        let text: String
        /// Its number in the text before (nil when added).
        let before: Int?
        /// Its number in the text after (nil when removed).
        let after: Int?
    }

    /// Both texts' lines in reading order: removed lines before the lines added in their place.
    let lines: [Line]
    /// Whether the texts differed too much to compare within the bound: the lines between their
    /// common first and last lines are then all removed, then all added.
    let replacedWhole: Bool

    /// The most lines of either text compared line by line.
    static let maxLines = 20_000
    /// The most removed plus added lines looked for by default (the work grows with their square).
    static let maxEdits = 1_000

    /// The diff from `before` to `after`, split at `\n` (a last newline ends the last line).
    init(_ before: String, _ after: String, maxEdits: Int = Self.maxEdits) {
        let old = Self.split(before)
        let new = Self.split(after)
        // Lines as numbers: comparing them is then cheap.
        var numbers: [String: Int] = [:]
        let a = old.map { line in
            numbers[line]
                ?? {
                    numbers[line] = numbers.count
                    return numbers.count - 1
                }()
        }
        let b = new.map { line in
            numbers[line]
                ?? {
                    numbers[line] = numbers.count
                    return numbers.count - 1
                }()
        }

        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])

        var script: [Change]
        var replaced = false
        if middleA.isEmpty || middleB.isEmpty {
            script = Array(repeating: .removed, count: middleA.count) + Array(repeating: .added, count: middleB.count)
        } else if middleA.count > Self.maxLines || middleB.count > Self.maxLines {
            script = Array(repeating: .removed, count: middleA.count) + Array(repeating: .added, count: middleB.count)
            replaced = true
        } else if let found = Self.myers(middleA, middleB, maxEdits: max(0, maxEdits)) {
            script = found
        } else {
            script = Array(repeating: .removed, count: middleA.count) + Array(repeating: .added, count: middleB.count)
            replaced = true
        }
        script = Array(repeating: .same, count: prefix) + Self.removalsFirst(script) + Array(repeating: .same, count: suffix)

        var lines: [Line] = []
        lines.reserveCapacity(script.count)
        var x = 0
        var y = 0
        for change in script {
            switch change {
            case .same:
                lines.append(Line(change: .same, text: old[x], before: x + 1, after: y + 1))
                x += 1
                y += 1
            case .removed:
                lines.append(Line(change: .removed, text: old[x], before: x + 1, after: nil))
                x += 1
            case .added:
                lines.append(Line(change: .added, text: new[y], before: nil, after: y + 1))
                y += 1
            }
        }
        self.lines = lines
        self.replacedWhole = replaced
    }

    /// The diff of two JSON texts, each pretty-printed with its members sorted (see
    /// ``readableJSON(_:)``), so that a changed member is a changed line. `nil` is no text.
    static func json(_ before: String?, _ after: String?, maxEdits: Int = Self.maxEdits) -> TextDiff {
        TextDiff(readableJSON(before), readableJSON(after), maxEdits: maxEdits)
    }

    /// `text` pretty-printed, two spaces a level, members in sorted order, when it is JSON; as
    /// it is when it is not; empty for `nil`.
    static func readableJSON(_ text: String?) -> String {
        guard let text else { return "" }
        guard let value = try? JSONParser.parse(Array(text.utf8)) else { return text }
        return String(decoding: JSONWriter.write(value, layout: .pretty), as: UTF8.self)
    }

    /// How many lines were removed and added.
    var counts: (removed: Int, added: Int) {
        lines.reduce(into: (0, 0)) { counts, line in
            if line.change == .removed { counts.0 += 1 } else if line.change == .added { counts.1 += 1 }
        }
    }

    /// The diff as ``html(caption:context:)`` draws it, captioned "Before to after".
    var html: HTML { html(caption: "Before to after") }

    /// The diff as a table under `caption` (escaped here): line numbers before and after, then
    /// the line, removed ones in `<del>` and added ones in `<ins>`, each also marked `−`/`+` and
    /// announced "removed"/"added" to screen readers (colour is never the only sign). Runs of
    /// more than `2 × context` unchanged lines are folded to `context` lines each side.
    func html(caption: String, context: Int = 3) -> HTML {
        let (removed, added) = counts
        var html = HTML()
        if replacedWhole {
            html +=
                "<p class=\"notice\">Too different to compare line by line within the studio's bound: the changed part is shown removed whole, then added whole.</p>\n"
        }
        let summary =
            removed == 0 && added == 0 ? "no line changed" : "\(removed) \(removed == 1 ? "line" : "lines") removed, \(added) added"
        html +=
            "<div class=\"table\" tabindex=\"0\" role=\"region\" aria-label=\"\(caption)\"><table class=\"diff\"><caption>\(caption): \(summary)</caption>\n"
        html += "<thead><tr><th scope=\"col\" class=\"number\">Before</th><th scope=\"col\" class=\"number\">After</th>"
        html += "<th scope=\"col\">Line</th></tr></thead>\n<tbody>\n"
        let context = max(0, context)
        var index = 0
        while index < lines.count {
            if lines[index].change == .same {
                var end = index
                while end < lines.count, lines[end].change == .same { end += 1 }
                let keepBefore = index == 0 ? 0 : context
                let keepAfter = end == lines.count ? 0 : context
                if end - index > keepBefore + keepAfter + 1 {
                    for line in lines[index..<(index + keepBefore)] { html += Self.row(line) }
                    let folded = end - index - keepBefore - keepAfter
                    html += "<tr class=\"folded\"><td colspan=\"3\">… \(folded) unchanged \(folded == 1 ? "line" : "lines")</td></tr>\n"
                    for line in lines[(end - keepAfter)..<end] { html += Self.row(line) }
                } else {
                    for line in lines[index..<end] { html += Self.row(line) }
                }
                index = end
            } else {
                html += Self.row(lines[index])
                index += 1
            }
        }
        html += "</tbody></table></div>\n"
        return html
    }

    private static func row(_ line: Line) -> HTML {
        let numbers: HTML =
            "<td class=\"number\">\(line.before.map(String.init) ?? "")</td><td class=\"number\">\(line.after.map(String.init) ?? "")</td>"
        let text = line.text
        switch line.change {
        case .same:
            return "<tr class=\"same\">\(numbers)<td class=\"code\"><span class=\"mark\" aria-hidden=\"true\"> </span>\(text)</td></tr>\n"
        case .removed:
            return
                "<tr class=\"removed\">\(numbers)<td class=\"code\"><del><span class=\"sr-only\">removed: </span><span class=\"mark\" aria-hidden=\"true\">−</span>\(text)</del></td></tr>\n"
        case .added:
            return
                "<tr class=\"added\">\(numbers)<td class=\"code\"><ins><span class=\"sr-only\">added: </span><span class=\"mark\" aria-hidden=\"true\">+</span>\(text)</ins></td></tr>\n"
        }
    }

    /// `script` with each run of changes reordered: its removals, then its additions.
    private static func removalsFirst(_ script: [Change]) -> [Change] {
        var ordered: [Change] = []
        ordered.reserveCapacity(script.count)
        var removed = 0
        var added = 0
        for change in script + [.same] {
            switch change {
            case .removed: removed += 1
            case .added: added += 1
            case .same:
                ordered += Array(repeating: .removed, count: removed) + Array(repeating: .added, count: added)
                removed = 0
                added = 0
                ordered.append(.same)
            }
        }
        ordered.removeLast()
        return ordered
    }

    private static func split(_ text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The shortest edit script from `a` to `b` (Myers 1986), or nil when it needs more than
    /// `maxEdits` removals and additions. Keeps each round's frontier to walk back: memory grows
    /// with the square of the edits, time with the edits times the lines.
    private static func myers(_ a: [Int], _ b: [Int], maxEdits: Int) -> [Change]? {
        let n = a.count
        let m = b.count
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // Round d's frontier before it ran (diagonals -(d-1)...(d-1)), one after another.
        var trace: [Int] = []
        var starts: [Int] = []
        var edits: Int?
        rounds: for d in 0...limit {
            starts.append(trace.count)
            if d > 0 { trace.append(contentsOf: v[(offset - d + 1)...(offset + d - 1)]) }
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    edits = d
                    break rounds
                }
            }
        }
        guard let edits else { return nil }
        var script: [Change] = []
        script.reserveCapacity(n + m)
        var x = n
        var y = m
        for d in stride(from: edits, to: 0, by: -1) {
            let frontier = { (k: Int) in trace[starts[d] + k + d - 1] }
            let k = x - y
            let previous = k == -d || (k != d && frontier(k - 1) < frontier(k + 1)) ? k + 1 : k - 1
            let previousX = frontier(previous)
            let previousY = previousX - previous
            while x > previousX, y > previousY {
                script.append(.same)
                x -= 1
                y -= 1
            }
            if x == previousX {
                script.append(.added)
                y -= 1
            } else {
                script.append(.removed)
                x -= 1
            }
        }
        while x > 0, y > 0 {
            script.append(.same)
            x -= 1
            y -= 1
        }
        return script.reversed()
    }
}
