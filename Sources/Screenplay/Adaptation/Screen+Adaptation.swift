extension Screen {
    /// This screen as `capabilities` can show it: every node of a type the client did not declare is
    /// replaced by its author-given fallback, else by the component's built-in downgrade, else
    /// dropped; every action the client does not handle is downgraded or dropped. The fallbacks of
    /// nodes the client can show, built-in or app-defined, are left out: they would be dead weight
    /// on the wire (65 % of the super-app home's bytes). A widget whose properties change
    /// incompatibly takes a new type name (`BANNER2`, with `BANNER` as its fallback), so that an
    /// app declaring the old name never receives properties it cannot read.
    ///
    /// ```swift
    /// let (screen, report) = home.adapted(to: .base)
    /// metrics.count(report.usedFallback)
    /// ```
    public func adapted(to capabilities: ClientCapabilities) -> (screen: Screen, report: AdaptationReport) {
        adapted(to: capabilities, keepingUndrawable: false)
    }

    /// Adapts the screen; with `keepingUndrawable`, a node the client cannot draw and that has
    /// neither a fallback nor a downgrade stays (and is reported as dropped), so that an app's
    /// presentation can mark it in a debug build (and leave it out in a release build).
    ///
    /// ```swift
    /// let (screen, report) = received.adapted(to: capabilities, keepingUndrawable: true)
    /// ```
    public func adapted(to capabilities: ClientCapabilities, keepingUndrawable: Bool) -> (screen: Screen, report: AdaptationReport) {
        var adapter = Adapter(capabilities: capabilities, keepsUndrawable: keepingUndrawable)
        var screen = self
        adapter.variables = ScreenVariables(screen: self)
        if !capabilities.evaluatesExpressions {
            // Bindings are evaluated with the initial values, and the variables travel as plain
            // client state (still sent back with intents).
            adapter.variables = ScreenVariables(screen: self)
            screen.state = initialValues
            screen.variables = []
            // The document no longer uses what 1.2 added: it names a version its reader knows.
            if screen.version >= .expressions { screen.version = Swift.max(capabilities.version, .current) }
            // Triggers and timers read variables: a client before 1.2 runs none of them.
            screen.triggers = []
            screen.timers = []
            screen.onAppear = []
        }
        for index in screen.triggers.indices {
            screen.triggers[index].actions = screen.triggers[index].actions.compactMap { adapter.adapt($0) }
        }
        for index in screen.timers.indices {
            screen.timers[index].tickActions = screen.timers[index].tickActions.compactMap { adapter.adapt($0) }
            screen.timers[index].endActions = screen.timers[index].endActions.compactMap { adapter.adapt($0) }
        }
        screen.onAppear = screen.onAppear.compactMap { adapter.adapt($0) }
        // The body must survive: a client that can show nothing of it gets an empty stack.
        screen.body = adapter.adapt(body) ?? adapter.emptyBody()
        return (screen, adapter.report)
    }
}

extension Node {
    /// This node as `capabilities` can show it, or nil when nothing of it can be shown.
    public func adapted(to capabilities: ClientCapabilities) -> (node: Node?, report: AdaptationReport) {
        var adapter = Adapter(capabilities: capabilities)
        let node = adapter.adapt(self)
        return (node, adapter.report)
    }
}

/// Walks a tree once, replacing what the client cannot show.
struct Adapter {
    let capabilities: ClientCapabilities
    var keepsUndrawable = false
    var report = AdaptationReport()
    /// What bindings read for a client that does not evaluate them.
    var variables = ScreenVariables()

    init(capabilities: ClientCapabilities, keepsUndrawable: Bool = false) {
        self.capabilities = capabilities
        self.keepsUndrawable = keepsUndrawable
    }

    mutating func adapt(_ node: Node) -> Node? {
        var node = node
        if !node.bindings.isEmpty, !capabilities.evaluatesExpressions {
            let resolved = node.resolvingBindings(variables)
            guard resolved.isVisible else { return nil }
            node = resolved.node
        }
        if !capabilities.evaluatesExpressions, case .textField(var field) = node.component, !field.rules.isEmpty || field.mask != nil {
            // Rules and masks are format 1.2: an older client would warn about members it cannot
            // read; the server checks the rules on the intent instead.
            field.rules = []
            field.mask = nil
            node.component = .textField(field)
        }
        if node.motion != nil, !capabilities.animates {
            // Motion is never needed to understand a screen: a client before 1.3 gets none.
            node.motion = nil
        }
        let type = node.type
        if capabilities.components.contains(type) {
            var adapted = node
            adapted.fallback = nil
            adapted.action = node.action.flatMap { adapt($0) }
            if case .button = node.component, node.action != nil, adapted.action == nil {
                // A button is for its action: one the client cannot run leaves nothing to press.
                report.droppedNodes[type, default: 0] += 1
                return nil
            }
            adapted.component = node.component.mapChildren { adapt($0) }
            return adapted
        }
        if let fallback = node.fallback {
            report.usedFallback[type, default: 0] += 1
            return adapt(node.replaced(by: fallback))
        }
        if case .states(let states) = node.component {
            // The state the values choose, as the presentation would show it.
            report.downgraded[type, default: 0] += 1
            guard let index = states.selectedIndex(for: variables.values[states.variable]) else { return nil }
            return adapt(node.replaced(by: states.children[index]))
        }
        if let downgrade = Downgrade.of(node) {
            report.downgraded[type, default: 0] += 1
            return adapt(node.replaced(by: downgrade))
        }
        report.droppedNodes[type, default: 0] += 1
        return keepsUndrawable ? node : nil
    }

    mutating func adapt(_ action: Action) -> Action? {
        // A `set` carries an expression: only a client that evaluates them may get one, whatever
        // its action list says (an old app that copied a newer list must still never see `@{`).
        let runs = capabilities.actions.contains(action.type) && (action.kind != .set || capabilities.evaluatesExpressions)
        guard !runs else {
            if case .sequence(let actions) = action {
                return .sequence(actions.compactMap { adapt($0) })
            }
            return action
        }
        report.droppedActions[action.type, default: 0] += 1
        switch action {
        case .present(let url, _): return adapt(.navigate(url))
        case .sequence(let actions):
            // Without sequences the client runs one action: the first that is not analytics.
            let kept = actions.compactMap { adapt($0) }
            return kept.first { $0.kind != .track } ?? kept.first
        default: return nil
        }
    }

    func emptyBody() -> Node {
        capabilities.components.contains("vstack") ? VStack(children: []).node : Spacer().node
    }
}

extension Action {
    /// This action as `capabilities` can run it (`present` becomes `navigate` …), or nil.
    public func adapted(to capabilities: ClientCapabilities) -> Action? {
        var adapter = Adapter(capabilities: capabilities)
        return adapter.adapt(self)
    }
}

extension Node {
    /// `replacement` standing in for this node (its fallback or downgrade): it keeps this node's id
    /// (patches still find it), action, visibility, label and style unless it has its own.
    ///
    /// ```swift
    /// let shown = banner.replaced(by: banner.fallback!)   // id "widget.pay-banner" kept
    /// ```
    public func replaced(by replacement: Node) -> Node {
        var node = replacement
        node.id = node.id ?? id
        node.action = node.action ?? action
        node.visibleWhen = node.visibleWhen ?? visibleWhen
        node.accessibilityLabel = node.accessibilityLabel ?? accessibilityLabel
        node.style = node.style ?? style
        node.motion = node.motion ?? motion
        return node
    }
}
