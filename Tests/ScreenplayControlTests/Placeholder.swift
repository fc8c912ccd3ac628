import Testing
@testable import ScreenplayControl
