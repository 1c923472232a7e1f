/// The kind of a file in a person's words (`PDF`, `JPEG image`), the same in every app: Attendee's documents and
/// gallery, Sales' attachments. A list shows these, never a MIME type.
///
/// ```swift
/// FileKind(mimeType: "application/pdf").words        // "PDF"
/// FileKind(mimeType: "image/jpeg; q=0.9").words      // "JPEG image"
/// FileKind(mimeType: "application/zip").words        // "File"
/// ```
public enum FileKind: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, gif, webp, heic, pdf, text
    /// A Word, Excel or PowerPoint file.
    case office = "ooxml"
    /// An OpenDocument text, spreadsheet or presentation.
    case openDocument = "odf"
    /// Any other kind: the words say only that it is a file.
    case file

    /// The kind a MIME type names (parameters and case ignored); ``file`` for one with no words of its own.
    public init(mimeType: String) {
        let type =
            mimeType.split(separator: ";").first.map(String.init)?.trimmingCharacters(in: .whitespaces)
            .lowercased() ?? ""
        switch type {
        case "image/jpeg", "image/jpg", "image/pjpeg": self = .jpeg
        case "image/png": self = .png
        case "image/gif": self = .gif
        case "image/webp": self = .webp
        case "image/heic", "image/heif": self = .heic
        case "application/pdf": self = .pdf
        case "application/msword", "application/vnd.ms-excel", "application/vnd.ms-powerpoint": self = .office
        case _ where type.hasPrefix("application/vnd.openxmlformats-officedocument"): self = .office
        case _ where type.hasPrefix("application/vnd.oasis.opendocument"): self = .openDocument
        case _ where type.hasPrefix("text/"): self = .text
        default: self = .file
        }
    }

    /// What a person calls it: `PDF`, `JPEG image`, `Office document`.
    public var words: String { FileKind.table.text("file.kind." + rawValue) }

    private static let table = StringTable(bundle: .module)
}
