import APIClient
import Foundation
import SalesCore
import SalesUI
import SwiftUI

/// The Sales iPad app: sign-in and the Account screen over Salesforce (or the development server's stand-in).
@main
struct SalesApp: App {
    var body: some Scene {
        WindowGroup {
            StartupView(build: Self.root)
        }
    }

    /// The root view over the live client, wired as `quartet sales` wires it: the session in the Keychain, the
    /// cache and the offline outbox in `sales.sqlite` (the cache wiped on sign-out, unsent edits kept for the same
    /// person's next sign-in), photos shrunk with ImageIO.
    @MainActor
    static func root() async -> SalesRootView {
        let store = await DeviceStore.open("sales")
        let cache = AccountCache.localStore(store)
        let outbox = SalesOutbox(store: store)
        let configuration = SalesforceConfiguration(
            loginURL: AppConfiguration.url(forKey: "QuartetSalesforceURL") ?? AppConfiguration.server,
            clientID: AppConfiguration.string(forKey: "QuartetSalesforceClientID") ?? "quartet-sales")
        let client = SalesforceClient(
            configuration: configuration, transport: HTTPTransport.live(),
            sessions: .keychain(service: "dev.quartet.sales"), cache: cache, outbox: outbox)
        let accountID = AppConfiguration.string(forKey: "QuartetSalesAccountID") ?? "001Q000000Demo1IAB"
        let app = SalesAppModel(client: client, outbox: outbox) {
            AccountScreenModel(
                accountID: accountID, client: client, outbox: outbox, cache: cache,
                shrinker: ImageShrinker(resampler: .imageIO))
        }
        return SalesRootView(app: app)
    }
}
