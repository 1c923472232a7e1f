import Foundation
import PublicInit

/// A Salesforce `ContentVersion` record as the Know · Say · Show lists use it.
@PublicInit
public struct ContentVersion: Sendable, Hashable, Codable {
    /// The version's id (prefix `068`).
    public var id: String?
    /// The content's title (the row text when there is no description).
    public var title: String?
    /// The row text.
    public var description: String?
    /// The document to download for viewing (prefix `069`).
    public var contentDocumentID: String?
    /// Salesforce's file type (`PDF`, `JPG`, `TEXT`).
    public var fileType: String?
    /// The file name it was uploaded from.
    public var pathOnClient: String?

    enum CodingKeys: String, CodingKey {
        case id = "Id"
        case title = "Title"
        case description = "Description"
        case contentDocumentID = "ContentDocumentId"
        case fileType = "FileType"
        case pathOnClient = "PathOnClient"
    }

    /// Decodes leniently.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: c.lenientString(.id), title: c.lenientString(.title), description: c.lenientString(.description),
            contentDocumentID: c.lenientString(.contentDocumentID), fileType: c.lenientString(.fileType),
            pathOnClient: c.lenientString(.pathOnClient))
    }

    /// Encodes the present fields with their Salesforce names.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encodeIfPresent(contentDocumentID, forKey: .contentDocumentID)
        try c.encodeIfPresent(fileType, forKey: .fileType)
        try c.encodeIfPresent(pathOnClient, forKey: .pathOnClient)
    }
}

/// The answer of `2.0/WebContent/{accountId}`: selling content in three lists.
@PublicInit
public struct WebContent: Sendable, Hashable, Codable {
    /// `SUCCESS`, or why the call failed.
    public var message: String? = "SUCCESS"
    /// Whether the Apex call succeeded.
    public var isSuccess: Bool? = true
    /// What to show the customer.
    public var contentsforShow: [ContentVersion] = []
    /// What to say.
    public var contentsforSay: [ContentVersion] = []
    /// What to know before the visit.
    public var contentsforKnow: [ContentVersion] = []

    enum CodingKeys: String, CodingKey { case message, isSuccess, contentsforShow, contentsforSay, contentsforKnow }

    /// Decodes leniently: a missing list is empty.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            message: c.lenientString(.message), isSuccess: c.lenientBool(.isSuccess),
            contentsforShow: c.lenientArray(ContentVersion.self, .contentsforShow),
            contentsforSay: c.lenientArray(ContentVersion.self, .contentsforSay),
            contentsforKnow: c.lenientArray(ContentVersion.self, .contentsforKnow))
    }
}
