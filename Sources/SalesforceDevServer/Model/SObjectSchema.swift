import HTTPServer

/// What the dev server knows of each object: its fields, which are required, which only insertable.
struct SObjectSchema: Sendable {
    enum Kind: Sendable { case string, number, boolean, reference, base64 }

    struct Field: Sendable {
        var name: String
        var kind: Kind
        var isRequired = false
        /// Writable on insert only (`ParentId`).
        var isCreateOnly = false
        var isUpdateable = true
        /// The most characters a string may hold (Salesforce counts UTF-16 units, as Java does); `nil`: no limit
        /// checked here.
        var maxLength: Int? = nil
        /// A number field's digits after the point (its describe's `scale`); of its 18 digits (`precision`), the
        /// rest may stand before the point.
        var scale: Int = 0
        /// The objects a reference may point to; `nil`: any.
        var referenceTo: Set<String>? = nil
    }

    var name: String
    var fields: [Field]
    /// The base64 field kept as the record's body.
    var blobField: String?
    /// Whether REST may create and update it (`ContentDocument` is made by its first version).
    var isWritable = true

    /// The canonical field for a name in any case (Salesforce field names are case-insensitive).
    func field(named name: String) -> Field? {
        fields.first { $0.name.lowercased() == name.lowercased() }
    }

    static let all: [String: SObjectSchema] = {
        let account = SObjectSchema(
            name: "Account",
            fields: [
                Field(name: "Name", kind: .string, isRequired: true, maxLength: 255),
                Field(name: "Phone", kind: .string, maxLength: 40),
                // NB: the lengths of Salesforce's standard Account fields (a URL and picklists 255, as describe
                // gives them); a custom text field holds at most 255 characters.
                Field(name: "Website", kind: .string, maxLength: 255),
                Field(name: "Industry", kind: .string, maxLength: 255),
                Field(name: "Type", kind: .string, maxLength: 255),
                Field(name: "BillingStreet", kind: .string, maxLength: 255),
                Field(name: "BillingCity", kind: .string, maxLength: 40),
                Field(name: "BillingState", kind: .string, maxLength: 80),
                Field(name: "BillingPostalCode", kind: .string, maxLength: 20),
                Field(name: "BillingCountry", kind: .string, maxLength: 80),
                Field(name: "Is_Hospital__c", kind: .boolean),
                Field(name: "texcellency__DefHC_NumBeds__c", kind: .number),
                Field(name: "texcellency__DefHC_Hospital_Type__c", kind: .string, maxLength: 255),
                Field(name: "texcellency__DefHC_AffiliationsGPO__c", kind: .string, maxLength: 255),
                Field(name: "texcellency__DefHC_Network_Name__c", kind: .string, maxLength: 255),
                Field(name: "texcellency__DefHC_OperatingIncome__c", kind: .number, scale: 2),
                Field(name: "DefHC_Room_Bathroom_Clean_Rating_2014__c", kind: .number, scale: 2),
                Field(name: "DefHC_Room_Bathroom_Clean_Rating_2012__c", kind: .number, scale: 2),
                Field(name: "DefHC_Room_Bathroom_Clean_Rate_Natnl_Avg__c", kind: .number, scale: 2),
                Field(name: "DefHC_Room_Bathroom_Clean_Rate_State_Avg__c", kind: .number, scale: 2),
            ])
        let note = SObjectSchema(
            name: "Note",
            fields: [
                Field(
                    name: "ParentId", kind: .reference, isRequired: true, isCreateOnly: true, referenceTo: ["Account"]),
                Field(name: "Title", kind: .string, isRequired: true, maxLength: 80),
                Field(name: "Body", kind: .string, maxLength: 32_000), Field(name: "IsPrivate", kind: .boolean),
            ])
        let attachment = SObjectSchema(
            name: "Attachment",
            fields: [
                Field(
                    name: "ParentId", kind: .reference, isRequired: true, isCreateOnly: true, referenceTo: ["Account"]),
                Field(name: "Name", kind: .string, isRequired: true, maxLength: 255),
                Field(name: "Body", kind: .base64, isRequired: true),
                Field(name: "ContentType", kind: .string),
                Field(name: "Description", kind: .string, maxLength: 500),
                Field(name: "IsPrivate", kind: .boolean),
            ], blobField: "Body")
        let googleDoc = SObjectSchema(
            name: "GoogleDoc",
            fields: [
                Field(
                    name: "ParentId", kind: .reference, isRequired: true, isCreateOnly: true, referenceTo: ["Account"]),
                // NB: the Field Reference's GoogleDoc lengths: Name 80, Url 255.
                Field(name: "Name", kind: .string, isRequired: true, maxLength: 80),
                Field(name: "Url", kind: .string, maxLength: 255),
            ])
        let contentVersion = SObjectSchema(
            name: "ContentVersion",
            fields: [
                Field(name: "Title", kind: .string, isRequired: true),
                Field(name: "PathOnClient", kind: .string, isRequired: true, isCreateOnly: true),
                Field(name: "VersionData", kind: .base64, isRequired: true, isCreateOnly: true),
                Field(name: "Description", kind: .string),
                Field(name: "Content_Section__c", kind: .string),
                Field(name: "Account__c", kind: .reference),
            ], blobField: "VersionData")
        let contentDocument = SObjectSchema(
            name: "ContentDocument",
            fields: [
                Field(name: "Title", kind: .string), Field(name: "LatestPublishedVersionId", kind: .reference),
                Field(name: "FileType", kind: .string),
            ], isWritable: false)
        return Dictionary(
            uniqueKeysWithValues: [account, note, attachment, googleDoc, contentVersion, contentDocument].map {
                ($0.name, $0)
            })
    }()

    /// The schema for an object name in any case.
    static func named(_ name: String) -> SObjectSchema? {
        all.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}
