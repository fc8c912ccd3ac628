import Foundation

/// An app-defined component (the Movile write-up's BANNER, COLLECTION, CELLS …): any `type` the format does
/// not define, with its own properties kept raw for the app's component registry to decode.
///
/// Give it a ``Node/fallback`` built from standard components for clients that do not know it.
///
/// ```swift
/// struct Banner: Codable { var title: String; var imageURL: String }
///
/// Custom("BANNER", properties: ["title": "Pay with one tap", "imageURL": "https://…/pay.png"])
///     .fallback { Text("Pay with one tap") }
///
/// // in the app:
/// if case .custom(let custom) = node.component, custom.type == "BANNER" {
///     let banner = try custom.decode(Banner.self)
/// }
/// ```
public struct CustomComponent: Sendable, Hashable, ComponentBody, NodeConvertible {
    public var type: String
    /// Every member of the node except the common ones (`type`, `id`, `action`, `fallback`,
    /// `accessibilityLabel`, `visibleWhen`, `style`).
    public var properties: [String: JSONValue]

    public init(_ type: String, properties: [String: JSONValue] = [:]) {
        self.type = type
        self.properties = properties.filter { !Node.commonKeys.contains($0.key) }
    }

    public var node: Node { Node(.custom(self)) }

    /// Decodes the properties as the app's own `Decodable` type.
    public func decode<T: Decodable>(_ type: T.Type, using decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try decoder.decode(T.self, from: Data(JSONWriter.write(.object(properties))))
    }

    init(type: String, reading reader: ObjectReader) {
        self.init(type, properties: reader.members)
    }

    func write(to writer: inout NodeWriter) {
        for key in properties.keys.sorted(by: JSONWriter.precedes) where !Node.commonKeys.contains(key) {
            writer.member(key, properties[key])
        }
    }
}
