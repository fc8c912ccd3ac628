import Foundation
import Observation
import Screenplay

/// The app runtime: opens screens, keeps the navigation stack, and runs every action of the
/// format. Platform-agnostic — SwiftUI, the web renderer and the terminal driver all drive this.
///
/// ```swift
/// var configuration = ClientConfiguration(server: URL(string: "https://api.example.com")!, preferredLanguages: ["fr"])
/// let runtime = ScreenplayRuntime(configuration: configuration, cache: try ScreenCache(directory: cachesURL))
/// runtime.router.register("/cars/:id") { route in showCar(route.parameters["id"]!) }
/// runtime.webFallback = { url in presentInAppBrowser(url) }
/// await runtime.open("/requests")
/// if let node = runtime.current?.screen?.body { … }
/// await runtime.perform(.intent("refresh"))
/// ```
@MainActor @Observable
public final class ScreenplayRuntime {
    public let configuration: ClientConfiguration
    /// Native routes; register before opening anything.
    @ObservationIgnored public var router = AppRouter()
    /// Opens a web page in the app (an in-app browser). Without one, web fallbacks are reported as refused.
    @ObservationIgnored public var webFallback: (@MainActor (URL) -> Void)?
    /// Opens a URL outside the app (the system browser) for `open` actions.
    @ObservationIgnored public var openExternally: (@MainActor (URL) -> Void)?
    /// Where `track` actions go, besides the server.
    @ObservationIgnored public var analytics: (any AnalyticsSink)?
    /// Sends `track` actions to the server's `POST /events` (experiment conversions): batched,
    /// retried, and kept beside the disk cache across restarts when there is one.
    public let eventUploader: EventUploader

    /// The pushed screens, root first.
    public private(set) var stack: [ScreenStore] = []
    /// The presented sheet's navigation, root first: the screen a `present` opened, then the
    /// screens navigated to inside the sheet. Empty when nothing is presented.
    public private(set) var presentedStack: [ScreenStore] = []
    /// The screen presented over the stack, if any.
    public var presented: ScreenStore? { presentedStack.first }
    /// What the user sees: the top of the presented sheet, else the top of the stack.
    public var current: ScreenStore? { presentedStack.last ?? stack.last }

    /// Whether the app is in the foreground (true until the host says otherwise): in the
    /// background every screen is inactive — timers held, triggers waiting — and the screen on top
    /// keeps its first navigation until the app is back.
    ///
    /// ```swift
    /// .onChange(of: scenePhase) { _, phase in runtime.isInForeground = phase != .background }
    /// ```
    @ObservationIgnored public var isInForeground = true {
        didSet { if isInForeground != oldValue { updateActivity() } }
    }
    /// The fragments made by this runtime, for as long as they live (they go to the background too).
    @ObservationIgnored private var fragments: [WeakStore] = []
    /// A navigation of the screen on top that waits for the app to be in the foreground.
    @ObservationIgnored private var waiting: (store: ScreenStore, action: Action)?
    /// The taps still running, by screen and action: the same tap again is not started twice.
    @ObservationIgnored private var tapsInFlight: Set<TapInFlight> = []

    @ObservationIgnored private let environment: RuntimeEnvironment
    @ObservationIgnored private var eventContinuations: [UUID: AsyncStream<RuntimeEvent>.Continuation] = [:]
    /// The latest events (the last 256), for tools that print what happened after each step.
    public private(set) var eventLog: [RuntimeEvent] = []
    /// How many events there have been in all (``eventLog`` keeps the newest).
    public private(set) var eventCount = 0

    /// - Parameters:
    ///   - configuration: the server, the app's capabilities and languages, and the limits on what it reads.
    ///   - transport: how requests go out (default: AsyncHTTPClient on Linux, URLSession on Apple platforms).
    ///   - cache: the disk cache; nil keeps nothing between runs.
    ///   - clock: where the runtime waits and reads the time (real time unless a test says otherwise).
    ///   - diagnostics: receives the warnings of every screen received, with their JSON paths.
    public init(
        configuration: ClientConfiguration, transport: (any Transport)? = nil, cache: ScreenCache? = nil, clock: ScreenplayClock = .live,
        diagnostics: @escaping @Sendable ([Diagnostic], URL) -> Void = { _, _ in }
    ) {
        self.configuration = configuration
        let transport = transport ?? DefaultTransport.make(maxResponseBytes: configuration.maxResponseBytes)
        eventUploader = EventUploader(
            configuration: configuration, transport: transport,
            file: cache.map {
                $0.directory.deletingLastPathComponent().appendingPathComponent($0.directory.lastPathComponent + "-events.json")
            }, clock: clock)
        let capabilities = configuration.capabilities
        environment = RuntimeEnvironment(
            loader: ScreenLoader(
                configuration: configuration,
                transport: transport),
            cache: cache,
            prepare: { screen in
                // What nothing can draw stays for the presentation: a marker in debug builds, nothing in release.
                let (adapted, report) = screen.adapted(to: capabilities, keepingUndrawable: true)
                guard !report.isEmpty else { return (adapted, []) }
                return (
                    adapted,
                    [Diagnostic(.warning, .usedFallback, at: .root, "the screen held types this client does not draw; replaced: \(report)")]
                )
            },
            report: diagnostics, clock: clock, appVariables: AppVariables())
    }

    /// The variables kept across screens (declared with `"scope": "app"`, or set by the app).
    public var appVariables: AppVariables { environment.appVariables }

    /// A runtime whose renderer draws `components`' app-defined types: they are declared to the
    /// server, and a node whose properties the app cannot read shows its fallback.
    public convenience init<Rendered>(
        configuration: ClientConfiguration, components: ComponentRegistry<Rendered>, transport: (any Transport)? = nil,
        cache: ScreenCache? = nil, clock: ScreenplayClock = .live,
        diagnostics: @escaping @Sendable ([Diagnostic], URL) -> Void = { _, _ in }
    ) {
        var configuration = configuration
        configuration.customComponents.formUnion(components.typeNames)
        configuration.customComponentCheck = components.check
        self.init(configuration: configuration, transport: transport, cache: cache, clock: clock, diagnostics: diagnostics)
    }

    /// The events after the first `count` ever emitted, as far as ``eventLog`` still holds them.
    public func events(since count: Int) -> ArraySlice<RuntimeEvent> {
        eventLog.suffix(max(0, min(eventCount - count, eventLog.count)))
    }

    /// Every event from now on.
    public func events() -> AsyncStream<RuntimeEvent> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: RuntimeEvent.self, bufferingPolicy: .bufferingNewest(64))
        eventContinuations[id] = continuation
        continuation.onTermination = { [weak self] _ in Task { @MainActor in self?.eventContinuations[id] = nil } }
        return stream
    }

    private func emit(_ event: RuntimeEvent) {
        eventCount += 1
        eventLog.append(event)
        if eventLog.count > 256 { eventLog.removeFirst(eventLog.count - 256) }
        for continuation in eventContinuations.values { continuation.yield(event) }
    }

    // MARK: - Navigation

    /// Opens `target` (an app path or a URL) as `navigate` does: native route, server screen, or web.
    public func open(_ target: String) async {
        await go(to: target, presenting: false)
    }

    private func go(to target: String, presenting: Bool) async {
        if presenting, let presented {
            // One sheet at a time: the runtime says no, rather than UIKit refusing it silently.
            return emit(.refused(target: target, reason: "\(presented.path) is presented: dismiss it first"))
        }
        switch router.destination(for: target, configuration: configuration) {
        case .refused(let reason):
            emit(.refused(target: target, reason: reason))
        case .native(let route):
            emit(.openedNative(route))
            router.open(route)
        case .web(let url):
            openWeb(url, for: target)
        case .screen(let path):
            let store = ScreenStore(path: path, url: environment.loader.screenURL(for: path), environment: environment)
            attachBehaviour(store)
            // Inside a presented sheet, navigation stays in the sheet.
            let inSheet = presenting || !presentedStack.isEmpty
            if inSheet { presentedStack.append(store) } else { stack.append(store) }
            updateActivity()
            emit(.openedScreen(path: path, url: store.url, presented: inSheet))
            do {
                try await store.load()
                // Dismissed or popped while it loaded (a sheet swiped away mid-navigation): let it go.
                guard isShown(store) else { return }
                store.follow()
                await store.behaviour.drain()
            } catch  where error.kind == .notFound {
                // The server has no such screen: an old app reaches the feature on the web.
                guard isShown(store) else { return }
                remove(store)
                openWeb(environment.loader.webURL(for: path), for: target)
            } catch {
                store.fail(error)
                emit(.loadFailed(error))
            }
        }
    }

    private func openWeb(_ url: URL, for target: String) {
        guard let webFallback else {
            emit(.refused(target: target, reason: "no web fallback registered for \(url.absoluteString)"))
            return
        }
        emit(.openedWeb(url))
        webFallback(url)
    }

    /// A screen shown inside one of the app's own screens (a server-driven fragment of a native
    /// screen): loaded and followed like any other, but not on the navigation stack. Its taps are
    /// performed by this runtime (`perform(_:on:)`), so navigation from it goes on the stack.
    ///
    /// ```swift
    /// let promo = await runtime.fragment("/fragments/promo")
    /// ```
    public func fragment(_ path: String) async -> ScreenStore {
        let store = ScreenStore(path: path, url: environment.loader.screenURL(for: path), environment: environment)
        attachBehaviour(store)
        keep(fragment: store)
        await load(fragment: store)
        return store
    }

    /// A fragment's store at once, in its loading phase; it loads, then follows its live updates,
    /// in the background. A host embeds it straight away and shows the loading state, then the
    /// screen (or the failure with a retry).
    ///
    /// ```swift
    /// let promo = runtime.loadFragment("/fragments/promo")   // .loading now
    /// ```
    public func loadFragment(_ path: String) -> ScreenStore {
        let store = ScreenStore(path: path, url: environment.loader.screenURL(for: path), environment: environment)
        attachBehaviour(store)
        keep(fragment: store)
        Task { await load(fragment: store) }
        return store
    }

    private func load(fragment store: ScreenStore) async {
        do {
            try await store.load()
            store.follow()
            await store.behaviour.drain()
        } catch {
            store.fail(error)
            emit(.loadFailed(error))
        }
    }

    /// Has the store's triggers, timers and `onAppear` run their actions through this runtime.
    private func attachBehaviour(_ store: ScreenStore) {
        store.activity.inBackground = !isInForeground
        store.behaviour.perform = { [weak self, weak store] action in await self?.perform(action, on: store) }
        store.behaviour.report = { [weak self] target, reason in self?.emit(.refused(target: target, reason: reason)) }
        store.becameActive = { [weak self, weak store] in
            if let self, let store { self.performWaiting(of: store) }
        }
    }

    private func keep(fragment store: ScreenStore) {
        fragments = fragments.filter { $0.store != nil } + [WeakStore(store: store)]
    }

    // MARK: - Active screens

    /// Tells every screen whether it is covered (only the one the user sees is not) and whether
    /// the app is in the background.
    private func updateActivity() {
        let top = current
        for store in stack + presentedStack {
            store.activity.covered = store !== top
            store.activity.inBackground = !isInForeground
        }
        for fragment in fragments { fragment.store?.activity.inBackground = !isInForeground }
        if !isInForeground, let waiting, waiting.store !== top { self.waiting = nil }
    }

    /// Whether `action` of `store` may run now; a navigation of an inactive screen is refused
    /// (reported), or waits when only the app is in the background.
    private func admits(_ action: Action, of store: ScreenStore) -> Bool {
        guard action.navigates else { return true }
        switch store.activity.navigation {
        case .go:
            return true
        case .waits:
            if waiting == nil {
                waiting = (store, action)
            } else {
                emit(
                    .refused(
                        target: action.type, reason: "\(store.path) already has a navigation waiting for the app to be in the foreground"))
            }
            return false
        case .refused(let why):
            emit(.refused(target: action.type, reason: "\(store.path) \(why)"))
            return false
        }
    }

    /// Runs the navigation that waited for `store` to be active, if it is still the screen shown.
    private func performWaiting(of store: ScreenStore) {
        guard let waiting, waiting.store === store else { return }
        self.waiting = nil
        Task { await perform(waiting.action, on: store) }
    }

    /// A user's tap on a node of `store` (the current screen when nil): performs its action,
    /// unless the same action of the same screen is still running — a double tap pushes one
    /// screen and sends one intent. The tap ignored is reported. Triggers, timers and intents'
    /// effects use ``perform(_:on:)``, which never drops an action.
    ///
    /// ```swift
    /// Button(title) { Task { await runtime.tap(.navigate("/cars/42"), on: store) } }
    /// ```
    public func tap(_ action: Action, on store: ScreenStore?) async {
        let store = store ?? current
        let key = TapInFlight(store: store.map(ObjectIdentifier.init), action: action)
        guard !tapsInFlight.contains(key) else {
            emit(.refused(target: action.type, reason: "the same tap on \(store?.path ?? "the screen") is still running"))
            return
        }
        tapsInFlight.insert(key)
        defer { tapsInFlight.remove(key) }
        await perform(action, on: store)
    }

    /// Pops the navigation stack back to its first `count` screens (at least one): what a
    /// `NavigationStack` or a `UINavigationController` asks for when the user swipes back.
    ///
    /// ```swift
    /// runtime.pop(to: 1)   // back to the first screen
    /// ```
    public func pop(to count: Int) {
        let count = max(1, count)
        while stack.count > count {
            stack.removeLast().leave()
            emit(.wentBack)
        }
        updateActivity()
    }

    /// Pops the presented sheet's navigation back to its first `count` screens (at least one).
    public func popPresented(to count: Int) {
        let count = max(1, count)
        while presentedStack.count > count {
            presentedStack.removeLast().leave()
            emit(.wentBack)
        }
        updateActivity()
    }

    /// The user dismissed the presented sheet themselves (swiped it down, or the system closed
    /// it): the runtime lets its screens go. Nothing happens when it is already gone (an action
    /// dismissed it first).
    ///
    /// ```swift
    /// func presentationControllerDidDismiss(_ controller: UIPresentationController) { runtime.presentationDismissed() }
    /// ```
    public func presentationDismissed() {
        guard !presentedStack.isEmpty else { return }
        dismissPresented()
    }

    private func dismissPresented() {
        for store in presentedStack { store.leave() }
        presentedStack = []
        updateActivity()
        emit(.dismissed)
    }

    /// Whether `store` is still on a stack (not popped or dismissed while it loaded).
    private func isShown(_ store: ScreenStore) -> Bool {
        stack.contains { $0 === store } || presentedStack.contains { $0 === store }
    }

    private func remove(_ store: ScreenStore) {
        stack.removeAll { $0 === store }
        presentedStack.removeAll { $0 === store }
        updateActivity()
    }

    // MARK: - Actions

    /// Runs `action` as if the user triggered it on the current screen.
    public func perform(_ action: Action) async {
        await perform(action, on: current)
    }

    /// Runs `action` for `store` (the screen whose node triggered it).
    public func perform(_ action: Action, on store: ScreenStore?) async {
        _ = await run(action, on: store)
    }

    /// Runs `action`; false when a `validate` found a problem, which stops the sequence it is in.
    private func run(_ action: Action, on store: ScreenStore?) async -> Bool {
        if let store, !admits(action, of: store) { return true }
        switch action {
        case .navigate(let url):
            await go(to: url, presenting: false)
        case .present(let url, _):
            await go(to: url, presenting: true)
        case .open(let target):
            let url: URL?
            switch router.destination(for: target, configuration: configuration) {
            case .web(let web): url = web
            case .screen(let path):
                url = environment.loader.webURL(for: path)
            case .native(let route):
                url = environment.loader.webURL(for: route.path)
            case .refused(let reason):
                emit(.refused(target: target, reason: reason))
                return true
            }
            guard let url, let openExternally else {
                emit(.refused(target: target, reason: "no external opener registered"))
                return true
            }
            emit(.openedExternally(url))
            openExternally(url)
        case .back:
            if presentedStack.count > 1 {
                popPresented(to: presentedStack.count - 1)
            } else if !presentedStack.isEmpty {
                dismissPresented()
            } else if stack.count > 1 {
                pop(to: stack.count - 1)
            } else {
                emit(.refused(target: "back", reason: "already at the first screen"))
            }
        case .dismiss:
            guard !presentedStack.isEmpty else {
                emit(.refused(target: "dismiss", reason: "nothing is presented"))
                return true
            }
            dismissPresented()
        case .setState(let key, let value):
            if let problem = store?.assign(key, json: value) { emit(.refused(target: "setState \(key)", reason: problem.message)) }
            await store?.behaviour.drain()
        case .set(let variable, let expression):
            if let problem = store?.assign(variable, toValueOf: expression) {
                emit(.refused(target: "set \(variable)", reason: problem.message))
            }
            await store?.behaviour.drain()
        case .timer(let id, let command):
            await store?.runTimer(command, id: id)
        case .reload:
            await store?.reload()
        case .sequence(let actions):
            for action in actions {
                guard await run(action, on: store) else { return false }
            }
        case .validate(let fields):
            if let store, !store.validate(fields.isEmpty ? nil : Set(fields)) {
                emit(.refused(target: "validate", reason: "a field breaks its rules"))
                return false
            }
        case .track(let event, let properties):
            let screen = store?.screen?.id
            analytics?.track(event, properties: properties, screen: screen)
            Task { [eventUploader] in await eventUploader.track(event, properties: properties, screen: screen) }
            emit(.tracked(event: event, properties: properties))
        case .intent(let name, let payload):
            guard let store else { return true }
            await send(intent: name, payload: payload, from: store)
        case .unknown(let type, _):
            emit(.ignoredAction(type: type))
        }
        return true
    }

    /// The Tutu write-up's network reducer: the intent and the client state go to the server; its new
    /// screen replaces this one (keeping what the user typed) and its effects run in order.
    private func send(intent name: String, payload: [String: JSONValue], from store: ScreenStore) async {
        emit(.intentSent(name: name))
        do {
            let shown = store.serverVersion
            let reply = try await environment.loader.send(
                intent: name, payload: payload, state: FieldState.shared(store.values), stateToken: store.stateToken, to: store.intentsURL,
                version: shown?.version)
            try store.apply(reply)
            for effect in reply.effects { await perform(effect, on: store) }
        } catch {
            store.intentFailed(error)
            store.showFieldProblems(error.problems)
            emit(.intentFailed(name: name, error: error))
        }
    }
}

/// A tap still running: the screen it was made on and its action.
private struct TapInFlight: Hashable {
    let store: ObjectIdentifier?
    let action: Action
}

/// A fragment the runtime made, held weakly: it lives as long as the app's screen that shows it.
private struct WeakStore {
    weak var store: ScreenStore?
}
