// Encode and decode of the 1,000-card gallery, built against two commits of the core by
// scripts/bench-codec so that both are timed side by side in one run.
import Foundation
import ScreenplayDSL
import ScreenplayTestSupport

let gallery = SampleScreens.gallery()
let plain = gallery.encoded()
let templated = gallery.encoded(templates: .automatic)
let operations: [(String, () -> Void)] = [
    ("encode", { consume(gallery.encoded()) }),
    ("build+encode", { consume(SampleScreens.gallery().encoded()) }),
    ("encode templates", { consume(gallery.encoded(templates: .automatic)) }),
    ("decode plain", { consume(Screen.decode(from: plain)) }),
    ("decode templated", { consume(Screen.decode(from: templated)) }),
]
timeSideBySide(operations)
print("bytes\t\(plain.count)\t\(templated.count)")
