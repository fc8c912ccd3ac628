import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// The report as the admin API gives it and `screenplay experiments report` reads it; a figure
/// that cannot be estimated (or is not finite) is `null`.
///
/// ```json
/// {"experiment": "checkoutOrder", "goal": "checkout_done", "bucketVersion": 1,
///  "sampleRatio": {"pValue": 0.41, "mismatch": false, "threshold": 0.001},
///  "variants": [{"name": "signUpFirst", "weight": 50, "users": 1000, "conversions": 100, "rate": 0.1,
///                "lift": null, "liftInterval": null, "pValue": null, "chanceToBeatControl": null}, …]}
/// ```
extension ExperimentReport: AdminMessage {
    public enum Key: String, JSONKey, CaseIterable {
        case experiment, goal, bucketVersion, sampleRatio, variants
    }

    /// The members of `sampleRatio`.
    public enum SampleRatioKey: String, JSONKey, CaseIterable {
        case pValue, mismatch, threshold
    }

    /// A variant's members.
    public enum VariantKey: String, JSONKey, CaseIterable {
        case name, weight, users, conversions, rate, lift, liftInterval, pValue, chanceToBeatControl
    }

    public var document: JSONValue {
        var ratio: [String: JSONValue] = [:]
        ratio[SampleRatioKey.pValue] = Self.number(sampleRatioPValue)
        ratio[SampleRatioKey.mismatch] = .bool(sampleRatioMismatch)
        ratio[SampleRatioKey.threshold] = .number(Self.sampleRatioThreshold)
        var members: [String: JSONValue] = [:]
        members[Key.experiment] = .string(experiment)
        members[Key.goal] = .string(goal)
        members[Key.bucketVersion] = .number(Double(bucketVersion))
        members[Key.sampleRatio] = .object(ratio)
        members[Key.variants] = .array(variants.map(Self.document))
        return .object(members)
    }

    private static func document(_ variant: Variant) -> JSONValue {
        var members: [String: JSONValue] = [:]
        members[VariantKey.name] = .string(variant.name)
        members[VariantKey.weight] = .number(variant.weight)
        members[VariantKey.users] = .number(Double(variant.users))
        members[VariantKey.conversions] = .number(Double(variant.conversions))
        members[VariantKey.rate] = number(variant.rate)
        members[VariantKey.lift] = number(variant.lift)
        members[VariantKey.liftInterval] = variant.liftInterval.map { .array([number($0.lowerBound), number($0.upperBound)]) } ?? .null
        members[VariantKey.pValue] = number(variant.pValue)
        members[VariantKey.chanceToBeatControl] = number(variant.chanceToBeatControl)
        return .object(members)
    }

    private static func number(_ value: Double?) -> JSONValue { value.map { $0.isFinite ? .number($0) : .null } ?? .null }

    public static func decode(from json: JSONValue) throws(ScreenplayError) -> DecodeResult<ExperimentReport> {
        var reader = try MessageReader<Key>(json, notAnObject: AdminMessages.notAnObject("a report"))
        let experiment = reader.string(.experiment) ?? ""
        let goal = reader.string(.goal) ?? ""
        let bucketVersion = reader.integer(.bucketVersion, optional: true) ?? 1
        var pValue = Double.nan
        if let ratio = reader.value(.sampleRatio) {
            var ratioReader = try MessageReader<SampleRatioKey>(
                ratio, at: JSONPath([.key(Key.sampleRatio.name)]), notAnObject: AdminMessages.notAnObject("a sample ratio"))
            pValue = ratioReader.number(.pValue, optional: true) ?? .nan
            let problems = ratioReader.problems
            if !problems.isEmpty { return DecodeResult(value: nil, diagnostics: reader.problems + problems) }
        }
        let variants = reader.array(.variants) { element throws(ScreenplayError) in try Self.variant(element) }
        return reader.result(
            ExperimentReport(
                experiment: experiment, goal: goal, bucketVersion: bucketVersion, variants: variants, sampleRatioPValue: pValue))
    }

    private static func variant(_ json: JSONValue) throws(ScreenplayError) -> DecodeResult<Variant> {
        var reader = try MessageReader<VariantKey>(json, notAnObject: AdminMessages.notAnObject("a report's variant"))
        var interval: ClosedRange<Double>?
        if case .array(let bounds)? = reader.value(.liftInterval, optional: true), bounds.count == 2,
            let lower = bounds[0].doubleValue, let upper = bounds[1].doubleValue, lower <= upper
        {
            interval = lower...upper
        }
        let variant = Variant(
            name: reader.string(.name) ?? "", weight: reader.number(.weight) ?? 0, users: reader.integer(.users) ?? 0,
            conversions: reader.integer(.conversions) ?? 0, lift: reader.number(.lift, optional: true), liftInterval: interval,
            pValue: reader.number(.pValue, optional: true), chanceToBeatControl: reader.number(.chanceToBeatControl, optional: true))
        return reader.result(variant)
    }
}
