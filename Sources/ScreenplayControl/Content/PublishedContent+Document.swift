import Screenplay
import ScreenplayDSL
import ScreenplayProtocol
import ScreenplayServer

/// A slot's content as it is published: `{"content": NODE, "translations": {"fr": NODE}}`. It is
/// read with the screen decoder and its whole-screen checks, strictly: any diagnostic, warnings
/// included, refuses the publish (422), each with its path in the document.
///
/// ```swift
/// let result = try PublishedContent.decode(from: Array(#"{"content": {"type": "text", "text": "Hi"}}"#.utf8))
/// result.value?.content   // the text node
/// ```
extension PublishedContent {
    /// A slot document's members.
    enum Key: String, JSONKey, CaseIterable {
        case content, translations
    }

    /// The largest document accepted, in bytes.
    static let maxDocumentBytes = 256 * 1024
    /// The most translations of one slot.
    static let maxTranslations = 64

    /// Reads a slot's document (its version is 0: the caller knows which it is). Throws only when
    /// the bytes are not a slot's document at all (over the size limit: a 413; not a JSON object:
    /// a 422); any other problem is a diagnostic with its path, and then there is no value.
    public static func decode(from bytes: [UInt8], options: DecodingOptions = .default) throws(ScreenplayError) -> DecodeResult<
        PublishedContent
    > {
        let limits = options.limits
        guard bytes.count <= Self.maxDocumentBytes else {
            throw ScreenplayError(
                .contentTooLarge, code: "contentTooLarge", message: "a slot's document is at most \(Self.maxDocumentBytes) bytes")
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes, limits: limits)
        } catch {
            throw Self.invalid([.error(at: .root, "the document is not JSON: \(error)")])
        }
        guard case .object(let members) = json else {
            throw Self.invalid([.error(at: .root, "a slot's document is {\"content\": …}, not \(json.kindDescription)")])
        }
        var problems: [Diagnostic] = []
        for key in members.keys.sorted() where Key(rawValue: key) == nil {
            problems.append(
                .error(at: JSONPath([.key(ScreenplayError.quoting(key))]), "a slot's document has only content and translations"))
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
        guard let contentJSON = members[Key.content] else {
            problems.append(.error(at: JSONPath([.key(Key.content.name)]), "a slot's document needs its \"content\": a node"))
            return DecodeResult(value: nil, diagnostics: problems)
        }
        let content = node(contentJSON, at: [.key(Key.content.name)])
        var translations: [String: Node] = [:]
        let translationsPath = JSONPath([.key(Key.translations.name)])
        switch members[Key.translations] {
        case nil, .null?: break
        case .object(let byLanguage)? where byLanguage.count <= Self.maxTranslations:
            for language in byLanguage.keys.sorted() {
                guard (2...35).contains(language.count) else {
                    problems.append(.error(at: translationsPath, "\"\(ScreenplayError.quoting(language))\" is not a language code"))
                    continue
                }
                if let translated = node(byLanguage[language]!, at: translationsPath.components + [.key(language)]) {
                    translations[language] = translated
                }
            }
        default:
            problems.append(.error(at: translationsPath, "translations are an object of at most \(Self.maxTranslations) languages"))
        }
        guard problems.isEmpty, let content else { return DecodeResult(value: nil, diagnostics: problems) }
        return DecodeResult(value: PublishedContent(version: 0, content: content, translations: translations), diagnostics: [])
    }

    /// The content of `bytes`, or a 422 with every problem (warnings included).
    static func checked(_ bytes: [UInt8]) throws(ScreenplayError) -> PublishedContent {
        let result = try decode(from: bytes)
        guard let content = result.value, result.diagnostics.isEmpty else { throw invalid(result.diagnostics) }
        return content
    }

    static func invalid(_ problems: [Diagnostic]) -> ScreenplayError {
        ScreenplayError.invalid(code: "invalidContent", "the content", problems)
    }
}

/// A slot's document is read in the one shape of every reader, and refused as a publish is (a 422
/// `invalidContent` listing every problem).
extension PublishedContent: WireDecodable, ProtocolMessage {
    public static func refusal(for problems: [Diagnostic]) -> ScreenplayError { invalid(problems) }
}
