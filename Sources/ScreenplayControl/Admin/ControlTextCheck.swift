import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Screenplay
import ScreenplayHTML
import ScreenplayProtocol
import ScreenplayServer

/// The one edge every text of the admin API and the studio passes before any handler reads it:
/// the path, every query parameter, every form field (and the JSON a field holds) and every string
/// of a JSON body, keys included. Text that could not be stored or looked up as it was sent — a NUL
/// or another control character (line breaks and tabs aside), a noncharacter such as U+FFFE, bytes
/// that are not UTF-8 — is refused with the place it was found: 400 for the path, a query
/// parameter or a form field, 422 with the problem at its JSON path for a body, as the admin API
/// answers a bad field. A route or a field added later is checked without naming it here; each
/// handler still checks its own rules (lengths, one-line names) on text this lets through.
///
/// ```swift
/// router.add(middleware: ControlTextCheck())   // before the /admin and /studio routes
/// ```
struct ControlTextCheck<Context: RequestContext>: RouterMiddleware {
    /// The largest body any admin or studio route reads (the census snapshot, the studio's three-document forms).
    static var maxBodyBytes: Int { max(CapabilityCensus.Snapshot.maxFileBytes, 3 * ControlPlane.maxAdminBytes + 4_096) }

    /// What text may be: free text (no control characters but line breaks and tabs); a one-line
    /// name is each handler's to require.
    static var rule: StoredText { .freeText(maxLength: .max) }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        let studio = path == "/studio" || path.hasPrefix("/studio/")
        guard studio || path == "/admin" || path.hasPrefix("/admin/") else { return try await next(request, context) }
        var request = request
        do {
            try Self.check(path: request.uri.path, query: request.uri.query)
            if request.method == .post || request.method == .put || request.method == .patch {
                try await Self.checkBody(of: &request)
            }
        } catch let error as ScreenplayError where studio {
            return StudioPage.problem(error, session: nil).response(headers: error.headerFields)
        }
        return try await next(request, context)
    }

    /// The path's segments and the query's names and values, decoded.
    static func check(path: String, query: String?) throws(ScreenplayError) {
        for segment in path.split(separator: "/") {
            guard let decoded = String(segment).removingPercentEncoding else {
                throw ScreenplayError(.badRequest, code: "badText", message: "the path is not UTF-8 once decoded", path: "path")
            }
            if let problem = rule.problem(in: decoded) ?? oneLine(decoded) {
                throw ScreenplayError(.badRequest, code: "badText", message: "the path \(problem)", path: "path")
            }
        }
        for (name, value) in try pairs(query ?? "", where: "query parameter") {
            if let problem = rule.problem(in: value) ?? oneLine(value) {
                throw ScreenplayError(.badRequest, code: "badText", message: "the query parameter \(quoted(name)) \(problem)", path: name)
            }
        }
    }

    /// A form's fields (and the JSON one holds) or a JSON body's strings; other bodies are the
    /// handler's to read. The body is collected once, and the handler reads it from there.
    static func checkBody(of request: inout Request) async throws {
        let limit = maxBodyBytes
        let bytes: ByteBuffer
        do {
            bytes = try await request.collectBody(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw ScreenplayError(.contentTooLarge, code: "bodyTooLarge", message: "the body is at most \(limit) bytes")
        } catch {
            throw ScreenplayError(.badRequest, code: "malformedBody", message: "the body could not be read as HTTP/1.1 framing")
        }
        let body = Array(bytes.readableBytesView)
        guard !body.isEmpty else { return }
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            guard let text = String(bytes: body, encoding: .utf8) else {
                throw ScreenplayError(.badRequest, code: "badText", message: "the form is not UTF-8")
            }
            for (name, value) in try pairs(text, where: "form field") {
                if let problem = rule.problem(in: value) {
                    throw ScreenplayError(.badRequest, code: "badText", message: "the field \(quoted(name)) \(problem)", path: name)
                }
                // A field that holds JSON (a document, a flag) is checked as a body would be.
                guard value.first == "{" || value.first == "[", let json = try parsed(Array(value.utf8), in: "the field \(quoted(name))")
                else { continue }
                if let (at, problem) = rule.problem(in: json, at: JSONPath([.key(name)])) {
                    throw ScreenplayError(
                        .badRequest, code: "badText", message: "the field \(quoted(name)) at \(at) \(problem)", path: "\(at)")
                }
            }
        } else if let json = try parsed(body, in: "the body"), let (at, problem) = rule.problem(in: json, at: .root) {
            throw ScreenplayError.invalid(code: "badText", "the body", [.error(at: at, problem)])
        }
    }

    /// The JSON `bytes` hold; nil when they are not JSON (the handler says what it expected), a 400
    /// when they escape a lone UTF-16 surrogate (`\ud800`): text that is not Unicode.
    static func parsed(_ bytes: [UInt8], in what: String) throws(ScreenplayError) -> JSONValue? {
        do {
            return try JSONParser.parse(bytes)
        } catch {
            // The parser's typed error: only a lone surrogate is this check's to answer.
            guard error.message.contains("surrogate") else { return nil }
            throw ScreenplayError(
                .badRequest, code: "badText",
                message:
                    "\(what) holds \(error.message) at line \(error.line), column \(error.column): text that is not Unicode is not stored")
        }
    }

    /// `a=1&b=2` decoded (`+` is a space), names and values; 400 for bytes that are not UTF-8 once
    /// decoded, or a name that is not text.
    static func pairs(_ text: String, where what: String) throws(ScreenplayError) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                throw ScreenplayError(.badRequest, code: "badText", message: "a \(what)'s name is not UTF-8 once decoded")
            }
            if let problem = rule.problem(in: name) ?? oneLine(name) {
                throw ScreenplayError(.badRequest, code: "badText", message: "a \(what)'s name \(problem)", path: name)
            }
            let raw = parts.count > 1 ? parts[1] : ""
            guard let value = raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                throw ScreenplayError(
                    .badRequest, code: "badText", message: "the \(what) \(quoted(name)) is not UTF-8 once decoded", path: name)
            }
            pairs.append((name, value))
        }
        return pairs
    }

    /// Names, paths and query values are one line.
    static func oneLine(_ text: String) -> String? {
        text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" || $0 == "\t" }
            ? "holds a line break or a tab, which a one-line value cannot: send it on one line" : nil
    }

    static func quoted(_ name: String) -> String { "\"\(ScreenplayError.quoting(name))\"" }
}
