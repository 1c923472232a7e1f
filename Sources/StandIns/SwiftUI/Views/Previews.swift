/// A type that makes previews of views for Xcode's canvas
/// (https://developer.apple.com/documentation/swiftui/previewprovider).
///
/// Quartet writes previews this way rather than with the `#Preview` macro, which needs a compiler plug-in the
/// Linux toolchain does not have; `make screens` draws every preview of every app.
@MainActor @preconcurrency
public protocol PreviewProvider {
    /// The previews' type.
    associatedtype Previews: View
    /// The previews.
    @ViewBuilder @MainActor @preconcurrency static var previews: Previews { get }
}

extension View {
    /// The name of the preview in the canvas.
    public func previewDisplayName(_ value: String?) -> some View {
        _modifySingle { node, _ in node.previewName = value }
    }
}

/// What a view uses to draw itself (https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext).
/// Platform views (UIKit's, MapKit's, WebKit's) conform to this to be drawn as one node. Not part of SwiftUI.
@MainActor
public protocol _PlatformRepresentable: View, _PrimitiveView where Body == Never {}
