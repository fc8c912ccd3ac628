extension TextPattern {
    /// A set of Unicode scalars as sorted, disjoint, non-adjacent ranges of their values.
    struct ScalarSet: Sendable, Hashable {
        private(set) var ranges: [ClosedRange<UInt32>] = []

        init() {}

        init(_ scalar: Unicode.Scalar) {
            ranges = [scalar.value...scalar.value]
        }

        init(_ ranges: [ClosedRange<UInt32>]) {
            for range in ranges { insert(range) }
        }

        /// `\d`: the ASCII digits, as in ECMAScript.
        static let digits = ScalarSet([48...57])
        /// `\w`: `[A-Za-z0-9_]`, as in ECMAScript; also what `\b` looks at.
        static let word = ScalarSet([48...57, 65...90, 95...95, 97...122])
        /// `\s`: ECMAScript's white space and line terminators.
        static let space = ScalarSet([
            0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
            0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
        ])
        /// What `.` does not match.
        static let lineTerminators = ScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])

        mutating func insert(_ range: ClosedRange<UInt32>) {
            var lower = range.lowerBound
            var upper = range.upperBound
            var kept: [ClosedRange<UInt32>] = []
            kept.reserveCapacity(ranges.count + 1)
            var placed = false
            for existing in ranges {
                if existing.upperBound &+ 1 < lower {
                    kept.append(existing)
                } else if upper &+ 1 < existing.lowerBound {
                    if !placed {
                        kept.append(lower...upper)
                        placed = true
                    }
                    kept.append(existing)
                } else {
                    lower = Swift.min(lower, existing.lowerBound)
                    upper = Swift.max(upper, existing.upperBound)
                }
            }
            if !placed { kept.append(lower...upper) }
            ranges = kept
        }

        mutating func formUnion(_ other: ScalarSet) {
            for range in other.ranges { insert(range) }
        }

        /// Every scalar value (0…10FFFF) not in the set.
        var inverted: ScalarSet {
            var result = ScalarSet()
            var next: UInt32 = 0
            for range in ranges {
                if range.lowerBound > next { result.ranges.append(next...(range.lowerBound - 1)) }
                next = range.upperBound + 1
            }
            if next <= 0x10FFFF { result.ranges.append(next...0x10FFFF) }
            return result
        }

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            var low = 0
            var high = ranges.count
            while low < high {
                let middle = (low + high) / 2
                if ranges[middle].upperBound < value {
                    low = middle + 1
                } else if ranges[middle].lowerBound > value {
                    high = middle
                } else {
                    return true
                }
            }
            return false
        }
    }

    /// One instruction of the automaton.
    enum Instruction: Sendable {
        /// Consume one scalar in the set, then go on to the next instruction.
        case consume(ScalarSet)
        /// Go on at both targets.
        case split(Int, Int)
        case jump(Int)
        /// Go on to the next instruction when the assertion holds here.
        case assert(Assertion)
        case accept
    }

    /// The compiled pattern (Thompson's construction) and the machine that runs it: every thread
    /// advances in step, one input scalar at a time, and at each position an instruction holds at
    /// most one thread, so a run takes at most 2 × instructions × (length + 1) steps.
    struct Program: Sendable {
        private(set) var instructions: [Instruction] = []
        private let maxSize: Int
        /// The offsets of the repetitions being written out, outermost first, for the error.
        private var repetitions: [Int] = []

        init(compiling node: Node, maxSize: Int) throws(SyntaxError) {
            self.maxSize = maxSize
            try compile(node)
            try emit(.accept)
        }

        @discardableResult
        private mutating func emit(_ instruction: Instruction) throws(SyntaxError) -> Int {
            guard instructions.count < maxSize else {
                throw SyntaxError(
                    message: "the pattern is too large: more than \(maxSize) instructions with its counted repetitions written out",
                    offset: repetitions.first ?? 0)
            }
            instructions.append(instruction)
            return instructions.count - 1
        }

        private mutating func compile(_ node: Node) throws(SyntaxError) {
            switch node {
            case .scalars(let set):
                try emit(.consume(set))
            case .assertion(let assertion):
                try emit(.assert(assertion))
            case .sequence(let items):
                for item in items { try compile(item) }
            case .choice(let branches):
                var exits: [Int] = []
                for branch in branches.dropLast() {
                    let split = try emit(.split(0, 0))
                    try compile(branch)
                    exits.append(try emit(.jump(0)))
                    instructions[split] = .split(split + 1, instructions.count)
                }
                if let last = branches.last { try compile(last) }
                for exit in exits { instructions[exit] = .jump(instructions.count) }
            case .repetition(let body, let min, let max, let offset):
                repetitions.append(offset)
                defer { repetitions.removeLast() }
                if let max {
                    // x{2,4} is x x (x (x)?)?: every optional copy leaves to the same end.
                    for _ in 0..<min { try compile(body) }
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(try emit(.split(0, 0)))
                        try compile(body)
                    }
                    for split in splits { instructions[split] = .split(split + 1, instructions.count) }
                } else if min == 0 {
                    // x*: L: split(body, end); body; jump L.
                    let loop = try emit(.split(0, 0))
                    try compile(body)
                    try emit(.jump(loop))
                    instructions[loop] = .split(loop + 1, instructions.count)
                } else {
                    // x{n,}: n - 1 copies, then L: body; split(L, end).
                    for _ in 0..<(min - 1) { try compile(body) }
                    let loop = instructions.count
                    try compile(body)
                    let split = try emit(.split(loop, 0))
                    instructions[split] = .split(loop, split + 1)
                }
            }
        }

        /// Whether the program matches `input`: from its start to its end when `anchored`, anywhere
        /// otherwise. `steps` grows by one per instruction visited and per scalar tested.
        func run(_ input: [Unicode.Scalar], anchored: Bool, steps: inout Int) -> Bool {
            var machine = Machine(program: instructions, input: input, anchored: anchored)
            return machine.run(steps: &steps)
        }
    }

    /// A run of a program: Pike's simulation without captures. The threads at a position are the
    /// `consume` instructions waiting for its scalar; `marks` keeps each instruction to one visit
    /// per position, which is what makes the run linear and ends loops that consume nothing.
    private struct Machine {
        let program: [Instruction]
        let input: [Unicode.Scalar]
        let anchored: Bool
        var marks: [Int]
        var generation = 0
        var stack: [Int] = []
        var matched = false

        init(program: [Instruction], input: [Unicode.Scalar], anchored: Bool) {
            self.program = program
            self.input = input
            self.anchored = anchored
            marks = Array(repeating: -1, count: program.count)
        }

        mutating func run(steps: inout Int) -> Bool {
            var current: [Int] = []
            var next: [Int] = []
            current.reserveCapacity(program.count)
            next.reserveCapacity(program.count)
            generation = 0
            follow(from: 0, at: 0, into: &current, steps: &steps)
            var position = 0
            while position < input.count {
                if matched && !anchored { return true }
                if current.isEmpty && anchored { return false }
                let scalar = input[position]
                generation += 1
                next.removeAll(keepingCapacity: true)
                for pc in current {
                    steps += 1
                    if case .consume(let set) = program[pc], set.contains(scalar) {
                        follow(from: pc + 1, at: position + 1, into: &next, steps: &steps)
                    }
                }
                if !anchored { follow(from: 0, at: position + 1, into: &next, steps: &steps) }
                swap(&current, &next)
                position += 1
            }
            return matched
        }

        /// Adds the threads reachable from `start` without consuming, at `position`, to `list`.
        mutating func follow(from start: Int, at position: Int, into list: inout [Int], steps: inout Int) {
            stack.append(start)
            while let pc = stack.popLast() {
                if marks[pc] == generation { continue }
                marks[pc] = generation
                steps += 1
                switch program[pc] {
                case .consume:
                    list.append(pc)
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .jump(let target):
                    stack.append(target)
                case .assert(let assertion):
                    if holds(assertion, at: position) { stack.append(pc + 1) }
                case .accept:
                    if !anchored || position == input.count { matched = true }
                }
            }
        }

        func holds(_ assertion: Assertion, at position: Int) -> Bool {
            switch assertion {
            case .start: return position == 0
            case .end: return position == input.count
            case .wordBoundary, .notWordBoundary:
                let before = position > 0 && ScalarSet.word.contains(input[position - 1])
                let after = position < input.count && ScalarSet.word.contains(input[position])
                return (before != after) == (assertion == .wordBoundary)
            }
        }
    }
}
