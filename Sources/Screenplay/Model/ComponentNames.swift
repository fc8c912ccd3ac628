// Inside the format module the DSL's short names are used for the format's own types. They are
// internal here: apps see `Component.Text`, `AdaptiveColor` and `Insets`, so a file that also imports
// SwiftUI never meets two `Text`s; server code gets the short names from `ScreenplayDSL`.

typealias VStack = Component.VStack
typealias HStack = Component.HStack
typealias ZStack = Component.ZStack
typealias Stack = Component.Stack
typealias Scroll = Component.Scroll
typealias List = Component.List
typealias Section = Component.Section
typealias Spacer = Component.Spacer
typealias Divider = Component.Divider
typealias Carousel = Component.Carousel
typealias Grid = Component.Grid
typealias StateSwitch = Component.StateSwitch
typealias Text = Component.Text
typealias RichText = Component.RichText
typealias Image = Component.Image
typealias Rectangle = Component.Rectangle
typealias Badge = Component.Badge
typealias Button = Component.Button
typealias TextField = Component.TextField
typealias Toggle = Component.Toggle
typealias GenericItem = Component.GenericItem
typealias Alignment = Component.Alignment
typealias HorizontalAlignment = Component.HorizontalAlignment
typealias VerticalAlignment = Component.VerticalAlignment
typealias Axis = Component.Axis
typealias Color = AdaptiveColor
typealias EdgeInsets = Insets
