import HTTPTypes
import ScreenplayProtocol

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
        let accept = WeightedList(values)
        var html = 0.0
        var json = 0.0
        var any = 0.0
        for item in accept.items {
            switch item.value {
            case "text/html", "application/xhtml+xml": html = max(html, item.quality)
            case "application/json": json = max(json, item.quality)
            case "*/*", "text/*", "application/*": any = max(any, item.quality)
            default: break
            }
        }
        self = html > max(json, accept.items.isEmpty ? 0 : any) ? .html : .json
    }
}
