import Foundation

/// Turns an image's bytes into what a renderer draws, no larger than the frame it is drawn in:
/// ImageIO's thumbnails on Apple platforms (`ScreenplaySwiftUI`), a size read from the header
/// elsewhere. ``ImageStore`` calls it off the main actor and keeps what it returns within a budget
/// of decoded bytes — what an image really costs in memory, not the size of its file.
///
/// ```swift
/// struct Thumbnails: ImageDecoding {
///     func decode(_ data: Data, maxPixelSize: Int?) -> DecodedImage? {
///         guard let image = makeThumbnail(data, maxPixelSize) else { return nil }
///         return DecodedImage(image, pixelWidth: image.width, pixelHeight: image.height)
///     }
/// }
/// ```
public protocol ImageDecoding: Sendable {
    /// The decoded image, its longer side at most `maxPixelSize` pixels (nil: as large as it is);
    /// nil when the bytes are not an image this decoder reads.
    func decode(_ data: Data, maxPixelSize: Int?) -> DecodedImage?
}

/// A decoded image and what it holds in memory.
public struct DecodedImage: @unchecked Sendable {
    /// The platform's image (a `CGImage` on Apple platforms); immutable once made.
    public let image: Any
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Bytes held in memory: four a pixel, unless the decoder says otherwise.
    public let cost: Int

    public init(_ image: Any, pixelWidth: Int, pixelHeight: Int, cost: Int? = nil) {
        self.image = image
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        let pixels = pixelWidth.multipliedReportingOverflow(by: pixelHeight)
        let bytes = pixels.partialValue.multipliedReportingOverflow(by: 4)
        self.cost = cost ?? (pixels.overflow || bytes.overflow ? .max : bytes.partialValue)
    }
}

/// The decoder for platforms that draw no pixels (Linux, tests): keeps the bytes, at their weight.
public struct UndecodedImages: ImageDecoding {
    public init() {}

    public func decode(_ data: Data, maxPixelSize: Int?) -> DecodedImage? {
        DecodedImage(data, pixelWidth: 0, pixelHeight: 0, cost: data.count)
    }
}
