/// The operators' semantics, as DivKit defines them.
extension EvaluationRun {
    static func unary(_ op: ExpressionNode.UnaryOperator, _ operand: ExpressionValue, _ node: ExpressionNode) throws(ExpressionError)
        -> ExpressionValue
    {
        let shown = "\(op.rawValue)\(operand.preview)"
        switch (op, operand) {
        case (.not, .boolean(let flag)): return .boolean(!flag)
        case (.not, _): throw failed(shown, "A Boolean is expected after a unary not.", node)
        case (.plus, .integer), (.plus, .number): return operand
        case (.minus, .integer(let value)):
            guard value != .min else { throw failed(shown, "Integer overflow.", node) }
            return .integer(-value)
        case (.minus, .number(let value)): return .number(-value)
        case (.plus, _): throw failed(shown, "A Number is expected after a unary plus.", node)
        case (.minus, _): throw failed(shown, "A Number is expected after a unary minus.", node)
        }
    }

    static func binary(
        _ op: ExpressionNode.BinaryOperator, _ leftValue: ExpressionValue, _ rightValue: ExpressionValue, _ node: ExpressionNode
    )
        throws(ExpressionError) -> ExpressionValue
    {
        var left = leftValue
        var right = rightValue
        if case .integer(let value) = left, case .number = right { left = .number(Double(value)) }
        if case .number = left, case .integer(let value) = right { right = .number(Double(value)) }
        let shown = "\(left.preview) \(op.rawValue) \(right.preview)"
        guard left.type == right.type else {
            throw failed(shown, "Operator '\(op.rawValue)' cannot be applied to different types: \(left.type) and \(right.type).", node)
        }
        func notFor(_ type: ExpressionType) -> ExpressionError {
            failed(shown, "Operator '\(op.rawValue)' cannot be applied to \(type) type.", node)
        }
        switch op {
        case .equal, .notEqual:
            return .boolean((left == right) == (op == .equal))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (left, right) {
            case (.integer(let a), .integer(let b)), (.datetime(let a), .datetime(let b)): order = a < b ? -1 : a == b ? 0 : 1
            case (.number(let a), .number(let b)): order = a < b ? -1 : a == b ? 0 : a > b ? 1 : 2
            default: throw notFor(left.type)
            }
            switch op {
            case .less: return .boolean(order == -1)
            case .lessOrEqual: return .boolean(order == -1 || order == 0)
            case .greater: return .boolean(order == 1)
            default: return .boolean(order == 1 || order == 0)
            }
        case .add, .subtract, .multiply, .divide, .remainder:
            switch (left, right) {
            case (.string(let a), .string(let b)):
                guard op == .add else { throw notFor(.string) }
                return .string(a + b)
            case (.integer(let a), .integer(let b)):
                let result: (partialValue: Int64, overflow: Bool)
                switch op {
                case .add: result = a.addingReportingOverflow(b)
                case .subtract: result = a.subtractingReportingOverflow(b)
                case .multiply: result = a.multipliedReportingOverflow(by: b)
                case .divide:
                    guard b != 0 else { throw failed(shown, "Division by zero is not supported.", node) }
                    result = a.dividedReportingOverflow(by: b)
                default:
                    guard b != 0 else { throw failed(shown, "Division by zero is not supported.", node) }
                    result = b == -1 ? (0, false) : (a % b, false)
                }
                guard !result.overflow else { throw failed(shown, "Integer overflow.", node) }
                return .integer(result.partialValue)
            case (.number(let a), .number(let b)):
                switch op {
                case .add: return .number(a + b)
                case .subtract: return .number(a - b)
                case .multiply: return .number(a * b)
                case .divide:
                    guard b != 0 else { throw failed(shown, "Division by zero is not supported.", node) }
                    return .number(a / b)
                default:
                    guard b != 0 else { throw failed(shown, "Division by zero is not supported.", node) }
                    return .number(a.truncatingRemainder(dividingBy: b))
                }
            default:
                throw notFor(left.type)
            }
        case .and, .or, .fallback:
            // Evaluated before the operands are: short-circuit and fallback.
            throw notFor(left.type)
        }
    }
}
