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
        adapted(to: capabilities, keepingUndrawable: keepingUndrawable, recordingWhere: false)
    }

    /// What adapting the screen to `capabilities` changes, with where each change happened
    /// (``AdaptationReport/changes``, paths in this document as written): for tools that explain
    /// what a client would lose (the control plane's compatibility report), not for serving.
    ///
    /// ```swift
    /// let report = home.adaptationReport(for: .base)
    /// report.changes.first   // Change(kind: .usedFallback, type: "BANNER", path: "body.sections[1].children[0]")
    /// ```
    public func adaptationReport(for capabilities: ClientCapabilities) -> AdaptationReport {
        adapted(to: capabilities, keepingUndrawable: false, recordingWhere: true).report
    }

    private func adapted(
        to capabilities: ClientCapabilities, keepingUndrawable: Bool, recordingWhere: Bool
    ) -> (screen: Screen, report: AdaptationReport) {
        var adapter = Adapter(capabilities: capabilities, keepsUndrawable: keepingUndrawable)
        if recordingWhere { adapter.trail = [] }
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
            screen.triggers[index].actions = adapter.adapt(
                screen.triggers[index].actions, at: [.key("triggers"), .index(index), .key("actions")])
        }
        for index in screen.timers.indices {
            let timer: [JSONPath.Component] = [.key("timers"), .index(index)]
            screen.timers[index].tickActions = adapter.adapt(screen.timers[index].tickActions, at: timer + [.key("tickActions")])
            screen.timers[index].endActions = adapter.adapt(screen.timers[index].endActions, at: timer + [.key("endActions")])
        }
        screen.onAppear = adapter.adapt(screen.onAppear, at: [.key("onAppear")])
        // The body must survive: a client that can show nothing of it gets an empty stack.
        let mark = adapter.descend([.key("body")])
        screen.body = adapter.adapt(body) ?? adapter.emptyBody()
        adapter.ascend(to: mark)
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

    /// What adapting this node to `capabilities` changes, with where each change happened
    /// (``AdaptationReport/changes``), its paths starting at `path`: for tools that explain what
    /// a client would lose (a slot's content before it is published).
    ///
    /// ```swift
    /// let report = content.adaptationReport(for: .base, at: "content")
    /// ```
    public func adaptationReport(for capabilities: ClientCapabilities, at path: JSONPath = .root) -> AdaptationReport {
        var adapter = Adapter(capabilities: capabilities)
        adapter.trail = path.components
        _ = adapter.adapt(self)
        return adapter.report
    }
}

/// Walks a tree once, replacing what the client cannot show.
struct Adapter {
    let capabilities: ClientCapabilities
    var keepsUndrawable = false
    var report = AdaptationReport()
    /// What bindings read for a client that does not evaluate them.
    var variables = ScreenVariables()
    /// Where the node being adapted stands, when changes are recorded with their paths (nil:
    /// they are only counted, as for every request).
    var trail: [JSONPath.Component]?
    /// Inside a built-in downgrade, whose nodes are not the document's: changes there are
    /// recorded at the downgraded node's path.
    private var frozen = 0
    /// Where the action a replacement (a fallback, a state) inherited is written: the replaced
    /// node's `action`, not the replacement's.
    private var inheritedAction: [JSONPath.Component]?

    init(capabilities: ClientCapabilities, keepsUndrawable: Bool = false) {
        self.capabilities = capabilities
        self.keepsUndrawable = keepsUndrawable
    }

    mutating func adapt(_ node: Node) -> Node? {
        var node = node
        if !node.bindings.isEmpty, !capabilities.evaluatesExpressions {
            let resolved = node.resolvingBindings(variables)
            guard resolved.isVisible else {
                inheritedAction = nil
                return nil
            }
            node = resolved.node
        }
        if !capabilities.evaluatesExpressions, case .textField(var field) = node.component, !field.rules.isEmpty || field.mask != nil {
            // Rules and masks are format 1.2: an older client would warn about members it cannot
            // read; the server checks the rules on the intent instead.
            field.rules = []
            field.mask = nil
            node.component = .textField(field)
        }
        if !capabilities.checksCardNumbers, case .textField(var field) = node.component, field.rules.contains(where: \.isCardNumber) {
            // A client before 1.4 would skip the rule: it checks the number's shape instead.
            field.rules = FieldRules(field.rules.map(\.readableBeforeCardNumbers))
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
            let inherited = inheritedAction
            inheritedAction = nil
            if let action = node.action {
                if let inherited, let current = trail {
                    trail = inherited
                    adapted.action = adapt(action)
                    trail = current
                } else {
                    let mark = descend([.key(MemberKey.action.name)])
                    adapted.action = adapt(action)
                    ascend(to: mark)
                }
            }
            if case .button = node.component, node.action != nil, adapted.action == nil {
                // A button is for its action: one the client cannot run leaves nothing to press.
                report.droppedNodes[type, default: 0] += 1
                note(.droppedNode, type)
                return nil
            }
            if trail == nil {
                adapted.component = node.component.mapChildren { adapt($0) }
            } else {
                adapted.component = node.component.mapChildren { child, path in
                    let mark = descend(path)
                    defer { ascend(to: mark) }
                    return adapt(child)
                }
            }
            return adapted
        }
        if let fallback = node.fallback {
            report.usedFallback[type, default: 0] += 1
            note(.usedFallback, type)
            if let trail, frozen == 0, fallback.action == nil, node.action != nil, inheritedAction == nil {
                inheritedAction = trail + [.key(MemberKey.action.name)]
            }
            let mark = descend([.key(MemberKey.fallback.name)])
            defer { ascend(to: mark) }
            return adapt(node.replaced(by: fallback))
        }
        if case .states(let states) = node.component, capabilities.evaluatesExpressions, capabilities.components.contains("zstack") {
            // A client that evaluates expressions keeps the switch live: every state, each shown
            // while the variable names it (the condition the presentation and the page use).
            report.downgraded[type, default: 0] += 1
            note(.downgraded, type)
            frozen += 1
            defer { frozen -= 1 }
            let children = states.children.indices.map { index in
                var child = states.children[index]
                guard child.bindings[Node.visibleProperty] != nil else {
                    child.bindings[Node.visibleProperty] = states.visibility(ofChildAt: index)
                    return child
                }
                // The child's own condition holds too: it is kept inside a stack shown by the state's.
                var holder = ZStack(children: [child]).node
                holder.bindings[Node.visibleProperty] = states.visibility(ofChildAt: index)
                return holder
            }
            return adapt(node.replaced(by: ZStack(children: children).node))
        }
        if case .states(let states) = node.component {
            // The state the values choose, as the presentation would show it.
            report.downgraded[type, default: 0] += 1
            note(.downgraded, type)
            guard let index = states.selectedIndex(for: variables.values[states.variable]) else {
                inheritedAction = nil
                return nil
            }
            if let trail, frozen == 0, states.children[index].action == nil, node.action != nil, inheritedAction == nil {
                inheritedAction = trail + [.key(MemberKey.action.name)]
            }
            let mark = descend([.key(MemberKey.children.name), .index(index)])
            defer { ascend(to: mark) }
            return adapt(node.replaced(by: states.children[index]))
        }
        if let downgrade = Downgrade.of(node) {
            report.downgraded[type, default: 0] += 1
            note(.downgraded, type)
            frozen += 1
            defer { frozen -= 1 }
            return adapt(node.replaced(by: downgrade))
        }
        report.droppedNodes[type, default: 0] += 1
        note(.droppedNode, type)
        inheritedAction = nil
        return keepsUndrawable ? node : nil
    }

    /// Adapts the actions at `path` (a trigger's, a timer's, the screen's `onAppear`).
    mutating func adapt(_ actions: [Action], at path: [JSONPath.Component]) -> [Action] {
        let mark = descend(path)
        defer { ascend(to: mark) }
        return actions.compactMap { adapt($0) }
    }

    /// Records a change at the current path, when paths are recorded.
    private mutating func note(_ kind: AdaptationReport.Change.Kind, _ type: String) {
        guard let trail else { return }
        report.changes.append(AdaptationReport.Change(kind: kind, type: type, path: JSONPath(trail)))
    }

    /// Steps down `path` when paths are recorded (not inside a downgrade); returns where to go back to.
    mutating func descend(_ path: [JSONPath.Component]) -> Int {
        guard trail != nil else { return 0 }
        let mark = trail?.count ?? 0
        if frozen == 0 { trail?.append(contentsOf: path) }
        return mark
    }

    mutating func ascend(to mark: Int) {
        guard let count = trail?.count, count > mark else { return }
        trail?.removeLast(count - mark)
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
        note(.droppedAction, action.type)
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
    /// (patches still find it), action, visibility, label and style unless it has its own, and the
    /// bindings of those: the `visible` binding, and the label's and style's where it took them.
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
        // What the client computes goes with what it computes: the `visible` condition always, and the
        // label's and the box style's bindings where the replacement took this node's label or style.
        var carried = [Node.visibleProperty]
        if replacement.accessibilityLabel == nil { carried.append("accessibilityLabel") }
        if replacement.style == nil { carried += ["style.background", "style.cornerRadius", "style.padding"] }
        for property in carried where node.bindings[property] == nil {
            if let expression = bindings[property] { node.bindings[property] = expression }
        }
        return node
    }
}
