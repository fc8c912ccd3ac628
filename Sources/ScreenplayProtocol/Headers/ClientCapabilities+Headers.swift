import HTTPTypes
import Screenplay

/// The capability headers, written by the client and read by the server with this one piece of
/// code: `Screenplay-Version`, `Screenplay-Components`, `Screenplay-Actions`, `Screenplay-Platform`.
///
/// ```swift
/// request.headerFields.append(contentsOf: capabilities.headerFields)     // the client
/// let capabilities = try ClientCapabilities(headerFields: request.headers) // the server
/// ```
extension ClientCapabilities {
    /// The longest platform name kept.
    public static let maxPlatformLength = 40
    /// The most bytes of a `Screenplay-Components` or `Screenplay-Actions` list: this library's
    /// types and a few hundred app-defined ones fit many times over; more is refused with a 400.
    public static let maxTypeListBytes = 4 * 1024
    /// The most names in one type list.
    public static let maxTypeNames = 256

    /// The headers that declare these capabilities (type lists sorted, so equal capabilities give
    /// equal headers and share server caches).
    public var headerFields: HTTPFields {
        var fields = HTTPFields()
        fields[.screenplayVersion] = version.description
        fields[.screenplayComponents] = components.sorted().joined(separator: ",")
        fields[.screenplayActions] = actions.sorted().joined(separator: ",")
        if let platform { fields[.screenplayPlatform] = platform }
        return fields
    }

    /// What a request's headers declare. Without capability headers: `ClientCapabilities.base`. A version that is
    /// not `MAJOR.MINOR`, or of another major version than this library writes, is a 400.
    public init(headerFields headers: HTTPFields) throws(ScreenplayError) {
        var capabilities = ClientCapabilities.base
        if let version = headers[.screenplayVersion] {
            let name = HTTPField.Name.screenplayVersion.rawName
            guard let parsed = FormatVersion(version.trimmingWhitespace()) else {
                throw ScreenplayError(
                    .badRequest, code: "badVersion", message: "\(name) \"\(ScreenplayError.quoting(version))\" is not MAJOR.MINOR",
                    path: name)
            }
            guard parsed.major == FormatVersion.current.major else {
                throw ScreenplayError(
                    .badRequest, code: "unsupportedVersion",
                    message: "this server writes format \(FormatVersion.current.major).x, the client reads \(parsed)", path: name)
            }
            capabilities.version = parsed
        }
        if let components = try Self.typeList(.screenplayComponents, in: headers) {
            capabilities.components = components
            // A list that names none of the format's components cannot draw a screen: say so,
            // rather than answer an empty one.
            guard !components.isDisjoint(with: ClientCapabilities.full.components) else {
                let name = HTTPField.Name.screenplayComponents.rawName
                throw ScreenplayError(
                    .badRequest, code: "noKnownComponents",
                    message: "\(name) names none of the format's components (vstack, text, …); it lists what the client draws",
                    path: name)
            }
        }
        if let actions = try Self.typeList(.screenplayActions, in: headers) { capabilities.actions = actions }
        capabilities.platform = headers[.screenplayPlatform].map { String($0.prefix(Self.maxPlatformLength)) }
        self = capabilities
    }

    /// A bounded type list from its header, nil when the header is absent.
    private static func typeList(_ name: HTTPField.Name, in headers: HTTPFields) throws(ScreenplayError) -> Set<String>? {
        let values = headers[values: name]
        guard !values.isEmpty else { return nil }
        let tooLong = ScreenplayError(
            .badRequest, code: "capabilitiesTooLong",
            message: "\(name.rawName) is at most \(maxTypeListBytes) bytes and \(maxTypeNames) names", path: name.rawName)
        let text = values.joined(separator: ",")
        guard text.utf8.count <= maxTypeListBytes else { throw tooLong }
        let names = typeNames(fromHeader: text)
        guard names.count <= maxTypeNames else { throw tooLong }
        return names
    }

    /// The raw capability headers of a request as one string, which names its capabilities in
    /// cache keys without parsing them.
    public static func headerKey(_ headers: HTTPFields) -> String {
        [
            headers[.screenplayVersion] ?? "", headers[values: .screenplayComponents].joined(separator: ","),
            headers[values: .screenplayActions].joined(separator: ","), headers[.screenplayPlatform] ?? "",
        ].joined(separator: "\u{0}")
    }

    /// Parses a comma-separated header value (`"vstack, text,BANNER"`) into type names; empty
    /// items are ignored.
    public static func typeNames(fromHeader value: String) -> Set<String> {
        var names = Set<String>()
        for item in value.utf8.split(separator: UInt8(ascii: ",")) {
            // Trim spaces and tabs by bytes: this runs on every request.
            var lower = item.startIndex
            var upper = item.endIndex
            while lower < upper, item[lower] == 0x20 || item[lower] == 0x09 { lower = item.index(after: lower) }
            while upper > lower, item[item.index(before: upper)] == 0x20 || item[item.index(before: upper)] == 0x09 {
                upper = item.index(before: upper)
            }
            if lower < upper, let name = String(item[lower..<upper]) { names.insert(name) }
        }
        return names
    }
}
