// Every text the renderer draws grows with Dynamic Type: drawn at the largest accessibility size,
// each text is in a text style (which scales) or larger than at the default size. Badges, banners,
// section headers and field labels included.
import Foundation
import Screenplay
import ScreenplayClient
import ScreenplaySwiftUI
import SwiftUI

enum DynamicTypeCheck {
    @MainActor static func texts(_ view: ScreenView, size: DynamicTypeSize) -> [(String, Font?)] {
        var environment = EnvironmentValues()
        environment.dynamicTypeSize = size
        var found: [(String, Font?)] = []
        ViewInspector.inspect(view, environment: environment).walk { view in
            if view.kind == "Text", let text = view.text { found.append((text.plainText, view.font)) }
        }
        return found
    }

    @MainActor static func verify(demo: [String: Screen]) async {
        for path in demo.keys.sorted() {
            let runtime = runtime(serving: demo)
            await runtime.open(path)
            guard let store = runtime.current else { continue }
            let view = screenView(store, runtime)
            let regular = texts(view, size: .large)
            let largest = texts(view, size: .accessibility5)
            guard regular.count == largest.count else {
                check(false, "\(path): \(regular.count) texts at the default size, \(largest.count) at the largest")
                continue
            }
            for ((text, font), (_, large)) in zip(regular, largest) {
                let scales = font == nil || font?.style != nil || (large?.size ?? 0) > (font?.size ?? 0)
                check(scales, "\(path): \"\(text)\" does not grow with Dynamic Type (\(String(describing: font)))")
            }
        }
    }
}
