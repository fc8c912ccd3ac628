import Screenplay

/// What a web page's intent is answered (`Accept: application/vnd.screenplay.page+json`): the new
/// screen's content (``WebPageContent``) with its client state and intents URL, the effects the
/// runtime runs after it, and the signed state token for the next intent. Each member is there
/// when the handler gave it.
///
/// ```swift
/// let answer = WebIntentAnswer(screen: next, intents: "/screens/cities/intents", effects: [], stateToken: nil, renderer: renderer)
/// response.body = answer.encoded()
/// // {"content":"…","css":"…","intents":"/screens/cities/intents","screen":"cities","state":{},"title":"Cities"}
/// ```
package struct WebIntentAnswer: Sendable, Hashable {
    /// The new screen, when the handler gave one.
    package var content: WebPageContent?
    /// The new screen's client state.
    package var state: [String: JSONValue]?
    /// Where the new screen's intents go.
    package var intents: String?
    /// Actions for the runtime to run, in order, after the content is swapped in.
    package var effects: [Action]
    /// Server state, signed, for the next intent.
    package var stateToken: String?

    package init(
        content: WebPageContent? = nil, state: [String: JSONValue]? = nil, intents: String? = nil, effects: [Action] = [],
        stateToken: String? = nil
    ) {
        self.content = content
        self.state = state
        self.intents = intents
        self.effects = effects
        self.stateToken = stateToken
    }

    /// The answer for `screen` (nil: the page stays), rendered with `renderer`.
    /// - Parameter intents: where the screen's intents go unless it names its own `intents`.
    package init(screen: Screen?, intents: String, effects: [Action], stateToken: String?, renderer: HTMLRenderer) {
        self.init(
            content: screen.map { WebPageContent($0, renderer: renderer) }, state: screen?.initialValues,
            intents: screen.map { $0.intents ?? intents }, effects: effects, stateToken: stateToken)
    }

    private enum Key: String, JSONKey {
        case effects, intents, state, stateToken
    }

    package func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        content?.writeMembers(to: &writer)
        writer.member(Key.state, state.map(JSONValue.object))
        writer.member(Key.intents, intents)
        writer.member(Key.effects, effects.isEmpty ? nil : effects)
        writer.member(Key.stateToken, stateToken)
        writer.endObject()
        return writer.bytes
    }
}
