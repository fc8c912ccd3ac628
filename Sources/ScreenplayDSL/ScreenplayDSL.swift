// The DSL's SwiftUI-like names for the format's types, for code that builds screens: the server,
// its tests, tools. Apps do not import this module: the format keeps these types under
// `Component` (`Component.Text`, `Component.VStack` …), `AdaptiveColor` and `Insets`, so a SwiftUI
// file that imports the renderer never has two `Text`s or two `Color`s in scope
// (docs/ARCHITECTURE.md, "Two vocabularies").
//
// ```swift
// import ScreenplayDSL
//
// let screen = Screen(id: "hello") {
//     VStack(spacing: 8) {
//         Text("Hello").font(size: 20, weight: .bold).foregroundColor(Color("#1a73e8", dark: "#8ab4f8"))
//     }
//     .padding(16)
// }
// ```
@_exported import Screenplay

public typealias VStack = Component.VStack
public typealias HStack = Component.HStack
public typealias ZStack = Component.ZStack
public typealias Stack = Component.Stack
public typealias Scroll = Component.Scroll
public typealias List = Component.List
public typealias Section = Component.Section
public typealias Spacer = Component.Spacer
public typealias Divider = Component.Divider
public typealias Carousel = Component.Carousel
public typealias Grid = Component.Grid
public typealias StateSwitch = Component.StateSwitch
public typealias Text = Component.Text
public typealias RichText = Component.RichText
public typealias Image = Component.Image
public typealias Rectangle = Component.Rectangle
public typealias Badge = Component.Badge
public typealias Button = Component.Button
public typealias TextField = Component.TextField
public typealias Toggle = Component.Toggle
public typealias GenericItem = Component.GenericItem
public typealias Custom = CustomComponent
public typealias Alignment = Component.Alignment
public typealias HorizontalAlignment = Component.HorizontalAlignment
public typealias VerticalAlignment = Component.VerticalAlignment
public typealias Axis = Component.Axis
public typealias Color = AdaptiveColor
public typealias EdgeInsets = Insets
