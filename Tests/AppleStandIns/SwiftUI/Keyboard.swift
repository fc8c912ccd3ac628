// The keyboard around a text field (see SwiftUI.swift), with Apple's signatures and availability:
// the Return key's label and what it does (`submitLabel`, `onSubmit`), the bar above the keyboard
// (`toolbar` with `ToolbarItemGroup(placement: .keyboard)`), a scroll that dismisses the keyboard
// (`scrollDismissesKeyboard`), and the announcements VoiceOver speaks
// (`AccessibilityNotification.Announcement`, which the stand-in records for the checks).

// MARK: - Return

/// The Return key's label (iOS 15, macOS 12).
@available(iOS 15.0, macOS 12.0, *)
public struct SubmitLabel: Hashable, Sendable {
    let name: String
    public static let done = SubmitLabel(name: "done")
    public static let go = SubmitLabel(name: "go")
    public static let send = SubmitLabel(name: "send")
    public static let join = SubmitLabel(name: "join")
    public static let route = SubmitLabel(name: "route")
    public static let search = SubmitLabel(name: "search")
    public static let `return` = SubmitLabel(name: "return")
    public static let next = SubmitLabel(name: "next")
    public static let `continue` = SubmitLabel(name: "continue")
}

/// What submits (iOS 15, macOS 12).
@available(iOS 15.0, macOS 12.0, *)
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

// MARK: - The bar above the keyboard

/// Where a toolbar item goes (iOS 14, macOS 11); `keyboard` is iOS 15, macOS 12.
@available(iOS 14.0, macOS 11.0, *)
public struct ToolbarItemPlacement: Hashable, Sendable {
    let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic")
    @available(iOS 15.0, macOS 12.0, *) public static let keyboard = ToolbarItemPlacement(name: "keyboard")
}

/// What a toolbar holds (iOS 14, macOS 11).
@available(iOS 14.0, macOS 11.0, *)
@MainActor @preconcurrency public protocol ToolbarContent {}

@available(iOS 14.0, macOS 11.0, *)
@resultBuilder public struct ToolbarContentBuilder {
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
}

/// What a check reads of a toolbar's items: where they go and the views they show.
public protocol ToolbarItemsRecord {
    var placement: ToolbarItemPlacement { get }
    var items: AnyView { get }
}

/// Items of a toolbar at one placement: the check inspects `content` (a view) and its `placement`.
@available(iOS 14.0, macOS 11.0, *)
public struct ToolbarItemGroup<Content: View>: ToolbarContent, ToolbarItemsRecord {
    public var items: AnyView { AnyView(content) }
    public let placement: ToolbarItemPlacement
    public let content: Content
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

/// How a scroll view dismisses the keyboard (iOS 16, macOS 13).
@available(iOS 16.0, macOS 13.0, *)
public struct ScrollDismissesKeyboardMode: Hashable, Sendable {
    let name: String
    public static let automatic = ScrollDismissesKeyboardMode(name: "automatic")
    public static let immediately = ScrollDismissesKeyboardMode(name: "immediately")
    public static let interactively = ScrollDismissesKeyboardMode(name: "interactively")
    public static let never = ScrollDismissesKeyboardMode(name: "never")
}

extension View {
    @available(iOS 15.0, macOS 12.0, *)
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { attributed("submitLabel", submitLabel) }
    @available(iOS 15.0, macOS 12.0, *)
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        attributed("onSubmit", action)
    }
    @available(iOS 14.0, macOS 11.0, *)
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View {
        attributed("toolbar", content())
    }
    @available(iOS 16.0, macOS 13.0, *)
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { attributed("scrollDismissesKeyboard", mode) }
}

// MARK: - Announcements

/// The Accessibility framework's notifications (iOS 17, macOS 14), which SwiftUI apps post.
@available(iOS 17.0, macOS 14.0, *)
public enum AccessibilityNotification {
    /// Something for VoiceOver to say now.
    public struct Announcement {
        let text: String
        public init(_ announcement: String) { text = announcement }
        /// Speaks it; the stand-in records it in ``AccessibilityNotification/posted``.
        @MainActor public func post() { AccessibilityNotification.posted.append(text) }
    }

    /// What was announced, oldest first (the stand-in's record, for the checks).
    @MainActor public static var posted: [String] = []
}

// MARK: - One focus at a time

/// The field with focus: one at a time, as in SwiftUI, so a field that takes focus takes it from
/// the one that had it (whose `@FocusState` becomes false: it was left).
enum FocusOwner {
    nonisolated(unsafe) private static var owner: ObjectIdentifier?
    nonisolated(unsafe) private static var release: (() -> Void)?

    static func update<Value>(_ state: State<Value>, _ value: Value) {
        guard let focused = value as? Bool else { return }
        let id = ObjectIdentifier(state.location.box)
        if focused {
            guard owner != id else { return }
            let previous = release
            owner = id
            release = { if let off = false as? Value { state.wrappedValue = off } }
            previous?()
        } else if owner == id {
            owner = nil
            release = nil
        }
    }
}
