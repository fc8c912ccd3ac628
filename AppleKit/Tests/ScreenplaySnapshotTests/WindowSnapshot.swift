#if os(macOS)
    import AppKit
    import SwiftUI

    /// A SwiftUI view drawn by AppKit as a Mac window shows it: in an `NSHostingView` inside a
    /// borderless window that is never put on screen, with the appearance of the variant, on the
    /// window background, into a bitmap of a fixed 2× scale (`NSView`'s own snapshot strategy draws
    /// at the scale of the Mac's screen, so references taken on a Retina display would not match a
    /// CI runner's).
    @MainActor
    enum WindowSnapshot {
        /// The size of the iOS snapshots, so that both platforms show the same amount of a screen.
        static let size = CGSize(width: 390, height: 844)
        static let scale: CGFloat = 2

        struct RenderError: Error, CustomStringConvertible {
            var description: String
        }

        static func image(of view: some View, style: SnapshotVariant.Style) async throws -> NSImage {
            _ = NSApplication.shared  // windows need the application object
            guard let appearance = NSAppearance(named: style == .dark ? .darkAqua : .aqua) else {
                throw RenderError(description: "no \(style) appearance")
            }
            let root =
                view
                .frame(width: size.width, height: size.height)
                .background(Color(nsColor: .windowBackgroundColor))
                .environment(\.colorScheme, style == .dark ? .dark : .light)
            let hosting = NSHostingView(rootView: root)
            hosting.frame = CGRect(origin: .zero, size: size)
            hosting.appearance = appearance
            let window = NSWindow(
                contentRect: hosting.frame, styleMask: [.borderless], backing: .buffered, defer: false)
            window.isReleasedWhenClosed = false
            window.appearance = appearance
            window.contentView = hosting
            defer {
                window.contentView = nil
                window.close()
            }
            hosting.layoutSubtreeIfNeeded()
            // Lets SwiftUI commit the first frame and run the views' tasks (images answer 404 at once).
            try await Task.sleep(for: .milliseconds(100))
            hosting.layoutSubtreeIfNeeded()

            guard
                let bitmap = NSBitmapImageRep(
                    bitmapDataPlanes: nil, pixelsWide: Int(size.width * scale), pixelsHigh: Int(size.height * scale),
                    bitsPerSample: 8, samplesPerPixel: 4, hasAlpha: true, isPlanar: false, colorSpaceName: .deviceRGB,
                    bytesPerRow: 0, bitsPerPixel: 0)
            else { throw RenderError(description: "cannot allocate a \(size) bitmap at \(scale)×") }
            bitmap.size = size  // points: the bitmap's pixels are drawn at `scale`
            hosting.cacheDisplay(in: hosting.bounds, to: bitmap)
            let image = NSImage(size: size)
            image.addRepresentation(bitmap)
            return image
        }
    }
#endif
