import Foundation
import Observation
import Screenplay
import ScreenplayProtocol

/// One screen's life in the app: loading, loaded (fresh or stale) or failed with a retry, plus
/// the client state its inputs edit. Observable for SwiftUI; ``phases()`` for everything else.
///
/// The disk cache is read first: a fresh copy is shown without asking the server; an expired one
/// is shown at once and revalidated (a 304 costs no decode); when the server cannot be reached the
/// cached copy stays, marked stale.
///
/// ```swift
/// let store = runtime.current!
/// for await phase in store.phases() {
///     if case .loaded(let loaded) = phase { print(loaded.screen.title ?? "", loaded.stale) }
/// }
/// ```
@MainActor @Observable
public final class ScreenStore: Identifiable {
    /// This screen's identity for as long as it lives, never reused: a renderer's navigation path
    /// and view identity (the same path opened twice is two screens; a pop and a push in one update
    /// are a new screen, whose live follow starts again).
    public nonisolated let id = UUID()
    /// The app path it shows (`/requests/2`).
    public let path: String
    /// Where it is read from.
    public let url: URL
    public private(set) var phase: ScreenPhase = .loading {
        didSet { for continuation in continuations.values { continuation.yield(phase) } }
    }
    /// The client state: the screen's initial `state`, then what the user typed and toggled.
    public private(set) var values: [String: JSONValue] = [:]
    /// Problems found in what was last received (warnings with their JSON paths).
    public private(set) var diagnostics: [Diagnostic] = []
    /// The last intent that failed, until the next one succeeds.
    public private(set) var intentError: ClientError?

    /// Whether the screen's live stream is connected now.
    public private(set) var isLive = false
    /// Whether the screen is active: its host shows it, no other screen covers it and the app is
    /// in the foreground. An inactive screen's timers and triggers are held, and it navigates
    /// nowhere (see ``activate()``).
    public private(set) var isActive = true
    /// Why it is active or not (the host's word, the runtime's stacks, the app).
    @ObservationIgnored var activity = ScreenActivity() {
        didSet { updateActive() }
    }
    /// Told when the screen becomes active again (a navigation may have waited for it).
    @ObservationIgnored var becameActive: (@MainActor () -> Void)?
    /// The server's id of the version shown (from its ETag or its stream), for resuming a stream.
    @ObservationIgnored public private(set) var version: String?
    /// The screen as the server sent it (before this client's adaptation): what patches apply to.
    @ObservationIgnored private var serverScreen: Screen?
    @ObservationIgnored private var following: Task<Void, Never>?

    @ObservationIgnored var stateToken: String?
    @ObservationIgnored private var etag: String?
    @ObservationIgnored private var continuations: [UUID: AsyncStream<ScreenPhase>.Continuation] = [:]
    @ObservationIgnored private let environment: RuntimeEnvironment
    /// The screen's triggers, timers and `onAppear`, run as the screen is shown and its variables change.
    @ObservationIgnored public private(set) lazy var behaviour = StoreBehaviour(clock: environment.clock, store: self)

    init(path: String, url: URL, environment: RuntimeEnvironment) {
        self.path = path
        self.url = url
        self.environment = environment
    }

    /// The screen shown, if any.
    public var screen: Screen? { phase.screen }

    /// The host shows the screen (`onAppear`, `viewWillAppear`, a fragment's controller back on
    /// screen): unless another screen covers it or the app is in the background, its timers and
    /// triggers go on from where they were held. Saying it twice changes nothing.
    ///
    /// ```swift
    /// override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); store.activate() }
    /// override func viewDidDisappear(_ animated: Bool) { super.viewDidDisappear(animated); store.deactivate() }
    /// ```
    public func activate() {
        activity.shownByHost = true
    }

    /// The host no longer shows the screen (`onDisappear`, `viewDidDisappear`, a fragment whose
    /// controller went away): its timers count no time, its triggers wait, and its actions
    /// navigate nowhere (an intent's answer still updates it) until ``activate()``.
    public func deactivate() {
        activity.shownByHost = false
    }

    private func updateActive() {
        let active = activity.isActive
        guard active != isActive else { return }
        isActive = active
        if active {
            behaviour.release(variables: variables, evaluator: evaluator)
            becameActive?()
        } else {
            behaviour.hold(variables: variables)
        }
    }

    /// Every phase from now on, starting with the current one.
    public func phases() -> AsyncStream<ScreenPhase> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: ScreenPhase.self, bufferingPolicy: .bufferingNewest(16))
        continuation.yield(phase)
        continuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.continuations[id] = nil }
        }
        return stream
    }

    /// Sets the client state `key` (an input's value).
    public func set(_ key: String, to value: JSONValue) {
        let before = variables
        values[key] = value
        keepIfAppScoped(key)
        behaviour.changed(from: before, to: variables, evaluator: evaluator)
    }

    private var evaluator: ExpressionEvaluator {
        ExpressionEvaluator(localeIdentifier: environment.loader.configuration.preferredLanguages.first ?? "en")
    }

    /// Runs `command` on the screen's timer `id` (the `timer` action).
    func runTimer(_ command: TimerCommand, id: String) async {
        await behaviour.command(command, timer: id, variables: variables, evaluator: evaluator)
    }

    /// The screen's variables as they are now, for expressions.
    public var variables: ScreenVariables {
        ScreenVariables(types: screen?.variableTypes ?? [:], values: values)
    }

    /// Sets the variable `name` to a JSON value (the `setState` action, an answer's effect).
    /// - Returns: why it was refused (a value of another type than the variable's), or nil.
    @discardableResult
    public func assign(_ name: String, json value: JSONValue) -> VariableError? {
        if let type = screen?.variableTypes[name], ScreenVariables.value(of: type, json: value) == nil {
            return VariableError(name: name, message: "\(name) is \(type.rawValue), and the value is \(value.kindDescription)")
        }
        set(name, to: value)
        return nil
    }

    /// Sets the variable `name` to the value of `expression` read now (the `set` action).
    /// - Returns: why it was refused (the expression failed, or gave a value of another type), or nil.
    @discardableResult
    public func assign(_ name: String, toValueOf expression: PropertyExpression) -> VariableError? {
        var variables = self.variables
        do {
            let value = try ExpressionEvaluator(localeIdentifier: environment.loader.configuration.preferredLanguages.first ?? "en")
                .evaluate(expression.node, variables: variables)
            try variables.assign(value, to: name)
        } catch let error as ExpressionError {
            return VariableError(name: name, message: error.message)
        } catch let error as VariableError {
            return error
        } catch {
            return VariableError(name: name, message: "\(error)")
        }
        set(name, to: variables.values[name] ?? .null)
        return nil
    }

    /// Checks the rules of `fields` (every field with rules when nil) and shows each one's
    /// problem: what the `validate` action does before an intent goes.
    /// - Returns: whether every checked field is valid.
    public func validate(_ fields: Set<String>? = nil) -> Bool {
        guard let screen else { return true }
        let checked = fields ?? Set(screen.fieldRules.keys)
        for field in checked {
            values[FieldState.touchedKey(for: field)] = true
            values[FieldState.serverProblemKey(for: field)] = nil
        }
        let evaluator = ExpressionEvaluator(localeIdentifier: environment.loader.configuration.preferredLanguages.first ?? "en")
        return screen.fieldProblems(in: values, fields: checked, evaluator: evaluator).isEmpty
    }

    /// Shows the problems a server found in an intent's fields (paths `state.<field>`).
    func showFieldProblems(_ problems: [Diagnostic]) {
        for problem in problems {
            guard problem.path.components.count == 2, problem.path.components[0] == .key("state"),
                case .key(let field) = problem.path.components[1]
            else { continue }
            values[FieldState.touchedKey(for: field)] = true
            values[FieldState.serverProblemKey(for: field)] = .string(problem.message)
        }
    }

    private func keepIfAppScoped(_ name: String) {
        guard let screen, screen.variables.contains(where: { $0.name == name && $0.scope == .app }) else { return }
        environment.appVariables.set(name, to: values[name] ?? .null)
    }

    /// The key under which the disk cache keeps this screen: URL, language and user.
    public var cacheKey: String {
        [url.absoluteString, environment.loader.configuration.acceptLanguage, environment.loader.configuration.user ?? ""]
            .joined(separator: "\n")
    }

    /// Shows the cached copy when there is one, then asks the server unless that copy is fresh.
    func load() async throws(ClientError) {
        let cached = await environment.cache?.entry(for: cacheKey)
        await reportCacheProblems()
        if let cached, show(cachedBody: cached) {
            if cached.isFresh(at: environment.clock.now()) { return }
            try await revalidate(holding: cached)
        } else {
            try await fetch(cached: nil)
        }
    }

    /// Loads again from the server, whatever the cache says (the `reload` action, pull to refresh).
    public func reload() async {
        let cached = await environment.cache?.entry(for: cacheKey)
        do {
            if let cached, screen != nil, cached.etag == etag {
                try await revalidate(holding: cached)
            } else {
                try await fetch(cached: nil)
            }
        } catch {
            fail(error)
        }
    }

    /// After a failure: tries again.
    public func retry() async {
        if case .loaded = phase {
            await reload()
            return
        }
        phase = .loading
        do {
            try await load()
            follow()
        } catch {
            fail(error)
        }
    }

    func fail(_ error: ClientError) {
        if case .loaded(var loaded) = phase {
            // Never lose a screen the user sees: keep it, marked stale.
            loaded.stale = true
            phase = .loaded(loaded)
        } else {
            phase = .failed(error)
        }
    }

    private func revalidate(holding cached: ScreenCache.Entry) async throws(ClientError) {
        do {
            try await fetch(cached: cached)
        } catch  where error.kind == .network {
            // Offline: the cached copy stays on screen, marked stale.
            if case .loaded(var loaded) = phase {
                loaded.stale = true
                phase = .loaded(loaded)
                return
            }
            throw error
        }
    }

    private func fetch(cached: ScreenCache.Entry?) async throws(ClientError) {
        let fetched = try await environment.loader.fetch(url, etag: cached?.etag)
        switch fetched {
        case .notModified(let maxAge, let token):
            guard var entry = cached, case .loaded(var loaded) = phase else {
                // A 304 for a copy we do not hold: ask again without a validator.
                return try await fetch(cached: nil)
            }
            entry.storedAt = environment.clock.now()
            entry.maxAge = maxAge ?? entry.maxAge
            if let token {
                entry.stateToken = token
                stateToken = token
            }
            await environment.cache?.store(entry)
            loaded.stale = false
            loaded.source = .revalidated
            phase = .loaded(loaded)
        case .modified(let received, let etag, let maxAge, let cacheable, let token, let language):
            guard let screen = prepare(received.screen, diagnostics: received.diagnostics) else {
                throw ClientError(
                    .undecodable, diagnostics.first { $0.severity == .error }.map(String.init(describing:)) ?? "not a screen",
                    target: url.absoluteString)
            }
            self.etag = etag
            version = etag.map(EntityTag.version(of:))
            stateToken = token
            show(screen, source: .network, stale: false)
            if cacheable {
                await environment.cache?.store(
                    ScreenCache.Entry(
                        key: cacheKey, body: received.body, etag: etag, storedAt: environment.clock.now(), maxAge: maxAge,
                        stateToken: token, language: language))
            }
        }
    }

    /// Decodes and shows a cached body; false when it is not a usable screen.
    private func show(cachedBody entry: ScreenCache.Entry) -> Bool {
        let received = environment.loader.decode(entry.body)
        guard let screen = prepare(received.screen, diagnostics: received.diagnostics) else { return false }
        etag = entry.etag
        version = entry.etag.map(EntityTag.version(of:))
        stateToken = entry.stateToken
        show(screen, source: .cache, stale: !entry.isFresh(at: environment.clock.now()))
        return true
    }

    /// A received screen adapted to what this client draws (the server's form is kept for
    /// patches); the diagnostics found in it go to the hook. Nil when it is not a usable screen.
    private func prepare(_ screen: Screen?, diagnostics found: [Diagnostic]) -> Screen? {
        diagnostics = found
        guard let screen else {
            environment.report(diagnostics, url)
            return nil
        }
        serverScreen = screen
        let prepared = environment.prepare(screen)
        diagnostics += prepared.diagnostics
        environment.report(diagnostics, url)
        return prepared.screen
    }

    /// Shows `screen`. The same screen again (an intent's answer, a reload) keeps what the user
    /// typed; another screen starts from its own state.
    func show(_ screen: Screen, source: LoadedScreen.Source, stale: Bool) {
        let before = variables
        let same = self.screen?.id == screen.id
        defer {
            behaviour.shown(screen, variables: variables)
            if same { behaviour.changed(from: before, to: variables, evaluator: evaluator) }
        }
        if let current = self.screen, current.id == screen.id {
            let initial = environment.appVariables.initialValues(of: screen)
            let before = current.initialValues
            values = initial.merging(values.filter { initial[$0.key] != nil || before[$0.key] == nil }) { _, typed in typed }
        } else {
            values = environment.appVariables.initialValues(of: screen)
        }
        phase = .loaded(LoadedScreen(screen: screen, stale: stale, source: source))
    }

    /// Applies an intent's answer: its screen, whole or patched onto the one shown (prepared like a
    /// loaded one), and its state token. A patch made for another version than the one shown
    /// cannot be applied, and fails the intent with the screen unchanged.
    func apply(_ reply: ScreenLoader.IntentReply) throws(ClientError) {
        var received = reply.screen
        if let envelope = reply.patch {
            guard let patched = patched(by: envelope) else {
                throw ClientError(.undecodable, "the intent's patch does not apply to the screen shown", target: intentsURL.absoluteString)
            }
            received = patched
        }
        intentError = nil
        if let token = reply.stateToken { stateToken = token }
        guard let received else {
            diagnostics = reply.diagnostics
            environment.report(diagnostics, url)
            return
        }
        // The stream's next patch is for the version before this answer: the stream reconnects
        // from this one.
        version = reply.version
        if let prepared = prepare(received, diagnostics: reply.diagnostics) { show(prepared, source: .intent, stale: false) }
    }

    /// The screen the server sent with `envelope`'s patch applied, or nil when the patch was made
    /// for another version than the one shown or does not apply.
    private func patched(by envelope: PatchEnvelope) -> Screen? {
        guard let base = serverScreen, envelope.base == version else { return nil }
        return try? envelope.patch.apply(to: base)
    }

    func intentFailed(_ error: ClientError) {
        intentError = error
    }

    /// The screen as the server sent it, for the server to patch (intents, streams).
    var serverVersion: (version: String, screen: Screen)? {
        guard let version, let serverScreen else { return nil }
        return (version, serverScreen)
    }

    /// Where this screen's intents go: its `intents` URL, or its own URL + `/intents`.
    var intentsURL: URL {
        if let intents = screen?.intents, let url = environment.loader.serverURL(intents) { return url }
        return url.appendingPathComponent("intents")
    }

    // MARK: - The live stream

    /// Follows the screen's stream (when it declares one): patches are applied as they come;
    /// a dropped stream reconnects with backoff and jitter, resuming from the version shown; after
    /// three failures in a row the screen is also reloaded before each attempt (polling).
    public func follow() {
        guard following == nil, screen?.stream != nil else { return }
        following = Task { [loader = environment.loader, clock = environment.clock, weak self] in
            await StreamFollower(loader: loader, store: self, clock: clock).run()
        }
    }

    /// Stops following (the screen left the navigation stack).
    public func stopFollowing() {
        following?.cancel()
        following = nil
        isLive = false
    }

    func setLive(_ live: Bool) {
        isLive = live
    }

    /// Applies one stream message (decoded by the loader); false when it cannot be, so that the
    /// follower reconnects for a whole screen.
    func receive(_ message: DecodeResult<StreamMessage>?) -> Bool {
        switch message?.value {
        case nil:
            return true
        case .screen(let screen, let version)?:
            guard let prepared = prepare(screen, diagnostics: message?.diagnostics ?? []) else { return false }
            self.version = version
            show(prepared, source: .stream, stale: false)
            return true
        case .patch(let envelope, let version)?:
            // Made for another version (an intent's answer came in between): resume from ours.
            guard envelope.base == self.version else { return false }
            guard let patched = patched(by: envelope) else {
                self.version = nil
                return false
            }
            serverScreen = patched
            self.version = version
            show(environment.prepare(patched).screen, source: .stream, stale: false)
            return true
        }
    }

    private func reportCacheProblems() async {
        guard let problems = await environment.cache?.takeProblems(), !problems.isEmpty else { return }
        environment.report(problems.map { Diagnostic(.warning, "corruptCache", at: .root, $0.description) }, url)
    }
}
