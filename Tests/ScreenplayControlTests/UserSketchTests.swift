import Testing

@testable import ScreenplayControl

/// The census's distinct-user sketch: small counts exact, larger ones within the standard error,
/// one user however often inserted, merges as unions, its hash stable, its stored bytes read
/// back and anything else refused.
@Suite struct UserSketchTests {
    static func sketch(_ ids: some Sequence<Int>, prefix: String = "user-") -> UserSketch {
        var sketch = UserSketch()
        for id in ids { sketch.insert("\(prefix)\(id)") }
        return sketch
    }

    /// Up to ``UserSketch/maxExact`` users the sketch keeps their hashes: exact.
    @Test(arguments: [0, 1, 100, 127])
    func fewUsersAreCountedExactly(_ count: Int) {
        #expect(Self.sketch(0..<count).estimate == count)
    }

    /// Past them, 1,024 registers: a standard error of 1.04/√1024 ≈ 3.25 %, so one population is
    /// within 5 % about nine times in ten. Twenty populations of each size (other user ids) show
    /// the estimate unbiased (mean error within 1.5 %), its spread as stated (root mean square at
    /// most 4.5 %), within 5 % for at least 14 of 20 (17.5 expected) and never beyond 3 standard errors.
    @Test(arguments: [128, 500, 999, 10_000, 100_000])
    func manyUsersAreEstimatedWithinTheStandardError(_ count: Int) {
        let errors = (0..<20).map { population in
            Double(Self.sketch(0..<count, prefix: "p\(population)-").estimate - count) / Double(count)
        }
        let mean = errors.reduce(0, +) / Double(errors.count)
        let rms = (errors.map { $0 * $0 }.reduce(0, +) / Double(errors.count)).squareRoot()
        #expect(abs(mean) <= 0.015, "\(count) users: mean error \(mean)")
        #expect(rms <= 0.045, "\(count) users: root mean square error \(rms)")
        #expect(errors.filter { abs($0) <= 0.05 }.count >= 14, "\(count) users: \(errors)")
        #expect(errors.allSatisfy { abs($0) <= 0.1 }, "\(count) users: \(errors)")
    }

    @Test func insertingTheSameUserAgainChangesNothing() {
        for count in [1, 100, 5_000] {
            let once = Self.sketch(0..<count)
            var twice = once
            for id in 0..<count { twice.insert("user-\(id)") }
            #expect(twice == once)
            #expect(twice.bytes == once.bytes)
        }
    }

    @Test func mergingOverlappingSetsEstimatesTheirUnion() {
        // Exact hashes, registers, and one of each: 0..<60000 and 40000..<100000 are 100,000 users.
        for (left, right, union) in [(0..<60, 40..<100, 100), (0..<60_000, 40_000..<100_000, 100_000), (0..<50, 25..<20_000, 20_000)] {
            let a = Self.sketch(left)
            let b = Self.sketch(right)
            let merged = a.merging(b)
            #expect(merged == b.merging(a), "merging is commutative")
            #expect(merged.merging(a) == merged, "and idempotent")
            let tolerance = union < 1_000 ? 0.01 : 0.05
            #expect(abs(Double(merged.estimate - union)) <= tolerance * Double(union), "\(union) estimated as \(merged.estimate)")
            #expect(merged == Self.sketch(left.lowerBound..<right.upperBound), "the merge is the sketch of the union")
        }
    }

    @Test func itsBytesAreReadBackAndAnythingElseIsRefused() throws {
        for count in [0, 1, 127, 128, 10_000] {
            let sketch = Self.sketch(0..<count)
            let bytes = sketch.bytes
            #expect(bytes.count <= UserSketch.maxBytes)
            #expect(UserSketch(bytes: bytes) == sketch)
            #expect(UserSketch(bytes: bytes)?.estimate == sketch.estimate)
        }
        let registers = Self.sketch(0..<10_000).bytes
        let exact = Self.sketch(0..<3).bytes
        #expect(registers.count == 2 + 1_024)
        var otherVersion = registers
        otherVersion[0] = 2
        #expect(UserSketch(bytes: otherVersion) == nil, "another version")
        #expect(UserSketch(bytes: Array(registers.dropLast())) == nil, "a register short")
        #expect(UserSketch(bytes: registers + [0]) == nil, "a register too many")
        #expect(UserSketch(bytes: Array(exact.dropLast())) == nil, "a hash cut")
        var unsorted = exact
        unsorted.replaceSubrange(2..<10, with: exact[10..<18])
        #expect(UserSketch(bytes: unsorted) == nil, "hashes out of order")
        var otherKind = exact
        otherKind[1] = 7
        #expect(UserSketch(bytes: otherKind) == nil, "another kind")
        var impossible = registers
        impossible[2] = 56
        #expect(UserSketch(bytes: impossible) == nil, "a rank no hash gives")
        #expect(UserSketch(bytes: []) == nil && UserSketch(bytes: [1]) == nil)
        #expect(UserSketch(bytes: [1, 0] + [UInt8](repeating: 1, count: 8 * 128)) == nil, "more hashes than kept exact")
    }

    @Test func theHashIsTheSameInEveryProcess() {
        // Fixed values (computed apart, in Python): a sketch stored by one build is merged by the next.
        #expect(UserSketch.hash("") == 0xf52a_15e9_a9b5_e89b)
        #expect(UserSketch.hash("alice") == 0xc5d1_556d_6677_4a5c)
        #expect(UserSketch.hash("alice") != UserSketch.hash("alicf"))
    }
}
