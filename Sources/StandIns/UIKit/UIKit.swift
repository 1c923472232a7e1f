// The UIKit stand-in: on Linux only, the part of UIKit (and the iOS-only part of SwiftUI) the Quartet views use.
// A view file reaches it only under `#if canImport(UIKit)`, exactly where it builds for iOS, so iOS-only API
// used without that guard fails to build here as it would for the Mac.
import Foundation
@_exported import SwiftUI

/// An image decoded from data (https://developer.apple.com/documentation/uikit/uiimage).
public final class UIImage: @unchecked Sendable {
    // NB: immutable after init.
    /// The encoded bytes.
    public let data: Data

    /// An image from encoded bytes (JPEG, PNG, HEIC); `nil` when they are not one the stand-in recognises.
    public init?(data: Data) {
        let jpeg = data.starts(with: [0xFF, 0xD8, 0xFF])
        let png = data.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let heic = data.count > 12 && data[data.startIndex + 4..<data.startIndex + 8].elementsEqual("ftyp".utf8)
        guard jpeg || png || heic else { return nil }
        self.data = data
    }
}

extension Image {
    /// An image of a `UIImage`.
    public init(uiImage: UIImage) {
        self.init(_encoded: uiImage.data)
    }
}

/// The keyboard a field shows (https://developer.apple.com/documentation/uikit/uikeyboardtype).
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress
    case decimalPad, twitter, webSearch, asciiCapableNumberPad
}

/// How a field capitalizes (https://developer.apple.com/documentation/swiftui/textinputautocapitalization).
public struct TextInputAutocapitalization: Sendable, Equatable {
    let name: String
    public static let never = TextInputAutocapitalization(name: "never")
    public static let words = TextInputAutocapitalization(name: "words")
    public static let sentences = TextInputAutocapitalization(name: "sentences")
    public static let characters = TextInputAutocapitalization(name: "characters")
}

/// How the navigation bar shows its title (https://developer.apple.com/documentation/swiftui/navigationbaritem/titledisplaymode).
public enum NavigationBarItem {
    /// Large or inline.
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

extension View {
    /// The keyboard for the fields inside (iOS only).
    public func keyboardType(_ type: UIKeyboardType) -> some View {
        _modify { $0.keyboard = "\(type)" }
    }

    /// How the fields inside capitalize (iOS only).
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        self
    }

    /// Large or inline title (iOS only).
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        _modifySingle { node, _ in node.inlineTitle = displayMode == .inline }
    }

    /// Presents `content` over the whole screen while `isPresented` is true (iOS only).
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        sheet(isPresented: isPresented, onDismiss: onDismiss, content: content)
    }
}

/// A view controller (https://developer.apple.com/documentation/uikit/uiviewcontroller).
@MainActor
open class UIViewController {
    /// A view controller.
    public init() {}
}

/// A UIKit view (https://developer.apple.com/documentation/uikit/uiview).
@MainActor
open class UIView {
    /// A view.
    public init() {}
}

/// What a representable is given (https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentablecontext).
@MainActor
public struct UIViewControllerRepresentableContext<Representable> {
    /// The environment the view is drawn in.
    public let environment: EnvironmentValues
}

/// What a representable is given (https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext).
@MainActor
public struct UIViewRepresentableContext<Representable> {
    /// The environment the view is drawn in.
    public let environment: EnvironmentValues
}

/// A UIKit view controller shown as a SwiftUI view (https://developer.apple.com/documentation/swiftui/uiviewcontrollerrepresentable).
@MainActor @preconcurrency
public protocol UIViewControllerRepresentable: _PlatformRepresentable {
    /// The controller's type.
    associatedtype UIViewControllerType: UIViewController
    /// The context's type.
    typealias Context = UIViewControllerRepresentableContext<Self>
    /// Makes the controller.
    func makeUIViewController(context: Context) -> UIViewControllerType
    /// Brings the controller up to date.
    func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
}

extension UIViewControllerRepresentable {
    public func _render(in context: RenderContext) -> [ViewNode] {
        let representable = Context(environment: context.environment)
        let controller = makeUIViewController(context: representable)
        updateUIViewController(controller, context: representable)
        return [platformNode(controller)]
    }
}

/// The node a representable draws: the object it made, its type, and the page it shows.
@MainActor
private func platformNode(_ object: AnyObject) -> ViewNode {
    var node = ViewNode(.platformView, text: nil)
    node.value = String(describing: type(of: object))
    node.platformObject = object
    node.url = (object as? any _PlatformContent)?._contentURL
    return node
}

/// A UIKit view shown as a SwiftUI view (https://developer.apple.com/documentation/swiftui/uiviewrepresentable).
@MainActor @preconcurrency
public protocol UIViewRepresentable: _PlatformRepresentable {
    /// The view's type.
    associatedtype UIViewType: AnyObject
    /// The context's type.
    typealias Context = UIViewRepresentableContext<Self>
    /// Makes the view.
    func makeUIView(context: Context) -> UIViewType
    /// Brings the view up to date.
    func updateUIView(_ uiView: UIViewType, context: Context)
}

extension UIViewRepresentable {
    public func _render(in context: RenderContext) -> [ViewNode] {
        let representable = Context(environment: context.environment)
        let view = makeUIView(context: representable)
        updateUIView(view, context: representable)
        return [platformNode(view)]
    }
}
