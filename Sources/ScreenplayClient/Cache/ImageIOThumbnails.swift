#if canImport(ImageIO)
    import Foundation
    import ImageIO

    /// ImageIO's thumbnails, the decoder of ``ImageStore`` on Apple platforms: the bytes decoded
    /// once, off the main actor, straight to the size asked (the image is never decoded whole and
    /// then scaled), turned as the file's orientation says, with the decoding done before the image
    /// reaches the screen (so scrolling does not decode).
    ///
    /// ```swift
    /// let images = ImageStore(transport: URLSessionTransport(), decoder: ImageIOThumbnails())
    /// ```
    public struct ImageIOThumbnails: ImageDecoding {
        public init() {}

        public func decode(_ data: Data, maxPixelSize: Int?) -> DecodedImage? {
            let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
            guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions) else { return nil }
            var options: [CFString: Any] = [
                kCGImageSourceCreateThumbnailFromImageAlways: true,
                kCGImageSourceCreateThumbnailWithTransform: true,
                kCGImageSourceShouldCacheImmediately: true,
            ]
            if let maxPixelSize { options[kCGImageSourceThumbnailMaxPixelSize] = maxPixelSize }
            guard let image = CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary) else { return nil }
            return DecodedImage(image, pixelWidth: image.width, pixelHeight: image.height)
        }
    }
#endif
