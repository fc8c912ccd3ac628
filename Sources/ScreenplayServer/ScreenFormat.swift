import HTTPTypes

/// What a request for a screen wants back: the document (JSON) or a web page (HTML).
///
/// ```swift
/// ScreenFormat(accept: ["text/html,application/xhtml+xml,*/*;q=0.8"])   // .html (a browser)
/// ScreenFormat(accept: ["application/json"])                          // .json (an app)
/// ScreenFormat(accept: ["*/*"])                                       // .json (curl)
/// ```
enum ScreenFormat: String, Sendable {
    case json
    case html

    /// HTML only when the request prefers `text/html` to `application/json`; ties go to JSON.
    init(accept values: [String]) {
        var html = 0.0
        var json = 0.0
        var any = 0.0
        for value in values {
            for item in value.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingWhitespace().lowercased() }
                guard let type = parts.first else { continue }
                var quality = 1.0
                for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                    quality = Double(parameter.dropFirst(2)).flatMap { (0...1).contains($0) ? $0 : nil } ?? 0
                }
                switch type {
                case "text/html", "application/xhtml+xml": html = max(html, quality)
                case "application/json": json = max(json, quality)
                case "*/*", "text/*", "application/*": any = max(any, quality)
                default: break
                }
            }
        }
        self = html > max(json, values.isEmpty ? 0 : any) ? .html : .json
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
