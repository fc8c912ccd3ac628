/// The version of the Screenplay format a document is written in: `"1.0"`.
///
/// A client accepts documents of its own major version; a higher minor version may add optional
/// fields and types, which older clients skip with warnings.
public struct FormatVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Parses `"MAJOR.MINOR"`.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]), major >= 0, minor >= 0,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
        else { return nil }
        self.init(major, minor)
    }

    /// The version this library writes plain documents in.
    public static let current = FormatVersion(1, 0)

    /// The newest version this library reads: 1.1 adds templates (``Screen/encoded(layout:templates:)``),
    /// 1.2 variables and expressions, 1.3 motion, 1.4 the `cardNumber` field rule.
    public static let latest = FormatVersion(1, 4)

    /// The first version whose readers expand templates: documents with templates declare it, and
    /// servers send templates only to clients that declare it (`Screenplay-Version: 1.1`).
    public static let templates = FormatVersion(1, 1)

    /// The first version whose clients evaluate expressions: typed variables, node bindings and
    /// the `set` action. A client of an older version gets every binding evaluated by the server
    /// with the screen's initial values (``Screen/adapted(to:)``).
    public static let expressions = FormatVersion(1, 2)

    /// The first version whose clients play motion: transitions, animated changes and pressed
    /// states (``Node/motion``). Older clients get every node without it.
    public static let motion = FormatVersion(1, 3)

    /// The first version whose clients check the `cardNumber` field rule (brand, length, Luhn).
    /// Older clients get it as a `pattern` rule of 12 to 19 digits; the server checks the rest.
    public static let cardNumbers = FormatVersion(1, 4)

    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: FormatVersion, rhs: FormatVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
