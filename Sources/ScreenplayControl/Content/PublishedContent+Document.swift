import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// A slot's content as it is published: `{"content": NODE, "translations": {"fr": NODE}}`. It is
/// read with the screen decoder and its whole-screen checks, strictly: any diagnostic, warnings
/// included, refuses the publish (422), each with its path in the document.
extension PublishedContent {
    /// The largest document accepted, in bytes.
    static let maxDocumentBytes = 256 * 1024
    /// The most translations of one slot.
    static let maxTranslations = 64

    init(document bytes: [UInt8], version: Int, limits: DocumentLimits = .default) throws(ScreenplayError) {
        guard bytes.count <= Self.maxDocumentBytes else {
            throw ScreenplayError(
                .contentTooLarge, code: "contentTooLarge", message: "a slot's document is at most \(Self.maxDocumentBytes) bytes")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits)
        } catch {
            throw Self.invalid([.error(at: "$", "the document is not JSON: \(error)")])
        }
        guard case .object(let members) = json else {
            throw Self.invalid([.error(at: "$", "a slot's document is {\"content\": …}, not \(json.kindDescription)")])
        }
        var problems: [Diagnostic] = []
        for key in members.keys.sorted() where key != "content" && key != "translations" {
            problems.append(
                .error(at: JSONPath(parsing: ScreenplayError.quoting(key)), "a slot's document has only content and translations"))
        }
        func node(_ value: JSONValue, at path: [JSONPath.Component]) -> Node? {
            // Read as the body of a screen, so the screen's checks (unique ids …) apply too.
            let screen = JSONValue.object(["version": .string(FormatVersion.current.description), "id": "slot", "body": value])
            let result = Screen.decode(from: screen, options: DecodingOptions(limits: limits))
            for diagnostic in result.diagnostics {
                let inner = diagnostic.path.components.first == .key("body") ? Array(diagnostic.path.components.dropFirst()) : []
                problems.append(
                    Diagnostic(diagnostic.severity, diagnostic.code, at: JSONPath(path + inner), diagnostic.message))
            }
            return result.diagnostics.isEmpty ? result.value?.body : nil
        }
        guard let contentJSON = members["content"] else {
            throw Self.invalid(problems + [.error(at: "content", "a slot's document needs its \"content\": a node")])
        }
        let content = node(contentJSON, at: [.key("content")])
        var translations: [String: Node] = [:]
        switch members["translations"] {
        case nil, .null?: break
        case .object(let byLanguage)? where byLanguage.count <= Self.maxTranslations:
            for language in byLanguage.keys.sorted() {
                guard (2...35).contains(language.count) else {
                    problems.append(.error(at: "translations", "\"\(ScreenplayError.quoting(language))\" is not a language code"))
                    continue
                }
                if let translated = node(byLanguage[language]!, at: [.key("translations"), .key(language)]) {
                    translations[language] = translated
                }
            }
        default:
            problems.append(.error(at: "translations", "translations are an object of at most \(Self.maxTranslations) languages"))
        }
        guard problems.isEmpty, let content else { throw Self.invalid(problems) }
        self.init(version: version, content: content, translations: translations)
    }

    static func invalid(_ problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError.invalid(code: "invalidContent", "the content", problems)
    }
}
