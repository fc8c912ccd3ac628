// UIKit's text field, as far as the SwiftUI renderer's masked field uses it (see UIKit.swift), with
// Apple's signatures: a `UITextField` asks its delegate before each edit
// (`textField(_:shouldChangeCharactersIn:replacementString:)`, an `NSRange` in UTF-16 units), holds
// marked text while an input method composes (`markedTextRange`), and has a selection its owner may
// set. Setting `text` puts the caret at the end, as UIKit does. `standInType(_:)` and
// `standInCompose(_:)` stand in for the user's keyboard.

/// What a control reports (iOS 2); the stand-in has the one the renderer listens to.
@MainActor open class UIControl: UIView {
    public struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let editingChanged = Event(rawValue: 1 << 17)
    }
    open var isEnabled = true
    private var actions: [(action: UIAction, events: Event)] = []
    /// iOS 14.
    public func addAction(_ action: UIAction, for controlEvents: UIControl.Event) { actions.append((action, controlEvents)) }
    open func sendActions(for controlEvents: UIControl.Event) {
        for entry in actions where entry.events.contains(controlEvents) { entry.action.handler(entry.action) }
    }
}

public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A closure a control runs (iOS 14).
@MainActor open class UIAction {
    let handler: UIActionHandler
    public init(title: String = "", handler: @escaping UIActionHandler) { self.handler = handler }
}

/// A place in a text input (iOS 3.2): the stand-in's is a UTF-16 offset.
open class UITextPosition: NSObject {
    let offset: Int
    init(_ offset: Int) { self.offset = offset }
}

/// A range of a text input (iOS 3.2).
open class UITextRange: NSObject {
    public let start: UITextPosition
    public let end: UITextPosition
    init(_ start: Int, _ end: Int) {
        self.start = UITextPosition(start)
        self.end = UITextPosition(end)
    }
    open var isEmpty: Bool { start.offset == end.offset }
}

public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

/// What a text field asks and tells (iOS 2); every method is optional, as in UIKit.
@MainActor public protocol UITextFieldDelegate: AnyObject {
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldDidEndEditing(_ textField: UITextField)
}

extension UITextFieldDelegate {
    public func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        true
    }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldDidEndEditing(_ textField: UITextField) {}
}

@MainActor open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable { case none, line, bezel, roundedRect }
    /// Setting it puts the caret at the end and ends any composition, as UIKit does.
    open var text: String? {
        didSet {
            marked = nil
            caret = (text ?? "").utf16.count
        }
    }
    open var placeholder: String?
    open var borderStyle = BorderStyle.none
    open var keyboardType = UIKeyboardType.default
    open var textContentType: UITextContentType?
    open var returnKeyType = UIReturnKeyType.default
    open var isSecureTextEntry = false
    open var accessibilityLabel: String?
    open var accessibilityHint: String?
    open var inputAccessoryView: UIView?
    open weak var delegate: UITextFieldDelegate?
    public private(set) var isFirstResponder = false
    private var caret = 0
    private var marked: (start: Int, end: Int)?

    open var beginningOfDocument: UITextPosition { UITextPosition(0) }
    open var endOfDocument: UITextPosition { UITextPosition((text ?? "").utf16.count) }
    open var markedTextRange: UITextRange? { marked.map { UITextRange($0.start, $0.end) } }
    open var selectedTextRange: UITextRange? {
        get { UITextRange(caret, caret) }
        set { caret = newValue?.start.offset ?? caret }
    }
    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        let target = position.offset + offset
        return (0...(text ?? "").utf16.count).contains(target) ? UITextPosition(target) : nil
    }
    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        UITextRange(fromPosition.offset, toPosition.offset)
    }
    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int { toPosition.offset - from.offset }

    @discardableResult open func becomeFirstResponder() -> Bool {
        guard !isFirstResponder else { return true }
        isFirstResponder = true
        delegate?.textFieldDidBeginEditing(self)
        return true
    }
    @discardableResult open func resignFirstResponder() -> Bool {
        guard isFirstResponder else { return true }
        isFirstResponder = false
        delegate?.textFieldDidEndEditing(self)
        return true
    }

    /// The stand-in's: the user types (or pastes) `string` over `range` (the selection when nil),
    /// as UIKit does: the delegate is asked first, then the text changes and `editingChanged` is sent.
    public func standInType(_ string: String, replacing range: NSRange? = nil) {
        let current = text ?? ""
        let range = range ?? NSRange(location: caret, length: 0)
        guard delegate?.textField(self, shouldChangeCharactersIn: range, replacementString: string) ?? true else { return }
        let changed = (current as NSString).replacingCharacters(in: range, with: string)
        text = changed
        caret = range.location + string.utf16.count
        sendActions(for: .editingChanged)
    }

    /// The stand-in's: an input method shows `composing` as marked text at the caret (UIKit does not
    /// ask the delegate for marked text); `commit` then ends the composition with that text.
    public func standInCompose(_ composing: String, commit: Bool) {
        let current = text ?? ""
        let start = marked?.start ?? caret
        let end = marked?.end ?? caret
        let changed = (current as NSString).replacingCharacters(in: NSRange(location: start, length: end - start), with: composing)
        let newEnd = start + composing.utf16.count
        text = changed
        caret = newEnd
        marked = commit ? nil : (start, newEnd)
        sendActions(for: .editingChanged)
    }

    /// The stand-in's: the user presses Return.
    public func standInReturn() { _ = delegate?.textFieldShouldReturn(self) }
}

/// A bar of buttons (iOS 2), above a keyboard as a text field's `inputAccessoryView`.
@MainActor open class UIToolbar: UIView {
    open var items: [UIBarButtonItem]?
}

/// A button of a bar (iOS 2).
@MainActor open class UIBarButtonItem {
    public enum SystemItem: Int, Sendable { case done, cancel, flexibleSpace }
    public let systemItem: SystemItem
    public let primaryAction: UIAction?
    /// iOS 14.
    public init(systemItem: UIBarButtonItem.SystemItem, primaryAction: UIAction? = nil, menu: AnyObject? = nil) {
        self.systemItem = systemItem
        self.primaryAction = primaryAction
    }
    /// iOS 14.
    public class func flexibleSpace() -> UIBarButtonItem { UIBarButtonItem(systemItem: .flexibleSpace) }
    /// The stand-in's: the user taps it.
    public func standInTap() { primaryAction.map { $0.handler($0) } }
}
