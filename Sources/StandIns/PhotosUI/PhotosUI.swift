// The PhotosUI stand-in: on Linux only, the photo picker the Sales item editor uses.
import Foundation
import SwiftUI

/// A photo the person picked (https://developer.apple.com/documentation/photokit/photospickeritem).
public struct PhotosPickerItem: Equatable, Hashable, Sendable {
    /// The photo's identifier in the library.
    public let itemIdentifier: String?
    let data: Data

    /// A picked photo with its bytes. Not part of PhotosUI: tests pick a photo with it.
    public init(_itemIdentifier identifier: String, data: Data) {
        itemIdentifier = identifier
        self.data = data
    }

    /// The photo's bytes (`Data.self`).
    public func loadTransferable<T: Transferable>(type: T.Type) async throws -> T? {
        data as? T
    }
}

/// What kinds of item a picker offers (https://developer.apple.com/documentation/photokit/phpickerfilter).
public struct PHPickerFilter: Sendable, Equatable {
    let name: String
    /// Photos.
    public static let images = PHPickerFilter(name: "images")
    /// Videos.
    public static let videos = PHPickerFilter(name: "videos")
}

/// A button that opens the photo library (https://developer.apple.com/documentation/photokit/photospicker).
public struct PhotosPicker<Label: View>: View, _PrimitiveView {
    let title: String
    let selection: Binding<PhotosPickerItem?>
    let filter: PHPickerFilter?

    public typealias Body = Never
    public func _render(in context: RenderContext) -> [ViewNode] {
        var node = ViewNode(.photosPicker, text: title)
        node.isEnabled = context.environment.isEnabled
        node.value = filter?.name
        let selection = selection
        node.pick = { data in selection.wrappedValue = PhotosPickerItem(_itemIdentifier: UUID().uuidString, data: data)
        }
        return [node]
    }
}

extension PhotosPicker where Label == Text {
    /// A picker titled with a string.
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<PhotosPickerItem?>, matching filter: PHPickerFilter? = nil
    ) {
        self.title = String(title)
        self.selection = selection
        self.filter = filter
    }
}
