extension ControlPlane {
    /// The newest entries first, of every target or of one (`slot:home.promo`); ``audit(filter:)``
    /// selects by who, what and when too.
    public func audit(target: String? = nil, limit: Int = 100) async throws -> [AuditEntry] {
        try await audit(filter: AuditFilter(target: target.map { .exactly($0) }, limit: limit))
    }
}
