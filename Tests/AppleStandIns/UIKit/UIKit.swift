// A stand-in for UIKit, for type-checking ScreenplaySwiftUI and ScreenplayUIKit on Linux
// (scripts/check-apple). Test-only, never shipped. It declares exactly the API the renderer uses,
// with the signatures Apple documents: this file is the list a Mac user reviews first.
@_exported import Foundation

@MainActor open class UIResponder {
    public init() {}
}

@MainActor open class UIView: UIResponder {
    public override init() {}
    public init(frame: CGRect) {}
    open var translatesAutoresizingMaskIntoConstraints = true
    open var backgroundColor: UIColor?
    public private(set) var subviews: [UIView] = []
    public private(set) weak var superview: UIView?
    open func addSubview(_ view: UIView) {
        subviews.append(view)
        view.superview = self
    }
    open func removeFromSuperview() {
        superview?.subviews.removeAll { $0 === self }
        superview = nil
    }
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    /// Whether a layout pass is pending (`setNeedsLayout`), until `layoutIfNeeded` runs it.
    public private(set) var standInNeedsLayout = false
    open func setNeedsLayout() { standInNeedsLayout = true }
    /// Lays this view out now, then its subviews, as UIKit's pass goes from the top down.
    open func layoutIfNeeded() {
        if standInNeedsLayout {
            standInNeedsLayout = false
            layoutSubviews()
        }
        for view in subviews { view.layoutIfNeeded() }
    }
    open func layoutSubviews() { standInLayoutOwner?.viewDidLayoutSubviews() }
    /// The view controller whose `view` this is: UIKit tells it after each layout pass.
    weak var standInLayoutOwner: UIViewController?
}

/// A view that scrolls; SwiftUI's `ScrollView` and `List` are drawn in one (UIKit's own, or a
/// collection view) inside a hosting controller's view.
@available(iOS 2.0, *)
@MainActor open class UIScrollView: UIView {}

/// The edges of a rectangle in the layout direction (iOS 13).
@available(iOS 13.0, *)
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

public final class UIColor: Sendable {
    public static let systemBackground = UIColor()
    public static let clear = UIColor()
}

public class NSLayoutConstraint {
    public var isActive = false
    public class func activate(_ constraints: [NSLayoutConstraint]) {
        for constraint in constraints { constraint.isActive = true }
    }
}

public class NSLayoutAnchor<AnchorType: AnyObject> {
    public func constraint(equalTo anchor: NSLayoutAnchor<AnchorType>) -> NSLayoutConstraint { NSLayoutConstraint() }
}

public final class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor> {}
public final class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor> {}

@MainActor open class UIViewController: UIResponder {
    public override init() {}
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
    public required init?(coder: NSCoder) {}
    private var loadedView: UIView?
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                loadedView?.standInLayoutOwner = self
                viewDidLoad()
            }
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.standInLayoutOwner = self
        }
    }
    /// The view if it is loaded, without loading it.
    @available(iOS 9.0, *) public var viewIfLoaded: UIView? { loadedView }
    open var isViewLoaded: Bool { loadedView != nil }
    open var title: String?
    public private(set) var children: [UIViewController] = []
    public private(set) weak var parent: UIViewController?
    public internal(set) weak var navigationController: UINavigationController?
    public private(set) var presentedViewController: UIViewController?
    public private(set) weak var presentingViewController: UIViewController?
    open func loadView() { loadedView = UIView() }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    private var contentScrollViews: [UInt: UIScrollView] = [:]
    /// Sets the scroll view whose content edges the bars follow (iOS 15); nil lets UIKit find one.
    @available(iOS 15.0, *)
    open func setContentScrollView(_ scrollView: UIScrollView?, for edge: NSDirectionalRectEdge) {
        for single in [NSDirectionalRectEdge.top, .bottom] where edge.contains(single) { contentScrollViews[single.rawValue] = scrollView }
    }
    /// The scroll view the bars follow at `edge` (`.top` or `.bottom`): the one set, else the view
    /// itself when it is a scroll view (the stand-in's reading of UIKit's search).
    @available(iOS 15.0, *)
    open func contentScrollView(for edge: NSDirectionalRectEdge) -> UIScrollView? {
        precondition(edge == .top || edge == .bottom, "contentScrollView(for:) takes .top or .bottom")
        return contentScrollViews[edge.rawValue] ?? (loadedView as? UIScrollView)
    }
    /// Calls the child's `willMove(toParent:)` first, as UIKit does.
    open func addChild(_ childController: UIViewController) {
        childController.willMove(toParent: self)
        children.append(childController)
        childController.parent = self
    }
    /// Calls `didMove(toParent: nil)` after, as UIKit does.
    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
        didMove(toParent: nil)
    }
    open func didMove(toParent parent: UIViewController?) {}
    open func willMove(toParent parent: UIViewController?) {}
    /// What presents this controller (made by `present`, as UIKit makes it for the style).
    public private(set) var presentationController: UIPresentationController?
    open func present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = viewControllerToPresent
        viewControllerToPresent.presentingViewController = self
        viewControllerToPresent.presentationController = UIPresentationController(
            presentedViewController: viewControllerToPresent, presenting: self)
        completion?()
    }
    /// The stand-in's hook for a test: the user swipes this presented controller down.
    public func standInUserSwipesDown() {
        guard let presenting = presentingViewController, let controller = presentationController else { return }
        presenting.dismiss(animated: true)
        controller.delegate?.presentationControllerDidDismiss(controller)
    }
    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let presented = presentedViewController {
            presented.presentingViewController = nil
            presentedViewController = nil
        } else {
            presentingViewController?.presentedViewController = nil
            presentingViewController = nil
        }
        completion?()
    }
}

@MainActor open class UIPresentationController {
    public unowned let presentedViewController: UIViewController
    public weak var presentingViewController: UIViewController?
    open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController
    }
}

/// UIKit's methods are optional (Objective-C); the stand-in names the one the coordinator implements.
@MainActor public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

@MainActor public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

@MainActor open class UINavigationController: UIViewController {
    public private(set) var viewControllers: [UIViewController] = []
    open weak var delegate: (any UINavigationControllerDelegate)?
    public init(rootViewController: UIViewController) {
        super.init()
        viewControllers = [rootViewController]
        rootViewController.navigationController = self
    }
    public override init() { super.init() }
    public required init?(coder: NSCoder) { super.init(coder: coder) }
    public var topViewController: UIViewController? { viewControllers.last }
    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
        viewController.navigationController = self
        delegate?.navigationController(self, didShow: viewController, animated: animated)
    }
    @discardableResult open func popViewController(animated: Bool) -> UIViewController? {
        guard viewControllers.count > 1 else { return nil }
        let popped = viewControllers.removeLast()
        if let top = viewControllers.last { delegate?.navigationController(self, didShow: top, animated: animated) }
        return popped
    }
    @discardableResult open func popToViewController(_ viewController: UIViewController, animated: Bool) -> [UIViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else { return nil }
        let popped = Array(viewControllers[(index + 1)...])
        viewControllers.removeSubrange((index + 1)...)
        delegate?.navigationController(self, didShow: viewController, animated: animated)
        return popped
    }
    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        self.viewControllers = viewControllers
        for controller in viewControllers { controller.navigationController = self }
        if let top = viewControllers.last { delegate?.navigationController(self, didShow: top, animated: animated) }
    }
}

/// The app: the stand-in names the notifications a host follows (posted on the main thread).
/// Apple's are `nonisolated class let` (Objective-C constants); a Swift class says `static let`.
@available(iOS 2.0, *)
@MainActor open class UIApplication: UIResponder {
    @available(iOS 4.0, *)
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name("UIApplicationDidEnterBackgroundNotification")
    @available(iOS 4.0, *)
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name("UIApplicationWillEnterForegroundNotification")
}

public final class UIImage: Sendable {
    public let data: Data
    public init?(data: Data) {
        guard !data.isEmpty else { return nil }
        self.data = data
    }
}

/// Apple's is a struct of string constants; these are the ones the renderer names.
public struct UITextContentType: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let name = Self(rawValue: "name"), givenName = Self(rawValue: "givenName"), familyName = Self(rawValue: "familyName")
    public static let emailAddress = Self(rawValue: "emailAddress"), telephoneNumber = Self(rawValue: "telephoneNumber")
    public static let username = Self(rawValue: "username"), password = Self(rawValue: "password"),
        newPassword = Self(rawValue: "newPassword")
    public static let oneTimeCode = Self(rawValue: "oneTimeCode"), fullStreetAddress = Self(rawValue: "fullStreetAddress")
    public static let postalCode = Self(rawValue: "postalCode"), addressCity = Self(rawValue: "addressCity")
    public static let countryName = Self(rawValue: "countryName"), organizationName = Self(rawValue: "organizationName")
    public static let URL = Self(rawValue: "URL"), birthdate = Self(rawValue: "birthdate")
    public static let creditCardNumber = Self(rawValue: "creditCardNumber"), creditCardExpiration = Self(rawValue: "creditCardExpiration")
    public static let creditCardSecurityCode = Self(rawValue: "creditCardSecurityCode"), creditCardName = Self(rawValue: "creditCardName")
}

public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad
}
