/// One published version of a slot.
///
/// ```swift
/// let current = try await control.version(of: "home.promo")
/// current?.version   // 3
/// ```
public struct SlotVersion: Sendable, Hashable {
    public let slot: String
    public let version: Int
    /// The document as it was published.
    public let document: String
    public let author: String
    /// Unix milliseconds.
    public let publishedAt: Int64
    /// Why it was published ("rollback to 3" …), when said.
    public let note: String?

    public init(slot: String, version: Int, document: String, author: String, publishedAt: Int64, note: String?) {
        self.slot = slot
        self.version = version
        self.document = document
        self.author = author
        self.publishedAt = publishedAt
        self.note = note
    }

    /// The columns ``init(row:)`` reads, in its order.
    static let columns = "slot, version, document, author, published_at, note"
    /// The current (highest) version of every slot, by slot.
    static let selectCurrentSQL = """
        SELECT v.slot, v.version, v.document, v.author, v.published_at, v.note FROM slot_versions v
        JOIN (SELECT slot, MAX(version) AS version FROM slot_versions GROUP BY slot) c ON c.slot = v.slot AND c.version = v.version
        ORDER BY v.slot
        """

    /// A row of ``columns``; nil when it lacks its slot, version or document.
    init?(row: SQLRow) {
        guard let slot = row.text(0), let version = row.integer(1), let document = row.text(2) else { return nil }
        self.init(
            slot: slot, version: version, document: document, author: row.text(3) ?? "", publishedAt: Int64(row.integer(4) ?? 0),
            note: row.text(5))
    }
}
