import Crypto
import Foundation
import Screenplay

/// The expression language's evaluator for the web page: the same language, semantics and error
/// messages as the Swift `ExpressionEvaluator` (DivKit's), in plain JavaScript — a tokenizer, a
/// parser to a tree, an evaluator and the built-in functions, with no dependencies and no `eval`
/// or `Function` (the page's Content-Security-Policy forbids both, and an expression never runs
/// code). The two evaluators are held together by the shared cases in
/// `Tests/Conformance/expressions`, which `scripts/test-js` runs in Node against
/// `Scripts/expressions.js`, the file this type serves.
///
/// Not part of every page: it is served, under a name carrying its hash like ``WebRuntime``, only
/// to screens that use expressions. In the page:
///
/// ```js
/// ScreenplayExpressions.evaluate("@{count + 1}", [{ name: "count", type: "integer", value: 41 }])
/// // { type: "integer", value: 42n }
/// ScreenplayExpressions.evaluate("@{2 / 0}")
/// // { type: "error", value: "Failed to evaluate [2 / 0]. Division by zero is not supported.", kind: "evaluation", range: [2, 7] }
/// const tree = ScreenplayExpressions.parse("@{a > 1 ? 'many' : 'one'}")   // throws on a syntax error
/// ScreenplayExpressions.evaluate(tree, variables, { limits: { maxSteps: 1000 }, now: () => Date.now(), locale: "fr-FR" })
/// ```
///
/// Results: integers are `BigInt` (64-bit; overflow is an error), numbers `Number`, colors
/// `#AARRGGBB`, datetimes `yyyy-MM-dd HH:mm:ss` (UTC), arrays and dicts JSON; `warnings` when
/// there are some (`String for padding is empty.`). Bounds: 10,000 steps, depth 64, strings of
/// 10,000 characters. `testRegex` runs a Thompson automaton (linear time, never backtracking)
/// over the syntax `TextPattern` accepts.
package enum ExpressionScript {
    /// `/screenplay/expressions-<first 12 hex digits of the source's SHA-256>.js`.
    package static let path: String = {
        let digest = SHA256.hash(data: Data(source.utf8))
        let hex = digest.prefix(6).map { String(format: "%02x", $0) }.joined()
        return "/screenplay/expressions-\(hex).js"
    }()

    /// The Swift tables the script reads, by placeholder (``ScriptText``): the locales' names and
    /// separators (`FormattingLocale.table`, one table for both evaluators) and the currencies' digits.
    package static let data = [
        "LOCALES": FormattingLocale.javaScriptTable, "CURRENCY_DIGITS": FormattingLocale.javaScriptCurrencyDigits,
    ]

    /// The script (Scripts/expressions.js): defines `window.ScreenplayExpressions = { evaluate, parse, text, limits, patterns }`.
    package static let source = ScriptText.served(EmbeddedScripts.expressions, filling: data)
}
