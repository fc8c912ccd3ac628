import ScreenplayDSL
import ScreenplayProtocol

/// Encodes screens in the form each client reads: plain for format 1.0, with templates from 1.1
/// on when they make the screen smaller. Finding templates costs a few plain encodes, so the form
/// found for a screen is remembered by the plain bytes' tag: a screen that does not change (or
/// changes back) is analysed once, however often it is requested.
///
/// ```swift
/// let encoder = ScreenEncoder()
/// let body = encoder.body(for: screen, readBy: context.capabilities.version)
/// body.tag    // "\"<version>-t\"" when templated: the same version as the plain form
/// ```
final class ScreenEncoder: Sendable {
    /// The templated bytes for a plain tag, or nil when templates were not worth it.
    private struct TemplatedForm: Sendable {
        let bytes: [UInt8]?
    }

    private let templatedForms: BoundedCache<TemplatedForm>

    init(capacity: Int = 256) {
        templatedForms = BoundedCache(capacity: capacity)
    }

    func body(for screen: Screen, readBy version: FormatVersion) -> ScreenBody {
        let plain = ScreenBody(bytes: screen.encoded())
        guard version >= .templates else { return plain }
        let form =
            templatedForms[plain.tag]
            ?? {
                let form = TemplatedForm(bytes: Screen.applyingTemplates(toEncoded: plain.bytes))
                templatedForms.store(form, for: plain.tag)
                return form
            }()
        guard let templated = form.bytes else { return plain }
        return ScreenBody(bytes: templated, tag: EntityTag.templated(plain.tag))
    }
}
