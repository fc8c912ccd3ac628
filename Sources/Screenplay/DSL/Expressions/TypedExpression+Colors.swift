extension TypedExpression where Value == ExpressionColor {
    /// An opaque colour from red, green and blue, each 0…1 (outside it fails): `rgb`.
    ///
    /// ```swift
    /// let risk = Variable<Double>("risk")
    /// TypedExpression.rgb(red: risk, green: 1.0 - risk, blue: 0.0)   // rgb(risk, 1.0 - risk, 0.0)
    /// ```
    public static func rgb(
        red: some ExpressionConvertible<Double>, green: some ExpressionConvertible<Double>, blue: some ExpressionConvertible<Double>
    ) -> TypedExpression<ExpressionColor> {
        .call("rgb", [red.typedExpression, green.typedExpression, blue.typedExpression])
    }
}

extension ExpressionOperand where Value == ExpressionColor {
    /// The alpha channel, 0…1: `getColorAlpha`.
    ///
    /// ```swift
    /// Variable<ExpressionColor>("accent").alpha     // getColorAlpha(accent)
    /// ```
    public var alpha: TypedExpression<Double> { .call("getColorAlpha", [typedExpression]) }
    /// The red channel, 0…1: `getColorRed`.
    public var red: TypedExpression<Double> { .call("getColorRed", [typedExpression]) }
    /// The green channel, 0…1: `getColorGreen`.
    public var green: TypedExpression<Double> { .call("getColorGreen", [typedExpression]) }
    /// The blue channel, 0…1: `getColorBlue`.
    public var blue: TypedExpression<Double> { .call("getColorBlue", [typedExpression]) }

    /// The colour with its alpha set, 0…1: `setColorAlpha`.
    ///
    /// ```swift
    /// Variable<ExpressionColor>("accent").withAlpha(0.5)    // setColorAlpha(accent, 0.5)
    /// ```
    public func withAlpha(_ alpha: some ExpressionConvertible<Double>) -> TypedExpression<ExpressionColor> {
        .call("setColorAlpha", [typedExpression, alpha.typedExpression])
    }

    /// `top` composited over this colour (source over): `alphaBlend`.
    ///
    /// ```swift
    /// Variable<ExpressionColor>("card").overlaid(with: Variable<ExpressionColor>("tint"))   // alphaBlend(card, tint)
    /// ```
    public func overlaid(with top: some ExpressionConvertible<ExpressionColor>) -> TypedExpression<ExpressionColor> {
        .call("alphaBlend", [typedExpression, top.typedExpression])
    }
}
