// Images and what VoiceOver reads (see SwiftUI.swift). An `Image` remembers how it was made: with a
// label (`Image(_:scale:orientation:label:)`, `Image(_:bundle:label:)`), decorative
// (`Image(decorative:…)`: "SwiftUI ignores this image for accessibility purposes"), or from a
// platform image (`Image(uiImage:)`, no label: VoiceOver reads "image" and nothing else).
// `InspectedView.spokenElements` applies SwiftUI's accessibility modifiers to that, so a check
// sees what VoiceOver would read — and that a label given to a decorative image is read by no one
// (the image is not in the accessibility tree, so `.accessibilityLabel` has nothing to name).

// MARK: - CoreGraphics

/// Core Foundation's type identifier (`CFTypeID`, an unsigned integer).
public typealias CFTypeID = UInt

/// The type identifier of a Core Foundation object: for the stand-in, `CGImage`'s for a `CGImage`
/// and another for anything else. (A cast with `as?` to a Core Foundation type cannot tell on
/// Apple platforms: it always succeeds.)
public func CFGetTypeID(_ cf: AnyObject?) -> CFTypeID {
    cf is CGImage ? CGImage.typeID : 1
}

/// CoreGraphics' image, which SwiftUI re-exports: what ``ImageStore``'s decoder makes on Apple platforms.
open class CGImage: @unchecked Sendable {
    public let width: Int
    public let height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    /// `CGImageGetTypeID()`.
    open class var typeID: CFTypeID { 269 }
}

// MARK: - Image

public struct Image: View, PrimitiveView {
    public typealias Body = Never
    public enum Orientation: UInt8, Hashable, Sendable { case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored }
    public enum ResizingMode: Hashable, Sendable { case tile, stretch }

    /// What VoiceOver reads for the image: its label, nothing (decorative), or "image" alone.
    enum Speech: Equatable {
        case label(String)
        case decorative
        case unlabelled
    }
    let speech: Speech

    /// iOS 13, macOS 10.15: an image with a label, read by VoiceOver.
    public init(_ cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up, label: Text) {
        speech = .label(label.plainText)
    }
    /// iOS 13, macOS 10.15: an unlabelled image that accessibility ignores.
    public init(decorative cgImage: CGImage, scale: CGFloat, orientation: Image.Orientation = .up) { speech = .decorative }
    /// An asset with a label.
    public init(_ name: String, bundle: Bundle? = nil, label: Text) { speech = .label(label.plainText) }
    /// An asset that accessibility ignores.
    public init(decorative name: String, bundle: Bundle? = nil) { speech = .decorative }
    /// A UIKit image: no label of its own.
    public init(uiImage: UIImage) { speech = .unlabelled }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image { self }

    public func inspected(by inspector: inout ViewInspector) -> InspectedView {
        var view = InspectedView("Image")
        switch speech {
        case .label(let label): view.imageLabel = label
        case .decorative: view.isDecorative = true
        case .unlabelled: break
        }
        return view
    }
}

// MARK: - What VoiceOver reads

/// One element VoiceOver stops at: what it reads, and its traits (`"image"`, `"button"` …).
public struct SpokenElement: Hashable, CustomStringConvertible {
    public var label: String?
    public var traits: Swift.Set<String>
    public var description: String { "\(label.map { "\"\($0)\"" } ?? "(no label)") \(traits.sorted())" }
}

extension InspectedView {
    /// The elements VoiceOver reads in this tree, in order: text, labelled and unlabelled images,
    /// controls — then the accessibility modifiers from the innermost out (`accessibilityHidden`
    /// removes, `accessibilityElement` makes one, `accessibilityLabel` and the traits change the
    /// elements there are and never make one).
    public var spokenElements: [SpokenElement] {
        var elements: [SpokenElement]
        switch kind {
        case "Text":
            let words = text?.plainText ?? ""
            elements = words.isEmpty ? [] : [SpokenElement(label: words, traits: ["staticText"])]
        case "Image":
            elements = isDecorative ? [] : [SpokenElement(label: imageLabel, traits: ["image"])]
        case "Button":
            elements = [SpokenElement(label: Self.joined(children.flatMap(\.spokenElements)), traits: ["button"])]
        case "TextField", "SecureField", "Toggle":
            elements = [SpokenElement(label: title, traits: [])]
        default:
            elements = children.flatMap(\.spokenElements)
        }
        for (name, value) in modifiers.reversed() {
            switch name {
            case "accessibilityHidden" where value as? Bool == true:
                elements = []
            case "accessibilityElement":
                let behaviour = (value as? AccessibilityChildBehavior) ?? .ignore
                if behaviour == .ignore {
                    elements = [SpokenElement(label: nil, traits: [])]
                } else if behaviour == .combine {
                    elements = [SpokenElement(label: Self.joined(elements), traits: elements.reduce([]) { $0.union($1.traits) })]
                }
            case "accessibilityLabel":
                if let label = value as? String { for index in elements.indices { elements[index].label = label } }
            case "accessibilityAddTraits":
                if let traits = value as? AccessibilityTraits {
                    for index in elements.indices { elements[index].traits.formUnion(traits.roles) }
                }
            case "accessibilityRemoveTraits":
                if let traits = value as? AccessibilityTraits {
                    for index in elements.indices { elements[index].traits.subtract(traits.roles) }
                }
            default:
                break
            }
        }
        return elements
    }

    private static func joined(_ elements: [SpokenElement]) -> String? {
        let labels = elements.compactMap(\.label)
        return labels.isEmpty ? nil : labels.joined(separator: ", ")
    }
}
