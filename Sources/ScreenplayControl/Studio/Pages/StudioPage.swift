import Foundation
import HTTPTypes
import Hummingbird
import ScreenplayHTML
import ScreenplayProtocol

/// One page of the studio: a document with the studio's header (its sections and the signed-in
/// holder with a sign-out button), served with a Content-Security-Policy as strict as the
/// screens': no inline script or style, nothing from another origin (its one script and style
/// sheet are its own).
///
/// ```swift
/// StudioPage(title: "Experiments", session: session, section: .experiments, body: table).response()
/// ```
struct StudioPage {
    /// The studio's sections, in its navigation.
    enum Section: String, CaseIterable {
        case experiments, slots, flags, requests, audit, screens, playground, compat

        var title: String {
            switch self {
            case .experiments: "Experiments"
            case .slots: "Content slots"
            case .flags: "Flags"
            case .requests: "Requests"
            case .audit: "Audit log"
            case .screens: "Screens"
            case .playground: "Playground"
            case .compat: "Compatibility"
            }
        }

        var path: String { "/studio/\(rawValue)" }
    }

    var title: String
    var session: StudioSession?
    var section: Section?
    /// The page's own markup.
    var body: HTML
    var status: HTTPResponse.Status = .ok

    /// What the studio's pages allow: their style sheet, and forms to themselves.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; frame-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    var html: HTML {
        var html: HTML = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(title) · Screenplay Studio</title>
            <link rel="stylesheet" href="\(StudioStyleSheet.path)">
            <script src="\(StudioScript.path)" defer></script>
            </head>
            <body>
            <a class="skip" href="#main">Skip to content</a>
            <header class="bar">
            <a class="brand" href="/studio">Screenplay Studio</a>

            """
        if let session {
            html += "<nav aria-label=\"Studio\"><ul>"
            for item in Section.allCases {
                let current: HTML = item == section ? " aria-current=\"page\"" : ""
                html += "<li><a href=\"\(item.path)\"\(current)>\(item.title)</a></li>"
            }
            html += "</ul></nav>\n"
            html += "<form class=\"who\" method=\"post\" action=\"/studio/sign-out\">"
            html +=
                "<span>\(session.holder) <span class=\"role\">(\(session.role == .admin ? "admin" : "read only"))</span></span>"
            html += Self.csrfField(session)
            html += "<button type=\"submit\">Sign out</button></form>\n"
        }
        html += "</header>\n<main id=\"main\">\n<h1>\(title)</h1>\n\(body)\n</main>\n</body>\n</html>\n"
        return html
    }

    /// The page that says what went wrong: the error's message, a way back, the error's status.
    static func problem(_ error: ScreenplayError, session: StudioSession?) -> StudioPage {
        StudioPage(
            title: StudioRoutes.title(of: error.status), session: session, section: nil,
            body: "<p class=\"problem\" role=\"alert\">\(error.message)</p>\n<p><a href=\"/studio\">Back to the studio</a></p>",
            status: error.status)
    }

    /// The positive number an address names (`/studio/audit/12`): ASCII digits, at most 18; nil
    /// for anything else.
    static func number(in text: String) -> Int? {
        guard text.count <= 18, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text), number > 0 else { return nil }
        return number
    }

    /// The hidden field every form that changes something carries.
    static func csrfField(_ session: StudioSession) -> HTML {
        "<input type=\"hidden\" name=\"csrf\" value=\"\(session.csrf)\">"
    }

    func response(headers extra: HTTPFields = [:]) -> Response {
        var headers = Self.headers
        headers.append(contentsOf: extra)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html.text)))
    }

    static var headers: HTTPFields {
        [
            .contentType: "text/html; charset=utf-8", .contentSecurityPolicy: contentSecurityPolicy, .cacheControl: "no-store",
            .xContentTypeOptions: "nosniff", .referrerPolicy: "no-referrer",
        ]
    }

    /// A `303 See Other` to `location` (after a form, so that reloading does not post it again).
    static func redirect(to location: String, headers extra: HTTPFields = [:]) -> Response {
        var headers: HTTPFields = [.location: location, .cacheControl: "no-store"]
        headers.append(contentsOf: extra)
        return Response(status: .seeOther, headers: headers)
    }
}
