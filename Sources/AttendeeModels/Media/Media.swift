import Foundation
import HTTPTypes
import PublicInit

/// What a stored file is, as its bytes say (never its name or the uploader's `Content-Type`).
public enum MediaType: String, Codable, Sendable, CaseIterable {
    case jpeg, png, gif, webp, heic
    case pdf
    /// UTF-8 (or ASCII) text.
    case plainText = "text"
    /// A Word, Excel or PowerPoint file (Office Open XML, a zip).
    case officeDocument = "ooxml"
    /// An OpenDocument text, spreadsheet or presentation (a zip).
    case openDocument = "odf"

    /// An image's type.
    public init(_ image: ImageFormat) {
        switch image {
        case .jpeg: self = .jpeg
        case .png: self = .png
        case .gif: self = .gif
        case .webp: self = .webp
        case .heic: self = .heic
        }
    }

    /// The image format, for a picture (the raw values are the same).
    public var image: ImageFormat? { ImageFormat(rawValue: rawValue) }

    /// Whether it is a picture (gallery, header photos, images of posts).
    public var isImage: Bool { image != nil }

    /// The `Content-Type` a download is sent with.
    public var contentType: String {
        switch self {
        case .jpeg, .png, .gif, .webp, .heic: image?.mimeType ?? "application/octet-stream"
        case .pdf: "application/pdf"
        case .plainText: "text/plain; charset=utf-8"
        case .officeDocument: "application/vnd.openxmlformats-officedocument"
        case .openDocument: "application/vnd.oasis.opendocument"
        }
    }

    /// The file-name extension a download is named with.
    public var fileExtension: String {
        switch self {
        case .jpeg, .png, .gif, .webp, .heic: image?.fileExtension ?? rawValue
        case .pdf: "pdf"
        case .plainText: "txt"
        case .officeDocument: "docx"
        case .openDocument: "odt"
        }
    }
}

/// Where a stored file belongs: the event's gallery or one of its document lists.
public enum MediaPurpose: String, Codable, Sendable, CaseIterable {
    /// A photo of the event's gallery.
    case gallery
    /// Read before the event (or session).
    case preRead = "pre-read"
    /// Read after the event (or session).
    case postRead = "post-read"
    /// A session's slides, code or handouts.
    case material
    /// A picture attached to a wall post, discussion message, message or note: listed nowhere, and read only by
    /// its uploader and whoever may read a place that uses it.
    case attachment

    /// Whether it is one of the documents (pre-read, post-read or material).
    public var isDocument: Bool { self == .preRead || self == .postRead || self == .material }
}

/// One stored file, as lists and uploads answer it.
@PublicInit
public struct MediaFile: Codable, Sendable, Hashable, Identifiable {
    /// The file's id (`GET /media/:mediaID` downloads it).
    public var id: String
    /// The event it belongs to.
    public var eventID: String
    /// The session it belongs to, for session documents.
    public var sessionID: String?
    /// Who uploaded it.
    public var ownerID: String
    /// Gallery or which document list.
    public var purpose: MediaPurpose
    /// What the bytes are.
    public var type: MediaType
    /// The size in bytes.
    public var byteCount: Int
    /// Pixel width of an image.
    public var width: Int?
    /// Pixel height of an image.
    public var height: Int?
    /// The name shown and used for downloads (sanitized by the server).
    public var fileName: String
    /// Whether `GET /media/:mediaID/thumbnail` has a small JPEG of it.
    public var hasThumbnail: Bool = false
    /// When it was uploaded.
    public var createdAt: Date
    /// Whether the caller may remove it: told in the gallery and the Documentation page, absent elsewhere.
    public var canRemove: Bool?

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        eventID = try container.decode(String.self, forKey: .eventID)
        sessionID = try container.decodeIfPresent(String.self, forKey: .sessionID)
        ownerID = try container.decodeIfPresent(String.self, forKey: .ownerID) ?? ""
        purpose = try container.decodeIfPresent(MediaPurpose.self, forKey: .purpose) ?? .material
        type = try container.decode(MediaType.self, forKey: .type)
        byteCount = try container.decodeIfPresent(Int.self, forKey: .byteCount) ?? 0
        width = try container.decodeIfPresent(Int.self, forKey: .width)
        height = try container.decodeIfPresent(Int.self, forKey: .height)
        fileName = try container.decodeIfPresent(String.self, forKey: .fileName) ?? id
        hasThumbnail = try container.decodeIfPresent(Bool.self, forKey: .hasThumbnail) ?? false
        createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt) ?? Date(timeIntervalSince1970: 0)
        canRemove = try container.decodeIfPresent(Bool.self, forKey: .canRemove)
    }
}

/// The Documentation page of an event (or of one session): its header photo and three lists.
@PublicInit
public struct DocumentsPage: Codable, Sendable, Hashable {
    /// The newest gallery photo, shown at the top; tapping it opens the gallery.
    public var headerPhoto: MediaFile?
    /// Read before.
    public var preRead: [MediaFile] = []
    /// Read after.
    public var postRead: [MediaFile] = []
    /// Session materials (slides, handouts).
    public var materials: [MediaFile] = []
    /// Whether the caller may add documents here: the organizer, and on a session's page its speakers.
    public var canAdd: Bool = false

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        headerPhoto = try container.decodeIfPresent(MediaFile.self, forKey: .headerPhoto)
        preRead = try container.decodeIfPresent([MediaFile].self, forKey: .preRead) ?? []
        postRead = try container.decodeIfPresent([MediaFile].self, forKey: .postRead) ?? []
        materials = try container.decodeIfPresent([MediaFile].self, forKey: .materials) ?? []
        canAdd = try container.decodeIfPresent(Bool.self, forKey: .canAdd) ?? false
    }
}

/// A link to a file that can be sent to someone (`GET /media/:mediaID/share`): it opens without signing in, until
/// `expiresAt`.
@PublicInit
public struct MediaShareLink: Codable, Sendable, Hashable {
    /// The absolute URL of the download, signed (`?expires=…&signature=…`).
    public var url: String
    /// The file's name.
    public var fileName: String
    /// When the link stops opening (`nil` from a server that does not say).
    public var expiresAt: Date? = nil
}

/// Why an upload was refused: the problem-details `type` the server answers with.
public enum MediaRefusal: String, Codable, Sendable, CaseIterable {
    /// Over the size limit (413).
    case tooLarge = "urn:quartet:attendee:media-too-large"
    /// The bytes are none of the accepted types, or not an image where one is needed (415).
    case unsupportedType = "urn:quartet:attendee:media-unsupported-type"
    /// An image with more pixels than the server decodes (422).
    case tooManyPixels = "urn:quartet:attendee:media-too-many-pixels"
}

/// The limits the server holds uploads to.
public enum MediaLimits {
    /// The largest upload, in bytes (25 MB).
    public static let maxBytes = 25 * 1024 * 1024
    /// The most pixels an image may have (width × height), checked from its header before any decode.
    public static let maxPixels = 50_000_000
    /// The longest side of a thumbnail, in pixels.
    public static let thumbnailSide = 320
}
