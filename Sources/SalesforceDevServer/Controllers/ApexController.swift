import DynamicJSON
import Foundation
import HTTPServer

/// The Sales app's Apex REST endpoints: `Account/RetrieveAccount/{id}` and `2.0/WebContent/{id}`.
struct ApexController: Sendable {
    let service: SalesforceDevService

    /// The account (camelCase fields) with its notes, attachments and Google Docs.
    @Sendable func retrieveAccount(_ request: Request) async throws -> Response {
        let account = try await account(request)
        let store = service.store
        let notes = try await store.children("Note", account.id).map { note -> JSONValue in
            [
                "id": .string(note.id), "name": note.fields["Title"] ?? .null, "text": note.fields["Body"] ?? .null,
                "lastModifiedDate": .string(SalesforceTimestamp.apex(note.lastModifiedDate)),
            ]
        }
        let attachments = try await store.children("Attachment", account.id).map { attachment -> JSONValue in
            [
                "id": .string(attachment.id), "name": attachment.fields["Name"] ?? .null,
                "description": attachment.fields["Description"] ?? .null,
                "contentType": attachment.fields["ContentType"] ?? .null,
                "bodyLength": attachment.fields["BodyLength"] ?? .null,
                "lastModifiedDate": .string(SalesforceTimestamp.apex(attachment.lastModifiedDate)),
            ]
        }
        let docs = try await store.children("GoogleDoc", account.id).map { doc -> JSONValue in
            [
                "id": .string(doc.id), "name": doc.fields["Name"] ?? .null, "url": doc.fields["Url"] ?? .null,
                "lastModifiedDate": .string(SalesforceTimestamp.apex(doc.lastModifiedDate)),
            ]
        }
        var body: [String: JSONValue] = [
            "id": .string(account.id),
            "lastModifiedDate": .string(SalesforceTimestamp.apex(account.lastModifiedDate)),
            "notes": .array(notes), "attachments": .array(attachments), "docs": .array(docs),
        ]
        for (key, field) in Self.accountFields { body[key] = account.fields[field] ?? .null }
        return try .json(JSONValue.object(body))
    }

    /// The Know · Say · Show ContentVersions that apply to the account.
    @Sendable func webContent(_ request: Request) async throws -> Response {
        let account = try await account(request)
        var sections: [String: [JSONValue]] = ["know": [], "say": [], "show": []]
        for version in try await service.store.all("ContentVersion") {
            guard let section = version.string("Content_Section__c")?.lowercased(), sections[section] != nil else {
                continue
            }
            if let owner = version.string("Account__c"), owner != account.id { continue }
            let url = "/services/data/\(SalesforceDevService.apiVersion)/sobjects/ContentVersion/\(version.id)"
            let record: JSONValue = [
                "attributes": ["type": "ContentVersion", "url": .string(url)],
                "Id": .string(version.id), "Title": version.fields["Title"] ?? .null,
                "Description": version.fields["Description"] ?? .null,
                "ContentDocumentId": version.fields["ContentDocumentId"] ?? .null,
                "FileType": version.fields["FileType"] ?? .null,
                "PathOnClient": version.fields["PathOnClient"] ?? .null,
                "LastModifiedDate": .string(SalesforceTimestamp.record(version.lastModifiedDate)),
            ]
            sections[section, default: []].append(record)
        }
        let body: JSONValue = [
            "message": "SUCCESS", "isSuccess": true, "contentsforShow": .array(sections["show"] ?? []),
            "contentsforSay": .array(sections["say"] ?? []), "contentsforKnow": .array(sections["know"] ?? []),
        ]
        return try .json(body)
    }

    private func account(_ request: Request) async throws -> SObjectRecord {
        let raw = try request.parameter("id")
        guard let id = SalesforceID.normalized(raw), SalesforceID.object(of: id) == "Account" else {
            throw SalesforceFault.malformedID(raw)
        }
        guard let record = try await service.store.fetch(id), record.type == "Account", !record.isDeleted else {
            throw SalesforceFault.notFound
        }
        return record
    }

    /// The Apex answer's camelCase keys and the Account fields behind them.
    static let accountFields: [(String, String)] = [
        ("name", "Name"), ("phone", "Phone"), ("website", "Website"), ("industry", "Industry"), ("type", "Type"),
        ("billingStreet", "BillingStreet"), ("billingCity", "BillingCity"), ("billingState", "BillingState"),
        ("billingPostalCode", "BillingPostalCode"), ("billingCountry", "BillingCountry"),
        ("isHospital", "Is_Hospital__c"),
        ("numBeds", "texcellency__DefHC_NumBeds__c"),
        ("hospitalType", "texcellency__DefHC_Hospital_Type__c"),
        ("gpoAffiliations", "texcellency__DefHC_AffiliationsGPO__c"),
        ("hcSystemName", "texcellency__DefHC_Network_Name__c"),
        ("operatingIncome", "texcellency__DefHC_OperatingIncome__c"),
        ("currentCleanRating", "DefHC_Room_Bathroom_Clean_Rating_2014__c"),
        ("previousCleanRating", "DefHC_Room_Bathroom_Clean_Rating_2012__c"),
        ("cleanRatingNationalAvg", "DefHC_Room_Bathroom_Clean_Rate_Natnl_Avg__c"),
        ("cleanRatingStateAvg", "DefHC_Room_Bathroom_Clean_Rate_State_Avg__c"),
    ]
}
