import Screenplay
import ScreenplayProtocol
import ScreenplayServer

/// A part of the audience switched off, as experiment and flag documents carry it:
///
/// ```json
/// {"platform": "ios", "minAppVersion": "4.2", "maxAppVersion": "4.2.3", "reason": "crash in 4.2"}
/// ```
extension KillSwitch {
    typealias Key = Experiment.KillSwitchKey

    /// The most characters of a reason.
    static let maxReason = 500

    /// The switch as a document (members left out when nil).
    public var document: JSONValue {
        var members: [String: JSONValue] = [:]
        members[Key.platform] = platform.map(JSONValue.string)
        members[Key.minAppVersion] = minAppVersion.map { .string($0.description) }
        members[Key.maxAppVersion] = maxAppVersion.map { .string($0.description) }
        members[Key.reason] = reason.map(JSONValue.string)
        return .object(members)
    }

    /// Reads a switch at `path`, each problem at its member's path; nil when it cannot be read.
    static func read(_ json: JSONValue, at path: JSONPath, problems: inout [Diagnostic]) -> KillSwitch? {
        guard case .object(let members) = json else {
            problems.append(.error(at: path, "a part switched off is {\"platform\": …, \"minAppVersion\": …, \"maxAppVersion\": …}"))
            return nil
        }
        var valid = true
        func problem(_ key: Key?, _ message: String) {
            problems.append(.error(at: key.map { path.appending(.key($0.rawValue)) } ?? path, message))
            valid = false
        }
        let known = Set(Key.allCases.map(\.rawValue))
        for name in members.keys.sorted() where !known.contains(name) {
            problems.append(
                .error(
                    at: path.appending(.key(ScreenplayError.quoting(name))),
                    "a part switched off has no member \"\(ScreenplayError.quoting(name))\""))
            valid = false
        }
        func text(_ key: Key, limit: Int) -> String? {
            switch members[key] {
            case nil, .null?: return nil
            case .string(let value)? where !value.isEmpty && value.count <= limit:
                // One line, as every name (a platform, a version); a reason may span lines.
                if key != .reason, let wrong = StoredText.name(maxLength: limit).problem(in: value) {
                    problem(key, wrong)
                    return nil
                }
                return value
            default:
                problem(key, "a string of 1 to \(limit) characters")
                return nil
            }
        }
        func version(_ key: Key) -> AppVersion? {
            guard let value = text(key, limit: 32) else { return nil }
            guard let version = AppVersion(value) else {
                problem(key, "\"\(ScreenplayError.quoting(value))\" is not a version such as 4.2.1")
                return nil
            }
            return version
        }
        let kill = KillSwitch(
            platform: text(.platform, limit: 32), minAppVersion: version(.minAppVersion), maxAppVersion: version(.maxAppVersion),
            reason: text(.reason, limit: maxReason))
        return valid ? kill : nil
    }
}
