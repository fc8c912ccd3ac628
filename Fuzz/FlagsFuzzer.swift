// libFuzzer entry point for feature flags (ScreenplayFlags); built by `scripts/fuzz SECONDS flags`
// together with the Screenplay and ScreenplayFlags sources as one module (swiftc
// -sanitize=fuzzer,address). See docs/SECURITY.md and docs/FLAGS.md.
//
// An input that is a JSON object is a features payload with the user's "attributes" beside its
// members (the shape of the flag cases' contexts), or a condition: {"condition": …, "attributes": …}.
// For every input it checks that reading never crashes and stays within its limits; that a payload,
// read strictly or (when refused) leniently, evaluates every flag the same way twice, alone and
// with all the others, with and without sticky buckets' first pass; and that a condition answers
// the same twice. Any other input is a pattern and a text (split at the first newline): a pattern
// made case-insensitive for `$regexi` matches at least what the pattern matches (unless it has a
// negated class). The first eight
// bytes, as a double, must read back from the text JavaScript would write for it.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFlags(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    fuzzNumberText(bytes)
    guard case .object(let members)? = try? JSONParser.parse(bytes, limits: FlagLimits.default.document) else {
        fuzzPatterns(bytes)
        return 0
    }
    let attributes = members["attributes"]?.objectValue ?? [:]
    if let condition = members["condition"] {
        let read = FlagCondition.read(condition)
        if let compiled = read.value {
            let first = compiled.matches(attributes)
            guard compiled.matches(attributes) == first else { fatalError("a condition answered twice differently") }
        }
    }
    let strict = FeaturesPayload.decode(from: bytes)
    if let payload = strict.value {
        guard !strict.hasErrors else { fatalError("a payload was kept with errors") }
        guard payload.features.count <= FlagLimits.default.maxFlags else { fatalError("more flags than the limit") }
        fuzzEvaluation(payload, attributes: attributes)
    } else {
        guard strict.hasErrors else { fatalError("a payload was refused without an error") }
        // Refused payloads (cycles among them) are still evaluated, as a payload built in code may be.
        var reader = PayloadReader(limits: .default)
        if let lenient = reader.payload(.object(members)) { fuzzEvaluation(lenient, attributes: attributes) }
    }
    return 0
}

/// Every flag evaluated alone, then all together, then again: the same results each time.
func fuzzEvaluation(_ payload: FeaturesPayload, attributes: [String: JSONValue]) {
    let now = FlagSchedule.instant("2026-03-01T09:00:00Z")!
    let evaluator = FlagEvaluator(payload: payload, now: { now })
    let all = evaluator.evaluateAll(attributes: attributes)
    guard all == evaluator.evaluateAll(attributes: attributes) else { fatalError("two evaluations of every flag disagree") }
    for key in payload.features.keys.sorted().prefix(64) {
        let alone = evaluator.evaluate(key, attributes: attributes)
        guard alone == all[key] else { fatalError("\(key) alone (\(alone)) is not \(key) among all (\(String(describing: all[key])))") }
        _ = JSONWriter.write(alone.json)
        // Rules that follow a Screenplay experiment: given the variant the attributes name (or none).
        let variant = attributes["variant"]?.stringValue
        let followed = evaluator.evaluate(key, attributes: attributes) { _ in variant }
        guard followed == evaluator.evaluate(key, attributes: attributes, variants: { _ in variant }) else {
            fatalError("\(key) with variants answered twice differently")
        }
        if followed.source == .screenplayExperiment, followed.screenplayExperiment?.variant != variant {
            fatalError("\(key) followed a variant it was not given")
        }
        var buckets = FlagStickyBuckets()
        let sticky = evaluator.evaluate(key, attributes: attributes, stickyBuckets: &buckets)
        var again = buckets
        _ = evaluator.evaluate(key, attributes: attributes, stickyBuckets: &again)
        guard sticky.source != .unknownFeature || alone.source == .unknownFeature else { fatalError("sticky buckets lost \(key)") }
    }
    _ = payload.stickyBucketAttributes
}

/// A pattern and a text: the case-insensitive pattern matches whatever the pattern matches.
func fuzzPatterns(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let pattern = String(parts[0])
    let subject = parts.count > 1 ? String(parts[1]) : pattern
    // A negated class loses the other case of its letters (`[^a]` no longer matches `A`), so only
    // patterns without one are held to matching at least as much.
    guard !pattern.contains("[^") else {
        _ = try? FlagPattern.compile(pattern, ignoringCase: true, limits: FlagLimits.default.pattern)
        return
    }
    let limits = FlagLimits.default.pattern
    guard let plain = try? FlagPattern.compile(pattern, ignoringCase: false, limits: limits) else { return }
    guard let folded = try? FlagPattern.compile(pattern, ignoringCase: true, limits: limits) else { return }
    if plain.search(in: subject) && !folded.search(in: subject) {
        fatalError("\(pattern) matches \(subject) but its case-insensitive form \(FlagPattern.caseClosed(pattern)) does not")
    }
}

/// JavaScript's number text reads back as the number it was written from.
func fuzzNumberText(_ bytes: [UInt8]) {
    guard bytes.count >= 8 else { return }
    var bits: UInt64 = 0
    for byte in bytes.prefix(8) { bits = bits << 8 | UInt64(byte) }
    let number = Double(bitPattern: bits)
    guard number.isFinite else { return }
    let text = JavaScript.numberString(number)
    let back = JavaScript.stringToNumber(text)
    guard back == number || (number == 0 && back == 0) else { fatalError("\(number) was written \(text), read back as \(back)") }
    _ = JavaScript.stringToNumber(String(decoding: bytes, as: UTF8.self))
}
