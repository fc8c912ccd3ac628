// libFuzzer entry point for the expression language and its patterns; built by
// `scripts/fuzz SECONDS expressions` together with the Screenplay sources
// (swiftc -sanitize=fuzzer,address). See docs/SECURITY.md.
//
// For every input it checks that reading, type checking and evaluating never crash or run past
// their bounds; that an evaluation gives the same answer twice; that a value whose expression the
// type checker passed has one of the types it inferred; and, for the bytes read as a pattern and
// a text, that the linear-time matcher keeps its step bound and agrees with itself.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpressions(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let text = String(decoding: bytes, as: UTF8.self)
    let variables: [String: ExpressionValue] = [
        "count": .integer(3), "price": .number(9.5), "name": .string("Anna"), "on": .boolean(true),
        "accent": .color(ExpressionColor(argb: 0xFF33_66CC)), "site": .url("https://example.com/a?b=1"),
        "items": .array([.number(1), .string("two"), .bool(true)]), "user": .dict(["tier": .string("gold"), "age": .number(41)]),
    ]
    let checker = ExpressionTypeChecker(variables: variables.mapValues(\.type))
    let evaluator = ExpressionEvaluator(now: { 1_750_000_000_000 })
    for node in [try? ExpressionParser.parse(property: text), try? ExpressionParser.parse(expression: text)] {
        guard let node else { continue }
        let check = checker.check(node)
        let first = Result { () throws(ExpressionError) in try evaluator.evaluate(node, variables: variables) }
        let second = Result { () throws(ExpressionError) in try evaluator.evaluate(node, variables: variables) }
        guard first == second else { fatalError("two evaluations of \(text) disagree: \(first) and \(second)") }
        if case .success(let value) = first, check.errors.isEmpty, !check.types.isEmpty, !check.types.contains(value.type) {
            fatalError("\(text) evaluated to a \(value.type), which the type checker did not allow (\(check.types))")
        }
        if case .success(let value) = first {
            _ = value.text
            _ = value.preview
        }
    }
    TextPattern.fuzz(bytes)
    return 0
}
