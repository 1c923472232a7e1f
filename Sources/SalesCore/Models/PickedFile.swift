import Foundation
import HTTPTypes

/// A file the person picked to attach, with the `ContentType` it is uploaded under.
///
/// Salesforce stores whatever `ContentType` the client sends and guesses nothing, so the app decides it: an
/// image's and a PDF's from their first bytes (``ImageFormat``), anything else's from its name's extension, and
/// `application/octet-stream` when neither says.
public struct PickedFile: Sendable, Hashable {
    /// The name it is uploaded under.
    public var name: String
    /// Its bytes.
    public var data: Data
    /// The `ContentType` it is uploaded under.
    public var contentType: String

    /// A file whose type the picker named (a photo picker's or a document picker's type).
    public init(name: String, data: Data, contentType: String) {
        self.name = name
        self.data = data
        self.contentType = contentType
    }

    /// A file from the Files picker or the command line: its type read from its bytes, else its name.
    public init(name: String, data: Data) {
        self.init(name: name, data: data, contentType: Self.contentType(of: data, named: name))
    }

    /// A photo from the library, which gives no name: it is named `Photo.<extension>` after its bytes.
    public init(photo data: Data) {
        let image = ImageFormat(sniffing: data)
        let base = SalesText.pickedPhotoName.split(separator: ".").first.map(String.init) ?? "Photo"
        self.init(
            name: image.map { "\(base).\($0.fileExtension)" } ?? SalesText.pickedPhotoName, data: data,
            contentType: image?.mimeType ?? Self.unknownType)
    }

    /// Whether it is an image, the one kind of file that can be made smaller to fit.
    public var isImage: Bool { contentType.hasPrefix("image/") }

    /// The file as the JPEG `jpeg` it was made into: its type says so, and so does its name's extension
    /// (`floor plan.png` goes up as `floor plan.jpg`).
    public func reencoded(as jpeg: Data) -> PickedFile {
        PickedFile(name: Self.jpegName(name), data: jpeg, contentType: ImageFormat.jpeg.mimeType)
    }

    /// `name` as a JPEG's: an image extension becomes `.jpg` (`floor plan.png` → `floor plan.jpg`, `scan.jpeg`
    /// stays), and a name with none gets `.jpg` after all it says (`St. Mary's lobby` → `St. Mary's lobby.jpg`);
    /// the rule for the picked name and for one typed over it alike.
    ///
    /// NB: not `NSString`'s path rules, which take whatever follows the last dot for an extension: a typed
    /// `St. Mary's lobby` went up as `St.jpg`, and `Report v1.2` as `Report v1.jpg`.
    public static func jpegName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name + ".jpg" }
        let nameExtension = name[name.index(after: dot)...].lowercased()
        if ["jpg", "jpeg"].contains(nameExtension) { return name }
        return imageExtensions.contains(nameExtension) ? name[..<dot] + ".jpg" : name + ".jpg"
    }

    /// The extensions that name an image file, which a JPEG made of it replaces.
    static let imageExtensions: Set<String> = Set(ImageFormat.allCases.map(\.fileExtension)).union([
        "heif", "tif", "tiff", "bmp",
    ])

    static let unknownType = "application/octet-stream"

    /// The types a name's extension tells, for files whose bytes carry no signature this reads.
    static let typesByExtension = [
        "pdf": "application/pdf", "txt": "text/plain", "csv": "text/csv", "html": "text/html", "htm": "text/html",
        "doc": "application/msword", "xls": "application/vnd.ms-excel", "ppt": "application/vnd.ms-powerpoint",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ]

    static func contentType(of data: Data, named name: String) -> String {
        if let image = ImageFormat(sniffing: data) { return image.mimeType }
        if data.starts(with: Array("%PDF-".utf8)) { return "application/pdf" }
        // NB: an image's extension is not believed: a `photo.jpg` whose bytes are not a JPEG goes up as unknown
        // bytes, and is never handed to the image codec.
        let fileExtension = (name as NSString).pathExtension.lowercased()
        return typesByExtension[fileExtension] ?? unknownType
    }
}
