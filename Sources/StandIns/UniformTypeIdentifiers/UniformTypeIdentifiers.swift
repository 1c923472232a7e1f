// The UniformTypeIdentifiers stand-in: on Linux only, the file types the Files picker (`fileImporter`) is told to
// offer.

/// A kind of file, by its uniform type identifier (https://developer.apple.com/documentation/uniformtypeidentifiers/uttype).
public struct UTType: Hashable, Sendable, CustomStringConvertible {
    /// The identifier (`com.adobe.pdf`).
    public let identifier: String

    /// The type named `identifier`.
    public init?(_ identifier: String) {
        guard !identifier.isEmpty else { return nil }
        self.identifier = identifier
    }

    private init(known identifier: String) { self.identifier = identifier }

    public var description: String { identifier }

    /// Any file or folder.
    public static let item = UTType(known: "public.item")
    /// Any file a person would call a document or a picture.
    public static let content = UTType(known: "public.content")
    /// Any bytes.
    public static let data = UTType(known: "public.data")
    /// Any image.
    public static let image = UTType(known: "public.image")
    /// A PDF document.
    public static let pdf = UTType(known: "com.adobe.pdf")
    /// Plain text.
    public static let plainText = UTType(known: "public.plain-text")
}
