import Screenplay

/// The attributes the server sets from a request's audience for flags' conditions to read
/// (``FlagReads/attributes(of:)``), by the names the control plane writes in the conditions it
/// exports (targeting, parts switched off): one spelling for both.
///
/// ```swift
/// var condition: [String: JSONValue] = [:]
/// condition[AudienceAttribute.platform] = "ios"   // {"platform": "ios"}
/// ```
package enum AudienceAttribute: String, JSONKey, CaseIterable {
    /// The user (`Audience.user`).
    case id
    /// The platform, in lower case.
    case platform
    /// The app's version.
    case appVersion
    /// The language.
    case language
}
