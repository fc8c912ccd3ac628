extension PropertyExpression {
    /// The property string the DSL writes for `expression`: a template as a template
    /// (`@{cartCount} items`), anything else as one whole value (`@{cartCount > 0}`).
    static func written(_ expression: some ExpressionConvertible) -> PropertyExpression {
        written(source: (expression as? ExpressionTemplate)?.propertySource ?? expression.typedExpression.propertySource)
    }

    /// `source` parsed. What the DSL writes always parses, unless it nests deeper than the
    /// language's bound: it is then kept as written (every client refuses it, with its path, as
    /// it refuses any binding too deep) and reads here as a call that fails, so that the server's
    /// own evaluation fails too rather than guessing.
    static func written(source: String) -> PropertyExpression {
        do {
            return try PropertyExpression(source)
        } catch {
            return PropertyExpression(unreadable: source)
        }
    }

    private init(unreadable source: String) {
        self.source = source
        node = ExpressionNode(.call("expressionTooDeep", []), range: 0..<source.unicodeScalars.count)
        variableNames = []
    }
}

extension Variable {
    /// The variable as a screen declares it: its name, its type, `initial` (or the initial value
    /// this reference carries, or the type's default: `0`, `""`, `false` …) as JSON, and its scope.
    ///
    /// ```swift
    /// let cartCount = Variable<Int>("cartCount", initial: 0)
    /// Screen(id: "home", variables: [cartCount.declaration()]) { … }
    /// Variable<String>("theme").declaration(initial: "light", scope: .app)
    /// ```
    ///
    /// A date keeps whole seconds (a datetime is declared as `yyyy-MM-dd HH:mm:ss`).
    public func declaration(initial: Value? = nil, scope: VariableScope = .screen) -> VariableDeclaration {
        let value = (initial ?? initialValue).map { ScreenVariables.json(for: $0.expressionValue) }
        return VariableDeclaration(
            name, type: Value.expressionType, value: value ?? ScreenVariables.defaultValue(of: Value.expressionType), scope: scope)
    }
}

extension Action {
    /// Sets `variable` to the value of `value`, evaluated on the device when the action runs; the
    /// value's type is the variable's (Swift checks it).
    ///
    /// ```swift
    /// let cartCount = Variable<Int>("cartCount", initial: 0)
    /// Button("Add", action: .set(cartCount, to: cartCount + 1))     // "@{cartCount + 1}"
    /// // .set(cartCount, to: "one")                                   // does not compile
    /// ```
    public static func set<Value>(_ variable: Variable<Value>, to value: some ExpressionConvertible<Value>) -> Action {
        .set(variable.name, PropertyExpression.written(value))
    }
}
