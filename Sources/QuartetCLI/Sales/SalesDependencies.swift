import APIClient
import Foundation
import ImageCodec
import LocalStore
import PublicInit
import SalesCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the `quartet sales` commands reach outside the process: the network and the image codec.
@PublicInit
public struct SalesDependencies: Sendable {
    /// The network.
    public var transport: HTTPTransport
    /// The JPEG codec for shrinking photos.
    public var resampler: ImageResampler

    /// The network through APIClient's live transport and JPEG resizing through libjpeg-turbo.
    public static var live: SalesDependencies {
        SalesDependencies(transport: HTTPTransport.live(), resampler: .imageFile)
    }
}

extension ImageResampler {
    /// The image codec (``ImageFile``): JPEG, PNG, GIF, WebP and HEIC are read, and written as JPEG, as the
    /// Sales app's ImageIO reads what a phone's library holds.
    public static var imageFile: ImageResampler {
        ImageResampler(
            dimensions: { data in
                let size = try ImageFile.dimensions(of: data)
                return ImageDimensions(width: size.width, height: size.height)
            },
            resample: { data, size, quality in
                try ImageFile.resample(data, to: PixelSize(width: size.width, height: size.height), quality: quality)
            })
    }
}

/// The Sales client of one `quartet sales` run: session, cache and outbox under `<data-dir>/sales`.
struct SalesSession {
    let client: SalesforceClient
    let outbox: SalesOutbox
    let cache: AccountCache
    let console: Console
    let json: Bool
    /// The command line's image codec, as the app's photo shrinker.
    let shrinker: ImageShrinker

    init(_ context: CommandContext, dependencies: SalesDependencies) async throws {
        let options = try ClientOptions(
            context.arguments, environment: context.environment,
            badServer: { SalesCommandText.badURL(option: "server", $0) })
        let loginURL: URL
        let flag = context.arguments.value("login-url") != nil ? "login-url" : "salesforce"
        if let raw = context.arguments.value(flag) {
            guard let url = URL(httpAddress: raw) else {
                throw UsageError(SalesCommandText.badURL(option: flag, raw))
            }
            loginURL = url
        } else {
            loginURL = options.server
        }
        let badInstance = { (raw: String) in SalesCommandText.badURL(option: "instance-url", raw) }
        let instance = try context.arguments.value("instance-url", refusal: badInstance, URL.init(httpAddress:))
        // NB: the connected app's secret comes from the environment only, never a flag (flags show in `ps`).
        var configuration = SalesforceConfiguration(loginURL: loginURL)
        if let key = context.arguments.value("consumer-key"), !key.isEmpty { configuration.clientID = key }
        if let secret = context.environment["QUARTET_SALESFORCE_CONSUMER_SECRET"], !secret.isEmpty {
            configuration.clientSecret = secret
        }
        let folder = try options.deviceFolder("sales")
        let opened = try await LocalStore.open(path: folder.appendingPathComponent("sales.sqlite").path)
        if let notice = opened.notice { context.console.errorLine(notice) }
        let store = opened.store
        let cache = AccountCache.localStore(store)
        let outbox = SalesOutbox(store: store)
        self.cache = cache
        self.outbox = outbox
        self.console = context.console
        self.json = context.arguments.flag("json")
        shrinker = ImageShrinker(resampler: dependencies.resampler)
        client = SalesforceClient(
            configuration: configuration, transport: dependencies.transport,
            sessions: instance.map { SessionStore.file(folder.appendingPathComponent("session.json")).pinned(to: $0) }
                ?? .file(folder.appendingPathComponent("session.json")), cache: cache, outbox: outbox)
    }

    /// A command body that first opens the run's session, as every `quartet sales` command does, then runs `run`.
    static func body(
        _ dependencies: SalesDependencies,
        _ run: @escaping @Sendable (SalesSession, CommandContext) async throws -> Int32
    ) -> CommandSpec.Body {
        { context in try await run(SalesSession(context, dependencies: dependencies), context) }
    }

    /// The Account screen of `id` over this run's client, outbox and cache, opened as a person opens it (the copy
    /// saved on the device first, then the server's). Prints what its banner says; returns `nil`, having said why,
    /// when it has nothing to show. With `gone`, a screen whose account Salesforce no longer has is returned too
    /// (``AccountScreenModel/accountIsGone``): it still lists the changes held for that account, to be let go.
    @MainActor func openAccount(
        _ id: String, locale: Locale = Locale(identifier: AccountCommands.defaultLocale), gone: Bool = false
    ) async -> AccountScreenModel? {
        let screen = AccountScreenModel(
            accountID: id, client: client, outbox: outbox, cache: cache, shrinker: shrinker, locale: locale)
        await screen.appeared()
        switch screen.phase {
        case .failed(let message):
            console.failure(message)
            if gone, screen.accountIsGone {
                screen.bannerDismissed()
                return screen
            }
            return nil
        case .signedOut:
            console.failure(screen.banner?.text ?? SalesText.notSignedIn)
            return nil
        case .idle, .loading, .loaded:
            if let banner = screen.banner {
                console.errorLine(banner.text)
                screen.bannerDismissed()
            }
            return screen
        }
    }

    /// The Account screen a person reaches the item `id` of `Item`'s kind on, listing it: the account this machine
    /// keeps it under, else the one Salesforce says it is on (``SalesforceClient/accountID(holding:id:)``), opened
    /// as ``openAccount(_:locale:gone:)`` opens it, so the row's tap, Edit and Delete keep the screen's rules.
    ///
    /// `gone` is what to say when the kept copy listed the item and its screen no longer does (`nil`: ask
    /// Salesforce where it is). Returns `nil`, having said why, when no screen lists it or Salesforce has no such
    /// item; throws when Salesforce could not be asked.
    @MainActor func openAccount<Item: AccountItemRecord>(
        listing kind: Item.Type, id: String, gone: (AccountItem) -> String? = { _ in nil }
    ) async throws -> AccountScreenModel? {
        var kept: AccountScreenModel?
        if let held = await cache.account(holding: id), let account = held.account.id {
            guard let screen = await openAccount(account) else { return nil }
            if screen.lists(Item.self, id: id) { return screen }
            if let item = held.items.first(where: { $0.id == id }), let said = gone(item) {
                console.failure(said)
                return nil
            }
            kept = screen
        }
        let parent: String?
        do {
            parent = try await client.accountID(holding: Item.self, id: id)
        } catch let error as SalesforceError where error.isNotFound {
            // NB: an id this machine never kept, that Salesforce does not have (deleted elsewhere, or mistyped): said
            // as the kind and the id typed, not as Salesforce's NOT_FOUND of a read the person never asked for.
            console.failure(SalesCommandText.itemMissing(Item.objectName, id: id))
            return nil
        }
        guard let parent, parent != kept?.details?.account.id else {
            console.failure(SalesCommandText.notListed(id, on: kept?.title ?? SalesText.accountTitle))
            return nil
        }
        guard let screen = await openAccount(parent) else { return nil }
        guard screen.lists(Item.self, id: id) else {
            console.failure(SalesCommandText.notListed(id, on: screen.title))
            return nil
        }
        return screen
    }

    /// Prints a value as `--json` output (the Sales models write Salesforce's dates themselves).
    func printJSON(_ value: some Encodable) throws { try console.json(value) }

    /// The app over this run's client and outbox: its sign-in form, Sign Out, and the sending of waiting edits.
    /// It opens no Account screen: each command names its account.
    @MainActor var app: SalesAppModel { SalesAppModel(client: client, outbox: outbox) }
}
