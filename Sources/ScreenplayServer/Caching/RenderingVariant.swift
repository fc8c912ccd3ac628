import HTTPTypes
import ScreenplayProtocol

/// What makes two renderings of a screen alike, said once: the features of a request a screen can
/// depend on, each with the headers it is read from.
///
/// - The render cache keys an entry by the features the pipeline applies to every screen
///   (``pipelineFeatures``), refined by what the route's key function names.
/// - Stream subscribers whose requests are alike in every feature share one ``StreamGroup``: a
///   handler may read any of them.
/// - A screen's `Vary` names the headers of every feature (``varyingHeaders``).
///
/// ```swift
/// let variant = RenderingVariant(context)                     // every feature: a stream group's
/// let cached = RenderingVariant(context, features: RenderingVariant.pipelineFeatures, refinedBy: "homeOrder=b")
/// variant == RenderingVariant(otherContext)                   // the two see the same screen
/// ```
struct RenderingVariant: Hashable, Sendable {
    /// A feature of a request that can change its screen.
    enum Feature: CaseIterable, Sendable {
        /// A web page or a document (`Accept`).
        case format
        /// The screen's path, its parameters included.
        case path
        /// The URL's query.
        case query
        /// The negotiated language (`Accept-Language`).
        case language
        /// What the client can show (`Screenplay-Version`, `-Components`, `-Actions`, `-Platform`;
        /// a browser that sends none gets what the web renderer draws).
        case capabilities
        /// The app's version, which experiments may target (`Screenplay-App-Version`).
        case appVersion
        /// The user, taken as said or verified (`Screenplay-User`, `Screenplay-User-Token`).
        case user
        /// The audience's attributes, which experiments may target (`Screenplay-Attributes`).
        case attributes
        /// QA overrides of experiment variants (`Screenplay-Experiments`).
        case experimentOverrides

        /// The request headers the feature is read from.
        var headers: [HTTPField.Name] {
            switch self {
            case .format: [.accept]
            case .path, .query: []
            case .language: [.acceptLanguage]
            case .capabilities: [.screenplayVersion, .screenplayComponents, .screenplayActions, .screenplayPlatform]
            case .appVersion: [.screenplayAppVersion]
            case .user: [.screenplayUser, .screenplayUserToken]
            case .attributes: [.screenplayAttributes]
            case .experimentOverrides: [.screenplayExperiments]
            }
        }

        /// The feature's value in `context`.
        func value(in context: ScreenContext) -> String {
            switch self {
            case .format: context.format.rawValue
            case .path: context.path
            case .query: context.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
            case .language: context.language
            case .capabilities: context.capabilitiesKey
            case .appVersion: context.headers[.screenplayAppVersion] ?? ""
            case .user: context.user ?? ""
            case .attributes: context.headers[.screenplayAttributes] ?? ""
            case .experimentOverrides: context.headers[.screenplayExperiments] ?? ""
            }
        }
    }

    /// The features the pipeline itself applies to every screen, whichever handler made it: the
    /// render cache always keys by them; a route that reads more names it in its key function.
    static let pipelineFeatures: [Feature] = [.format, .path, .language, .capabilities]

    /// Every request header that can change the bytes of a screen, as its `Vary` names them: the
    /// features', and `Accept-Encoding` (the bytes' coding, not the rendering) beside `Accept`.
    static let varyingHeaders: [HTTPField.Name] = Feature.allCases.flatMap { feature in
        feature == .format ? feature.headers + [.acceptEncoding] : feature.headers
    }

    /// The variant as one string, for the caches keyed by text.
    let key: String

    /// The variant of `context` in `features`, refined by what else the screen depends on.
    init(_ context: ScreenContext, features: [Feature] = Feature.allCases, refinedBy refinement: String? = nil) {
        var values = features.map { $0.value(in: context) }
        if let refinement { values.append(refinement) }
        key = values.joined(separator: "\u{0}")
    }
}
