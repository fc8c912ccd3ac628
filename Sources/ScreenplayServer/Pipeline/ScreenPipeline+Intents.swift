import HTTPTypes
import Hummingbird
import ScreenplayDSL
import ScreenplayHTML
import ScreenplayProtocol

/// Intents: `POST /screens/<path>/intents` checked (same origin, size, signed state, spent once),
/// run, and answered to an app or a page.
extension ScreenPipeline {
    /// Signed state for the user and screen of `context`.
    func token(for state: [String: JSONValue], in context: ScreenContext) -> String {
        signer.token(for: state, user: context.user, screen: context.path)
    }

    /// Intents change things, so a page of another site must not send them in a user's name: an
    /// intent is JSON (a form cannot send that without the browser asking first), and a browser's

    func intent(_ resolved: RouteTable.Resolved, request: Request) async throws -> Response {
        let wantsPage = request.headers[values: .accept].contains { $0.contains(WebRuntime.fragmentMediaType) }
        let context = try await context(
            for: request, components: resolved.components, parameters: resolved.parameters, format: wantsPage ? .html : .json)
        try SameOriginCheck.check(request)
        let body = try await request.collectedBody(upTo: maxIntentBytes, code: "intentTooLarge", naming: "an intent")
        let fields = try IntentRequest.decode(from: body, options: DecodingOptions(limits: limits)).get()
        guard let route = resolved.route.intents[fields.name] else {
            throw ScreenplayError(
                .notFound, code: "noSuchIntent",
                message: "screen \(resolved.route.pattern) has no intent \"\(ScreenplayError.quoting(fields.name))\"", path: "name")
        }
        do {
            return try await answer(fields, route: route, resolved: resolved, context: context, wantsPage: wantsPage)
        } catch {
            recordFailure(of: fields.name, error, in: context)
            throw error
        }
    }

    /// A failed intent, as an event of its user (``Conversion/intentFailed``): what a guarded
    /// rollout or an experiment can watch without the app reporting anything. A step already done
    /// (a spent state token) did not fail.
    private func recordFailure(of intent: String, _ error: any Error, in context: ScreenContext) {
        guard let user = context.user else { return }
        let problem = error as? ScreenplayError
        if problem?.code == SpentTokens.alreadyUsed.code { return }
        let status = problem?.status ?? .internalServerError
        events.record(
            Conversion(
                name: Conversion.intentFailed, user: user, screen: context.path,
                properties: [
                    "intent": .string(intent), "status": .number(Double(status.code)), "code": .string(problem?.code ?? "handlerError"),
                ]))
    }

    private func answer(
        _ fields: IntentRequest, route: IntentRoute, resolved: RouteTable.Resolved, context: ScreenContext, wantsPage: Bool
    ) async throws -> Response {
        let verified = try fields.stateToken.map { token throws(ScreenplayError) in
            try signer.verify(token, user: context.user, screen: context.path)
        }
        if route.validatesFields {
            // The screen the intent came from, built as it was shown (the step its signed state
            // names), and its rules on the values sent.
            let screenHandler = resolved.route.handler
            var shown = context
            shown.signedState = verified?.state ?? [:]
            let screen = try await building(shown) { try await screenHandler(shown) }.screen
            let problems = screen.fieldProblems(in: fields.state, evaluator: ExpressionEvaluator(localeIdentifier: context.language))
            if !problems.isEmpty {
                throw ScreenplayError.invalid(
                    code: "invalidFields", "the intent's fields",
                    problems.keys.sorted().map { key in
                        .error(at: JSONPath([.key("state"), .key(key)]), problems[key]?.message ?? "", code: "invalidField")
                    })
            }
        }
        if route.once {
            guard let verified else {
                throw ScreenplayError(
                    .badRequest, code: "missingState", message: "\"\(fields.name)\" needs the screen's state token; reload the screen",
                    path: "stateToken")
            }
            let ledger = configuration.spentTokenLedger
            try spentTokens.spend(verified, user: context.user, ledgerBehind: ledger != nil)
            if let ledger {
                let first: Bool
                do {
                    first = try await ledger.spend(id: verified.id, expires: verified.expires)
                } catch {
                    spentTokens.forget(verified)
                    throw ScreenplayError(
                        .serviceUnavailable, code: "cannotCheckState",
                        message: "whether this step was already done cannot be checked now; try again shortly",
                        headerFields: [.retryAfter: "5"])
                }
                guard first else { throw SpentTokens.alreadyUsed }
            }
        }
        let signedState = verified?.state ?? [:]
        let handler = route.handler
        let intent = Intent(name: fields.name, payload: fields.payload, state: fields.state, signedState: signedState, context: context)
        let result = try await building(context) { try await handler(intent) }
        sent(context)
        if let goal = route.goal, let user = context.user {
            events.record(Conversion(name: goal, user: user, screen: context.path))
        }
        let screen = result.screen.map { adapt($0, for: context) }
        let effects = adapt(result.effects, for: context)
        let stateToken = result.signedState.map { token(for: $0, in: context) }
        if wantsPage {
            return IntentResponse.page(
                screen: screen, effects: effects, stateToken: stateToken, context: context, renderer: webRenderer,
                intents: "/screens/\(context.path)/intents")
        }
        let base = fields.version.flatMap { version in live.versions[version].map { (version, $0) } }
        return IntentResponse.json(
            screen: screen, effects: effects, stateToken: stateToken, context: context, base: base, versions: live.versions,
            encoder: encoder)
    }
}
