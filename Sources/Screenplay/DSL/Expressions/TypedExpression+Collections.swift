extension ExpressionOperand where Value == [JSONValue] {
    /// The number of elements: `len`.
    ///
    /// ```swift
    /// Variable<[JSONValue]>("cities").count     // len(cities)
    /// ```
    public var count: TypedExpression<Int> { .call("len", [typedExpression]) }

    /// Whether there are no elements.
    ///
    /// ```swift
    /// Variable<[JSONValue]>("cities").isEmpty   // cities.isEmpty()
    /// ```
    public var isEmpty: TypedExpression<Bool> { .method(typedExpression, "isEmpty", []) }

    /// The element at `index` read as a `T` (out of bounds, or of another type, it fails):
    /// `get<T>FromArray`.
    ///
    /// ```swift
    /// Variable<[JSONValue]>("cities").element(at: 0, as: String.self)   // getStringFromArray(cities, 0)
    /// ```
    public func element<T: ExpressionElement>(at index: some ExpressionConvertible<Int>, as type: T.Type = T.self) -> TypedExpression<T> {
        .call("get\(T.expressionType)FromArray", [typedExpression, index.typedExpression])
    }
}

extension ExpressionOperand where Value == [String: JSONValue] {
    /// The number of members: `len`.
    ///
    /// ```swift
    /// Variable<[String: JSONValue]>("user").count     // len(user)
    /// ```
    public var count: TypedExpression<Int> { .call("len", [typedExpression]) }

    /// Whether there are no members.
    ///
    /// ```swift
    /// Variable<[String: JSONValue]>("user").isEmpty   // user.isEmpty()
    /// ```
    public var isEmpty: TypedExpression<Bool> { .method(typedExpression, "isEmpty", []) }

    /// Whether the dict has the member `key`.
    ///
    /// ```swift
    /// Variable<[String: JSONValue]>("user").containsKey("email")   // user.containsKey('email')
    /// ```
    public func containsKey(_ key: some ExpressionConvertible<String>) -> TypedExpression<Bool> {
        .method(typedExpression, "containsKey", [key.typedExpression])
    }

    /// The member at the key path (each key a member of the dict before it) read as a `T`
    /// (missing, or of another type, it fails): `get<T>FromDict`.
    ///
    /// ```swift
    /// let user = Variable<[String: JSONValue]>("user")
    /// user.value(at: "address", "city", as: String.self)   // getStringFromDict(user, 'address', 'city')
    /// ```
    public func value<T: ExpressionElement>(at key: String, _ keys: String..., as type: T.Type = T.self) -> TypedExpression<T> {
        .call("get\(T.expressionType)FromDict", [typedExpression] + ([key] + keys).map(\.typedExpression))
    }
}
