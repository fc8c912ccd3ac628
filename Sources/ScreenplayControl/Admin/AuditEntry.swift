/// One change, as the audit log keeps it: who, when, what, and the stored value before and after.
///
/// ```swift
/// let last = try await control.audit(target: "slot:home.promo", limit: 1).first
/// last?.action   // "publish"
/// ```
public struct AuditEntry: Sendable, Hashable {
    public let id: Int
    /// Unix milliseconds.
    public let at: Int64
    public let actor: String
    /// `save`, `delete`, `publish`, `rollback`.
    public let action: String
    /// `experiment:homeOrder`, `slot:home.promo`.
    public let target: String
    public let before: String?
    public let after: String?

    public init(id: Int, at: Int64, actor: String, action: String, target: String, before: String?, after: String?) {
        self.id = id
        self.at = at
        self.actor = actor
        self.action = action
        self.target = target
        self.before = before
        self.after = after
    }

    /// The columns ``init(row:)`` reads, in its order.
    static let columns = "id, at, actor, action, target, before_value, after_value"

    /// A row of ``columns``.
    init(row: SQLRow) {
        self.init(
            id: row.integer(0) ?? 0, at: Int64(row.integer(1) ?? 0), actor: row.text(2) ?? "", action: row.text(3) ?? "",
            target: row.text(4) ?? "", before: row.text(5), after: row.text(6))
    }
}
