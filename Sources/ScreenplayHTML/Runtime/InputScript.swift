import Crypto
import Foundation
import Screenplay

/// Text-field validation and input masks for the web page: the same decisions as `FieldRules` and
/// `InputMask` in Swift, in plain JavaScript, with no dependencies and no `eval` or `Function`.
/// It builds on ``ExpressionScript`` (loaded first): `expression` rules are evaluated by
/// `ScreenplayExpressions.evaluate`, and `pattern` rules and custom placeholders run its
/// linear-time pattern engine (`ScreenplayExpressions.patterns`). The two sides are held together
/// by the shared cases in `Tests/Conformance/inputs`, which `scripts/test-js` runs in Node against
/// `Scripts/inputs.js`, the file this type serves.
///
/// In the page:
///
/// ```js
/// const rules = [{ type: "required", message: "Enter your card number" }];
/// ScreenplayInputs.check(rules, "", [])          // { index: 0, message: "Enter your card number" }
/// ScreenplayInputs.check(rules, "4111", [])      // null
/// ScreenplayInputs.mask({ type: "card" }, "41111")          // { display: "4111 1", raw: "41111", complete: false }
/// ScreenplayInputs.display({ type: "currency", locale: "de" }, "1234.5")   // { display: "1.234,50", … }
/// ScreenplayInputs.edit({ type: "card" }, "4111 1111", "41x11 1111", 3, false)   // { display: "4111 1111", caret: 2, … }
/// ScreenplayInputs.readRules(json)   // { rules, diagnostics: [{ severity, path, message }] }
/// ```
package enum InputScript {
    /// `/screenplay/inputs-<first 12 hex digits of the source's SHA-256>.js`.
    package static let path: String = {
        let digest = SHA256.hash(data: Data(source.utf8))
        let hex = digest.prefix(6).map { String(format: "%02x", $0) }.joined()
        return "/screenplay/inputs-\(hex).js"
    }()

    /// The Swift tables the script reads, by placeholder (``ScriptText``): `CardBrand.all` and the
    /// longest card number, so the page checks with the same brands.
    package static let data = ["CARD_BRANDS": CardBrand.tableJSON, "CARD_MAX_DIGITS": String(CardBrand.maxDigits)]

    /// The script (Scripts/inputs.js): defines `window.ScreenplayInputs = { readRules, check, problems, readMask, mask, display, edit }`.
    package static let source = ScriptText.served(EmbeddedScripts.inputs, filling: data)
}
