import Screenplay

/// Turns nodes into presentations: the one place where every renderer's decisions are taken.
struct PresentationBuilder {
    private(set) var context: PresentationContext
    /// Where the node being presented sits in the screen document.
    var path: [JSONPath.Component]
    private var presentedCount = 0
    private var reusedCount = 0

    init(context: PresentationContext, path: [JSONPath.Component]) {
        self.context = context
        self.path = path
    }

    private var options: PresentationOptions { context.options }

    /// Presents `node`, reusing `old` and any of its subtrees that still hold, and counts the work.
    mutating func memo(for node: Node, reusing old: Memo?) -> Memo {
        let memo = build(node, old: old)
        if context.remembers { context.statistics.count(presented: presentedCount, reused: reusedCount) }
        return memo
    }

    // MARK: - Nodes

    private mutating func build(_ node: Node, old: Memo?) -> Memo {
        let outside = context.insideLink
        var memo = buildWithin(node, old: old)
        context.insideLink = outside
        memo.insideLink = outside
        return memo
    }

    private mutating func buildWithin(_ node: Node, old: Memo?) -> Memo {
        if let old, old.holds(for: node, in: context) {
            reusedCount += 1
            return old
        }
        presentedCount += 1
        var subtree = Subtree(remembers: context.remembers)
        var visibility = PresentedVisibility.always
        var own: [Diagnostic] = []
        // Bound properties are computed first: the node is then presented as if it had been sent
        // with their values (the memo keeps the node as sent, and the variables read).
        let sent = node
        let bindings = node.bindings
        var node = node
        if !bindings.isEmpty {
            for expression in bindings.values {
                for name in expression.variableNames { subtree.reads.read(name, in: context) }
            }
            let resolved = node.resolvingBindings(context.variables, evaluator: context.evaluator)
            node = resolved.node
            own += resolved.problems.map { $0.under(JSONPath(path)) }
            visibility.isVisible = resolved.isVisible
        }
        if let condition = node.visibleWhen {
            subtree.reads.read(condition.key, in: context)
            visibility = PresentedVisibility(
                condition: condition, isVisible: visibility.isVisible && condition.isSatisfied(by: context.values))
        }
        if !visibility.isVisible, options.hiddenNodes == .omitted {
            return Memo(node: sent, reads: subtree.reads, presented: nil, diagnostics: own)
        }
        var accessibility = PresentedAccessibility(label: node.accessibilityLabel)
        var tap = node.action.flatMap(checked)
        let opensPage = tap.map(Self.opensPage) ?? false
        if opensPage { context.insideLink = true }
        let content: PresentedContent
        switch node.component {
        case .vstack(let stack):
            let layout = StackLayout(axis: .vertical, alignment: Self.cross(stack.alignment), spacing: stack.spacing)
            content = .stack(layout, eager(stack.children, old: old, into: &subtree))
        case .hstack(let stack):
            let layout = StackLayout(axis: .horizontal, alignment: Self.cross(stack.alignment), spacing: stack.spacing)
            content = .stack(layout, eager(stack.children, old: old, into: &subtree))
        case .zstack(let stack):
            content = .overlay(stack.alignment, eager(stack.children, old: old, into: &subtree))
        case .states(let states):
            // Every state is presented, each shown while the variable chooses it: a native renderer
            // gets the chosen one (hidden nodes take no space), a web page all of them to switch.
            let children = states.children.indices.map { index in
                var child = states.children[index]
                let chosen = states.visibility(ofChildAt: index)
                if let own = child.bindings[Node.visibleProperty],
                    let both = try? PropertyExpression("@{(\(own.node)) && (\(chosen.node))}")
                {
                    child.bindings[Node.visibleProperty] = both
                } else {
                    child.bindings[Node.visibleProperty] = chosen
                }
                return child
            }
            content = .stack(StackLayout(axis: .vertical, alignment: .start), eager(children, old: old, into: &subtree))
        case .scroll(let scroll):
            // One vertical scroll a screen: the body's own, else the one every renderer puts the
            // body in; a vertical scroll further down is a lazy column of it (a scroll inside a
            // scroll fights for the same drags and would draw a second refresh control).
            // (The body's path is `body`, or empty for a node presented alone; lazy rows, presented
            // later by builders of their own, are always deeper.)
            let scrolls = scroll.axis == .horizontal || path.count <= 1
            let layout = StackLayout(axis: scroll.axis, spacing: scroll.spacing, isLazy: true, scrolling: scrolls ? .scrolls : .none)
            content = .stack(layout, lazy(scroll.children, at: [.key("children")], old: old, into: &subtree))
        case .carousel(let carousel):
            let layout = StackLayout(
                axis: .horizontal, spacing: carousel.spacing, isLazy: true, scrolling: .carousel(itemWidth: carousel.itemWidth))
            content = .stack(layout, lazy(carousel.children, at: [.key("children")], old: old, into: &subtree))
        case .grid(let grid):
            let layout = GridArrangement(columns: min(max(grid.columns, 1), 12), spacing: grid.spacing)
            content = .grid(layout, lazy(grid.children, at: [.key("children")], old: old, into: &subtree))
        case .list(let list):
            var sections: [PresentedSection] = []
            sections.reserveCapacity(list.sections.count)
            for (index, section) in list.sections.enumerated() {
                let rows = lazy(section.children, at: [.key("sections"), .index(index), .key("children")], old: old, into: &subtree)
                sections.append(PresentedSection(sectionID: section.id, title: section.title, rows: rows))
            }
            content = .list(sections)
        case .spacer(let spacer):
            content = .spacer(minLength: spacer.minLength)
            accessibility.isHidden = true
        case .divider(let divider):
            content = .divider(PresentedDivider(color: divider.color, thickness: divider.thickness))
            accessibility.isHidden = true
        case .text(let text):
            content = .text(PresentedText(runs: [TextRun(text.text)], style: Self.clamped(text.attributes)))
        case .richText(let rich):
            content = .text(PresentedText(runs: linkable(rich.runs(policy: options.urlPolicy)), style: Self.clamped(rich.attributes)))
        case .image(let image):
            content = .image(
                PresentedImage(
                    url: checkedURL(image.url), width: image.width, height: image.height, contentMode: image.contentMode,
                    placeholderColor: image.placeholderColor, isCircular: false))
            if node.accessibilityLabel == nil { accessibility.isHidden = true } else { accessibility.role = .image }
        case .rectangle(let rectangle):
            content = .shape(
                PresentedShape(
                    width: rectangle.width, height: rectangle.height, color: rectangle.color, cornerRadius: rectangle.cornerRadius))
            if node.accessibilityLabel == nil { accessibility.isHidden = true } else { accessibility.role = .image }
        case .badge(let badge):
            content = .badge(PresentedBadge(text: badge.text, color: badge.color, background: badge.background))
        case .button(let button):
            content = .button(PresentedButton(title: button.title, variant: button.variant, isEnabled: button.enabled))
            if !button.enabled { tap = nil }
            accessibility.role = .button
        case .textField(let field):
            subtree.reads.read(field.key, in: context)
            let value: String
            switch context.value(field.key) {
            case .string(let text): value = text
            case .null: value = ""
            case let other:
                value = ""
                own.append(wrongValue(other, for: field.key, expected: "text"))
            }
            var presented = PresentedTextField(
                key: field.key, label: field.label,
                accessibilityLabel: node.accessibilityLabel ?? field.label ?? field.placeholder ?? field.key,
                placeholder: field.placeholder, value: value, keyboard: field.keyboard, autofill: field.autofill,
                isSecure: field.secure,
                isEnabled: true)
            presented.isRequired = field.rules.isRequired
            presented.rules = field.rules
            presented.localeIdentifier = options.localeIdentifier
            if let mask = field.mask {
                presented.mask = mask
                presented.value = mask.display(raw: value, localeIdentifier: options.localeIdentifier).display
            }
            if !field.rules.isEmpty {
                presented.problem = problemShown(for: field, value: value, reads: &subtree.reads)
            }
            content = .textField(presented)
        case .toggle(let toggle):
            subtree.reads.read(toggle.key, in: context)
            let isOn: Bool
            switch context.value(toggle.key) {
            case .bool(let on): isOn = on
            case .null: isOn = false
            case let other:
                isOn = false
                own.append(wrongValue(other, for: toggle.key, expected: "a boolean"))
            }
            content = .toggle(PresentedToggle(key: toggle.key, title: toggle.title, isOn: isOn, isEnabled: true))
        case .item(let item):
            if tap == nil, let url = item.url { tap = checked(.navigate(url)) }
            if let tap, Self.opensPage(tap) { context.insideLink = true }
            content = .item(composition(of: item))
        case .custom(let custom):
            if options.customTypes.contains(custom.type) {
                let fallback = node.fallback.flatMap { fallback in
                    let memo = build(node.replaced(by: fallback), old: nil)
                    subtree.add(memo, keepingChild: false)
                    return memo.presented
                }
                content = .custom(custom, fallback: fallback)
            } else if let fallback = node.fallback {
                // The same inheritance as adaptation: one rule for what a fallback keeps.
                presentedCount -= 1
                let memo = build(node.replaced(by: fallback), old: old)
                // Kept under the node that was sent, so that the next presentation finds it.
                return Memo(
                    node: node, reads: memo.reads, presented: memo.presented, children: memo.children, lazyRows: memo.lazyRows,
                    diagnostics: memo.diagnostics)
            } else if options.missingComponents == .marker {
                content = .missing(type: custom.type, path: JSONPath(path))
            } else {
                return Memo(node: node, reads: subtree.reads, presented: nil)
            }
        }
        // A container that does something when tapped, or that has a label, is one element for
        // assistive technologies: its children read as one (VoiceOver, Switch Control, keyboards).
        switch content {
        case .item: accessibility.isElement = true
        case .stack, .overlay, .grid: accessibility.isElement = tap != nil || node.accessibilityLabel != nil
        default: break
        }
        if accessibility.role == nil, let tap {
            accessibility.role = Self.opensPage(tap) ? .link : .button
        } else if accessibility.role == .button, let tap, Self.opensPage(tap) {
            accessibility.role = .link
        }
        var presented = PresentedNode(
            type: node.type, nodeID: node.id, content: content, box: node.style, accessibility: accessibility, tap: tap,
            visibility: visibility, diagnostics: own)
        if !bindings.isEmpty { presented.bindings = bindings }
        presented.motion = Self.motion(node.motion, for: presented)
        subtree.diagnostics += own
        return Memo(
            node: sent, reads: subtree.reads, presented: presented, children: subtree.children, lazyRows: subtree.lazyRows,
            diagnostics: subtree.diagnostics)
    }

    /// What a container's presentation collects from its children.
    private struct Subtree {
        var reads = StateReads()
        var children: [Memo] = []
        var lazyRows: [LazyRows] = []
        var diagnostics: [Diagnostic] = []

        let remembers: Bool

        mutating func add(_ memo: Memo, keepingChild: Bool = true) {
            if keepingChild, remembers { children.append(memo) }
            reads.merge(memo.reads)
            diagnostics += memo.diagnostics
        }
    }

    private mutating func eager(_ nodes: [Node], old: Memo?, into subtree: inout Subtree) -> PresentedChildren {
        var presented: [PresentedNode] = []
        presented.reserveCapacity(nodes.count)
        path.append(.key("children"))
        for (index, child) in nodes.enumerated() {
            path.append(.index(index))
            let memo = build(child, old: old?.child(matching: child, at: index))
            path.removeLast()
            subtree.add(memo)
            if let node = memo.presented { presented.append(node) }
        }
        path.removeLast()
        Self.silenceRepeatedImageLabels(in: &presented)
        return PresentedChildren(presented)
    }

    /// An image whose label says what a text beside it already says (a service's icon above its
    /// name) is decorative: a screen reader would read the same words twice.
    static func silenceRepeatedImageLabels(in siblings: inout [PresentedNode]) {
        func isLabelledImage(_ node: PresentedNode) -> Bool {
            if case .image = node.content, node.tap == nil, node.accessibility.label != nil, !node.accessibility.isHidden { return true }
            return false
        }
        // On every presentation of every container: most have no labelled image, and pay one scan.
        guard siblings.contains(where: isLabelledImage) else { return }
        func key(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
        var texts: Set<String> = []
        for node in siblings { if case .text(let text) = node.content { texts.insert(key(text.plainText)) } }
        guard !texts.isEmpty else { return }
        for index in siblings.indices {
            guard isLabelledImage(siblings[index]), let label = siblings[index].accessibility.label, texts.contains(key(label)) else {
                continue
            }
            siblings[index].accessibility.isHidden = true
            siblings[index].accessibility.role = nil
        }
    }

    private func lazy(_ nodes: [Node], at components: [JSONPath.Component], old: Memo?, into subtree: inout Subtree) -> PresentedChildren {
        subtree.reads.readAll(in: context)
        let previous = old.flatMap { $0.lazyRows.indices.contains(subtree.lazyRows.count) ? $0.lazyRows[subtree.lazyRows.count] : nil }
        let rows = LazyRows(nodes: nodes, path: path + components, context: context, previous: previous)
        subtree.lazyRows.append(rows)
        return PresentedChildren(lazy: rows)
    }

    // MARK: - The generic item

    private func composition(of item: Component.GenericItem) -> PresentedItem {
        let isMessage = item.layout == .message
        func text(_ text: String?, _ style: TextAttributes = TextAttributes(), tone: PresentedText.Tone = .primary) -> PresentedText? {
            text.map { PresentedText(runs: [TextRun($0)], style: style, tone: tone) }
        }
        let secondary = TextAttributes(size: 14)
        return PresentedItem(
            layout: isMessage ? .message : .request,
            image: item.imageURL.map {
                PresentedImage(
                    url: checkedURL($0), width: .points(PresentedItem.imageSize), height: .points(PresentedItem.imageSize),
                    contentMode: .fill,
                    placeholderColor: nil, isCircular: true)
            },
            title: text(item.title, TextAttributes(weight: .semibold)),
            topRight: text(item.topRightDetail, secondary, tone: .secondary),
            subtitle: text(item.subtitle, secondary, tone: .secondary),
            detail: item.detail.map {
                PresentedText(
                    runs: linkable(Markup.parse($0, policy: options.urlPolicy).runs),
                    style: TextAttributes(size: 15, lineLimit: isMessage ? 2 : nil),
                    tone: isMessage ? .secondary : .primary)
            },
            bottomLeft: text(item.bottomLeftDetail),
            bottomRight: text(item.bottomRightDetail, secondary, tone: .secondary))
    }

    // MARK: - Checks

    /// Text runs as they can be shown here: inside a link, without links of their own.
    private func linkable(_ runs: [TextRun]) -> [TextRun] {
        guard context.insideLink, runs.contains(where: { $0.link != nil }) else { return runs }
        return runs.map { run in
            var run = run
            run.link = nil
            return run
        }
    }

    private func checkedURL(_ url: String) -> String? {
        if case .refused = options.urlPolicy.check(url) { return nil }
        return url
    }

    /// The action with every URL in it allowed by the policy; a refused URL or an unknown action
    /// does nothing.
    private func checked(_ action: Action) -> Action? {
        action.mappingURLs(checkedURL)
    }

    /// The problem a field shows: none until it was left or validated, then the server's word on
    /// it if it gave one, else its first broken rule (the same check the server runs).
    private func problemShown(for field: Component.TextField, value: String, reads: inout StateReads) -> String? {
        let touched = FieldState.touchedKey(for: field.key)
        let fromServer = FieldState.serverProblemKey(for: field.key)
        reads.read(touched, in: context)
        reads.read(fromServer, in: context)
        guard context.value(touched).isTruthy else { return nil }
        if case .string(let message) = context.value(fromServer) { return message }
        for rule in field.rules {
            if case .expression(let condition, _, _) = rule, let expression = try? PropertyExpression(condition) {
                for name in expression.variableNames { reads.read(name, in: context) }
            }
        }
        return field.problem(for: value, variables: context.variables, evaluator: context.evaluator)?.message
    }

    private func wrongValue(_ value: JSONValue, for key: String, expected: String) -> Diagnostic {
        Diagnostic(
            .warning, .invalidValue, at: JSONPath(path),
            "the client value \"\(key)\" is \(value.kindDescription), not \(expected); the control shows its default")
    }

    // MARK: - Mappings

    /// The motion a renderer draws: the node's own, with the press a tappable node has by
    /// default — only on nodes the renderer makes tappable; buttons, switches and fields keep
    /// their platform's pressed look unless the server chose a press.
    static func motion(_ motion: Motion?, for node: PresentedNode) -> Motion? {
        var motion = motion ?? Motion()
        if motion.press == nil, node.tap != nil, !node.handlesOwnTap { motion.press = .standard }
        if motion.press == .off { motion.press = nil }
        return motion.isEmpty ? nil : motion
    }

    static func opensPage(_ action: Action) -> Bool {
        switch action {
        case .navigate, .open: true
        default: false
        }
    }

    static func cross(_ alignment: some RawRepresentable<String>) -> StackLayout.CrossAlignment {
        switch alignment.rawValue {
        case "leading", "top": .start
        case "trailing", "bottom": .end
        default: .center
        }
    }

    static func clamped(_ attributes: TextAttributes) -> TextAttributes {
        var style = attributes
        if let size = style.size, !(size > 0 && size <= 1_000) { style.size = nil }
        if let lines = style.lineLimit { style.lineLimit = lines > 0 ? min(lines, 1_000) : nil }
        return style
    }
}
