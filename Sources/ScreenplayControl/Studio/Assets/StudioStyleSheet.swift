import Crypto
import HTTPTypes
import Hummingbird

/// The studio's one style sheet: system fonts, light and dark, from a 390-point phone to a
/// 1,440-point desktop, a visible focus ring everywhere. Served from the studio's own origin (its
/// pages allow no other style).
enum StudioStyleSheet {
    static let path = "/studio/studio.css"

    static let css = """
        :root{color-scheme:light dark;--fg:#1b1b1f;--muted:#5b5b66;--bg:#ffffff;--panel:#f4f4f7;--line:#d6d6de;--accent:#0a58ca;\
        --good:#1a7f37;--bad:#b42318;--warn-bg:#fff4e5;--warn-fg:#7a4100;--bar:#0a58ca;--bar2:#7f56d9}
        @media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#a9a9b6;--bg:#15151a;--panel:#1f1f26;--line:#3a3a46;\
        --accent:#7cb4ff;--good:#5fd27d;--bad:#ff8a80;--warn-bg:#3a2a10;--warn-fg:#ffd08a;--bar:#7cb4ff;--bar2:#c3a6ff}}
        *{box-sizing:border-box}
        body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
        a{color:var(--accent)}
        :focus-visible,iframe.focused{outline:3px solid var(--accent);outline-offset:2px}
        .skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:var(--bg);padding:8px;z-index:1}
        .bar{display:flex;flex-wrap:wrap;gap:8px 24px;align-items:center;padding:12px 16px;border-bottom:1px solid var(--line);background:var(--panel)}
        .brand{font-weight:700;text-decoration:none;color:var(--fg)}
        nav ul{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;margin:0;padding:0}
        nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
        .who{margin-left:auto;display:flex;gap:12px;align-items:center}
        .role{color:var(--muted)}
        main{max-width:1200px;margin:0 auto;padding:16px}
        h1{font-size:1.6rem;margin:8px 0 16px}h2{font-size:1.25rem;margin:24px 0 8px}
        table{border-collapse:collapse;width:100%;margin:8px 0 16px}
        th,td{text-align:left;padding:8px;border-bottom:1px solid var(--line);vertical-align:top}
        td.number,th.number{text-align:right;font-variant-numeric:tabular-nums}
        .table{overflow-x:auto}
        button,.button{font:inherit;padding:8px 14px;border-radius:8px;border:1px solid var(--accent);background:var(--accent);\
        color:var(--bg);cursor:pointer;text-decoration:none;display:inline-block}
        button.secondary,.button.secondary{background:transparent;color:var(--accent)}
        button.danger{background:var(--bad);border-color:var(--bad)}
        .who button{background:transparent;color:var(--accent)}
        .actions{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 16px}
        .actions form{margin:0}
        label{display:block;font-weight:600;margin:12px 0 4px}
        input[type=password],input[type=text],input[type=number],input[type=email],input[type=url],input[type=search],\
        input[type=date],select{font:inherit;padding:8px;border:1px solid var(--line);border-radius:8px;\
        background:var(--bg);color:var(--fg);width:100%;max-width:420px}
        .notice{padding:12px;border-radius:8px;background:var(--warn-bg);color:var(--warn-fg);margin:8px 0 16px}
        .problem{color:var(--bad);font-weight:600}
        .status{display:inline-block;padding:0 8px;border-radius:999px;border:1px solid var(--line)}
        .figures{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,560px),1fr));gap:16px}
        figure{margin:0;padding:12px;border:1px solid var(--line);border-radius:12px;background:var(--panel)}
        figcaption{font-weight:600;margin-bottom:8px}
        svg{width:100%;height:auto;display:block}
        svg text{fill:var(--fg);font:12px system-ui,sans-serif}
        svg .axis{stroke:var(--line)}svg .zero{stroke:var(--muted)}
        svg .bar{fill:var(--bar)}svg .whisker{stroke:var(--fg);stroke-width:2}
        svg .gain{fill:var(--good)}svg .loss{fill:var(--bad)}
        svg .line{stroke-width:2.5}svg .line.bar{stroke:var(--bar);fill:none}svg .line.bar2{stroke:var(--bar2);fill:none}\
        svg .dashed{stroke-dasharray:6 4}svg .point{stroke-width:2.5}svg .point.bar{fill:var(--bar);stroke:var(--bar)}\
        svg .point.bar2{fill:var(--bar2);stroke:var(--bar2)}svg .point.hollow{fill:var(--panel)}svg text.note{fill:var(--muted)}
        textarea{font:14px/1.45 ui-monospace,Menlo,Consolas,monospace;width:100%;padding:8px;border:1px solid var(--line);\
        border-radius:8px;background:var(--bg);color:var(--fg)}
        fieldset{border:1px solid var(--line);border-radius:8px;margin:12px 0;padding:8px 12px}
        legend{font-weight:600}
        .row{display:grid;grid-template-columns:repeat(auto-fit,minmax(180px,1fr));gap:0 12px}
        .hint{color:var(--muted);margin:0 0 4px}
        label.inline{display:inline-flex;gap:6px;align-items:center;font-weight:400;margin-right:16px}
        input[type=checkbox]{width:24px;height:24px}
        .live:empty{display:none}.live{color:var(--bad);margin:8px 0}
        .previews{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        .preview iframe{border:1px solid var(--line);border-radius:16px;background:#fff;max-width:100%}
        .frame-phone{width:390px;height:640px}.frame-tablet{width:768px;height:640px}
        .sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
        .filters{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:0 16px}
        .hint{color:var(--muted);margin:4px 0 0;font-size:.9rem}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}.facts dt{font-weight:600}.facts dd{margin:0}
        table.diff td{padding:2px 8px;border-bottom:0}table.diff td.code{font-family:ui-monospace,monospace;white-space:pre-wrap;\
        overflow-wrap:anywhere}
        table.diff del,table.diff ins{text-decoration:none}.diff .mark{display:inline-block;width:1.5ch;font-weight:700}
        .diff tr.removed{background:color-mix(in srgb,var(--bad) 14%,transparent)}.diff tr.added{background:color-mix(in srgb,var(--good) 14%,transparent)}
        .diff tr.folded td{color:var(--muted);font-style:italic}
        pre{font-family:ui-monospace,monospace;white-space:pre-wrap;overflow-wrap:anywhere;background:var(--panel);padding:8px;border-radius:8px}
        @media (max-width:600px){.who{margin-left:0}main{padding:12px}}
        """

    static let etag = "\"" + SHA256.hash(data: Array(css.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined() + "\""

    static func response(ifNoneMatch: String?) -> Response {
        if ifNoneMatch == etag { return Response(status: .notModified, headers: [.eTag: etag]) }
        return Response(
            status: .ok,
            headers: [.contentType: "text/css; charset=utf-8", .cacheControl: "no-cache", .eTag: etag],
            body: ResponseBody(byteBuffer: ByteBuffer(string: css)))
    }
}
