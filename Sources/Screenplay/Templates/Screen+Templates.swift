extension Screen {
    /// How an encoded screen writes repeated nodes.
    public enum Templates: Sendable {
        /// Every node written out: what every reader of format 1.x reads.
        case none
        /// Nodes of a repeated shape written once as a template, each instance carrying only what
        /// differs (format 1.1; send it to clients that declare `Screenplay-Version: 1.1`).
        case automatic
    }

    /// The screen as JSON bytes with sorted keys, its repeated nodes as templates when asked and
    /// worth it (else the same bytes as ``encoded(layout:)``). Decoding expands them again.
    ///
    /// ```swift
    /// let bytes = gallery.encoded(templates: .automatic)      // 1,000 cards: 3× smaller
    /// Screen.decode(from: bytes).value == gallery              // true
    /// ```
    public func encoded(layout: JSONWriter.Layout = .compact, templates: Templates) -> [UInt8] {
        let plain = encoded(layout: layout)
        guard case .automatic = templates else { return plain }
        return Self.applyingTemplates(toEncoded: plain, layout: layout) ?? plain
    }

    /// Below this many bytes a screen is written plain: templates could save a few hundred bytes
    /// at most, and looking for them costs more than sending them.
    public static let templatesMinimumBytes = 2_048

    /// A screen's plain encoding (``encoded(layout:)``) with its repeated nodes as templates, or
    /// nil when no template is worth it or the screen is under `minimumBytes`. For servers that already hold the plain bytes (their
    /// hash names the screen's version whichever form a client receives).
    public static func applyingTemplates(
        toEncoded plain: [UInt8], layout: JSONWriter.Layout = .compact, minimumBytes: Int = templatesMinimumBytes
    ) -> [UInt8]? {
        guard plain.count >= minimumBytes, let tape = try? JSONParser.tape(plain, limits: .unlimited) else { return nil }
        return withExtendedLifetime(tape) { TemplateExtractor.templated(document: tape.root, layout: layout) }
    }
}
