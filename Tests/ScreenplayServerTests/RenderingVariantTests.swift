import HTTPTypes
import ScreenplayDSL
import ScreenplayProtocol
import Testing

@testable import ScreenplayServer

/// What makes two renderings alike is said once: the render cache, the stream groups and `Vary`
/// all read ``RenderingVariant``.
@Suite struct RenderingVariantTests {
    static func context(
        path: String = "cities", query: [String: String] = [:], language: String = "en", capabilitiesKey: String = "1.1",
        format: ScreenFormat = .json, user: String? = nil, headers: HTTPFields = [:]
    ) -> ScreenContext {
        let audience = Audience(user: user, language: language)
        return ScreenContext(
            path: path, parameters: [:], query: query, language: language, user: user, audience: audience, capabilities: .full,
            capabilitiesKey: capabilitiesKey, format: format,
            experiments: ExperimentAssignments(experiments: [:], audience: audience), flags: FlagReads(evaluator: nil, audience: audience),
            headers: headers)
    }

    @Test func varyNamesTheHeadersOfEveryFeatureAsTheProtocolDoes() {
        #expect(RenderingVariant.varyingHeaders == HTTPField.Name.screenVariesBy)
        #expect(ScreenResponse.vary.hasPrefix("Accept, Accept-Encoding, Accept-Language, Screenplay-Version"))
        for feature in RenderingVariant.Feature.allCases {
            #expect(Set(feature.headers).isSubset(of: RenderingVariant.varyingHeaders), "\(feature)")
        }
    }

    @Test func requestsAlikeInEveryFeatureAreOneVariant() {
        let base = RenderingVariant(Self.context())
        #expect(RenderingVariant(Self.context(headers: [.userAgent: "another browser"])) == base, "a header no feature reads")
        let different: [ScreenContext] = [
            Self.context(path: "cities/paris"), Self.context(query: ["day": "2"]), Self.context(language: "fr"),
            Self.context(capabilitiesKey: "web"), Self.context(format: .html), Self.context(user: "ada"),
            Self.context(headers: [.screenplayAppVersion: "2.1"]), Self.context(headers: [.screenplayAttributes: "group=beta"]),
            Self.context(headers: [.screenplayExperiments: "homeOrder=b"]),
        ]
        #expect(different.count == RenderingVariant.Feature.allCases.count, "one request per feature")
        for context in different { #expect(RenderingVariant(context) != base, "\(context.path) \(context.query)") }
    }

    @Test func theRenderCacheKeysByThePipelinesFeaturesAndTheRoutesKey() {
        let cached = RenderingVariant.pipelineFeatures
        let base = RenderingVariant(Self.context(), features: cached, refinedBy: "a")
        #expect(
            RenderingVariant(Self.context(user: "ada", headers: [.screenplayAttributes: "x=y"]), features: cached, refinedBy: "a") == base)
        #expect(RenderingVariant(Self.context(language: "fr"), features: cached, refinedBy: "a") != base)
        #expect(RenderingVariant(Self.context(), features: cached, refinedBy: "b") != base)
    }
}
