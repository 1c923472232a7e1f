import APIClient
import Database
import Foundation
import LocalStore
import SalesCore
import SwiftUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The previews' screens, over ``SalesforceClient/preview`` (canned Salesforce JSON) and an in-memory store.
@MainActor
enum SalesPreview {
    nonisolated static let hospitalID = SalesforceClient.previewHospitalID

    static func model(accountID: String) async throws -> AccountScreenModel {
        let client = SalesforceClient.preview
        let store = try await LocalStore(database: SQLiteDatabase(url: "sqlite::memory:"))
        return AccountScreenModel(
            accountID: accountID, client: client, outbox: SalesOutbox(store: store), cache: .inMemory())
    }

    static func editor(_ kind: ItemEditorModel.Kind) -> ItemEditorModel {
        let client = SalesforceClient.preview
        let resampler = ImageResampler(
            dimensions: { _ in ImageDimensions(width: 1, height: 1) }, resample: { data, _, _ in data })
        return ItemEditorModel(
            adding: kind, accountID: hospitalID, client: client, shrinker: ImageShrinker(resampler: resampler))
    }
}
