import Crypto
import Foundation

/// Triggers and timers for the web page: the same decisions as `TriggerEvaluator` and
/// `ScreenTimers` in Swift, in plain JavaScript with no `eval` or `Function`, on top of
/// ``ExpressionScript`` (loaded first), whose parser finds the variables a condition reads and
/// whose evaluator decides it. Pure: the page passes the variables and the time
/// (`performance.now()`); the shared cases in `Tests/Conformance/behaviour` hold it to the Swift
/// answers in Node (`scripts/test-js`, against `Scripts/behaviour.js`, the file this type serves).
///
/// ```js
/// const triggers = ScreenplayBehaviour.triggers(screen.triggers, { locale: "en" });
/// triggers.beginChange();
/// triggers.evaluate(before, after)   // { fired: [0], actions: [...], problems: [], limited: false }
/// const timers = ScreenplayBehaviour.timers(screen.timers);
/// timers.perform("start", "offer", 0, variables)   // { steps: [{ timer: "offer", event: "value", value: 0, … }], problems: [] }
/// timers.advance(1000); timers.nextDeadline()
/// timers.hold(1500); timers.release(9500)   // the page was hidden from 1500 to 9500: no time counted
/// ```
package enum BehaviourScript {
    /// `/screenplay/behaviour-<first 12 hex digits of the source's SHA-256>.js`.
    package static let path: String = {
        let digest = SHA256.hash(data: Data(source.utf8))
        let hex = digest.prefix(6).map { String(format: "%02x", $0) }.joined()
        return "/screenplay/behaviour-\(hex).js"
    }()

    /// The script (Scripts/behaviour.js): defines `window.ScreenplayBehaviour = { limits, triggers, timers, reads }`.
    package static let source = ScriptText.served(EmbeddedScripts.behaviour)
}
