import APIClient
import Foundation
import LocalStore
import QuakesCore

/// One run of a `quartet quakes` command: options read, the device store opened, output printed.
///
/// The rules (what is stale, what a reload brings back, rows, tints, JSON, SVG) live in QuakesCore;
/// this type parses, prints and picks the exit code.
struct QuakesSession {
    let context: CommandContext
    let service: QuakeFeedService
    let filter: QuakeFilter
    let limit: Int?
    let json: Bool
    let colors: Bool
    let reload: Bool

    var console: Console { context.console }
    var formatter: QuakeRowFormatter { service.formatter }

    init(_ context: CommandContext) async throws {
        self.context = context
        let arguments = context.arguments
        let options = try ClientOptions(arguments, environment: context.environment, badServer: QuakeMessages.badServer)
        let feedArgument = arguments.value("feed") ?? QuakeFeed.allMonth.name
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        guard let feedURL = QuakeFeed.resolve(feedArgument, server: options.server, directory: directory) else {
            throw UsageError(QuakeMessages.badFeed(feedArgument))
        }
        filter = QuakeFilter(
            // NB: `Double` reads `nan` and `inf`, which are no magnitude: a floor of NaN keeps no quake at all.
            minimumMagnitude: try arguments.value("min-magnitude", refusal: QuakeMessages.badMagnitude) {
                Double($0).flatMap { $0.isFinite ? $0 : nil }
            },
            window: try arguments.value("since", refusal: QuakeMessages.badDuration) { QuakeFilter.duration($0) },
            searchText: arguments.value("search") ?? "")
        limit = try arguments.value("limit", refusal: QuakeMessages.badLimit) {
            Int($0).flatMap { $0 > 0 ? $0 : nil }
        }
        json = arguments.flag("json")
        reload = arguments.flag("reload")
        colors = context.console.isTerminal && !arguments.flag("no-color") && context.environment["NO_COLOR"] == nil

        // NB: the device store is the SQLite file `<data-dir>/quakes.sqlite`, opened here as the app would.
        let opened = try await LocalStore.open(
            path: try options.deviceFolder(nil).appendingPathComponent("quakes.sqlite").path)
        if let notice = opened.notice { context.console.errorLine(notice) }
        let store = opened.store
        let timeZone = context.timeZone
        let locale = context.locale
        service = QuakeFeedService(
            feedURL: feedURL,
            client: .live(retryPolicy: RetryPolicy(maxAttempts: 2), timeout: 10, errorReporter: .silent),
            cache: .live(store),
            formatter: QuakeRowFormatter(timeZone: timeZone, locale: locale))
    }

    /// The list screen as it appears (the cache, refreshed when older than a minute) or, with `--reload`, after a
    /// pull, under the filter; a spinner while it loads, and its banner on standard error (a failure line when there
    /// is nothing to list).
    @MainActor
    func openedList() async -> QuakeListModel {
        let timeZone = context.timeZone
        let model = QuakeListModel(service: service, timeZone: { timeZone })
        let spinner = Spinner(console: console, message: QuakeMessages.loading)
        if reload { await model.refreshPulled() } else { await model.appeared() }
        await spinner.stop()
        model.filterChanged(filter)
        // NB: with nothing to list (no answer and no saved copy) the banner is why the command fails.
        if let banner = model.banner {
            if model.lastUpdated == nil { console.failure(banner.message) } else { console.errorLine(banner.message) }
        }
        return model
    }

    @MainActor
    func list() async throws -> Int32 {
        let model = await openedList()
        guard let updated = model.lastUpdated else { return 1 }
        // NB: the total is what the list screen shows under the same filter; `--limit` only cuts what is printed.
        let quakes = limit.map { Array(model.quakes.prefix($0)) } ?? model.quakes
        if json {
            console.line(String(decoding: QuakeExport.json(quakes), as: UTF8.self))
            return 0
        }
        if let empty = model.emptyMessage {
            // NB: as the screen: its empty sentence and the toolbar's "Updated 12:04", with no count ("0 of 0"),
            // which the screen never shows; a script reads `--json`'s `[]`.
            console.line(empty)
            console.line(updated)
            if let skipped = model.skippedNote { console.line(skipped) }
            return 0
        }
        let rows = Array(model.rows.prefix(quakes.count))
        for line in QuakeTable.render(quakes, rows: rows, numbers: formatter.numbers) {
            console.line(line.text, style: colors ? QuakeTable.ansi(line.tint) : nil)
        }
        console.line(
            QuakeMessages.summary(
                shown: rows.count, total: model.rows.count, updated: updated, numbers: formatter.numbers))
        // NB: as the screen, the line under "Updated …".
        if let skipped = model.skippedNote { console.line(skipped) }
        return 0
    }

    /// A row tapped: what it opens (the event page, or the detail saying why there is none), printed as the detail
    /// with its event page.
    @MainActor
    func show(id: String) async throws -> Int32 {
        let model = await openedList()
        guard model.lastUpdated != nil else { return 1 }
        // NB: a tap reaches only a row on screen: not one the filter hides, nor one deleted.
        if model.rows.contains(where: { $0.id == id }) { model.rowTapped(id: id) }
        guard let detail = model.selectedDetail else {
            console.failure(QuakeMessages.notFound(id: id))
            return 1
        }
        if json {
            let quake = model.quakes.first { $0.id == id }
            console.line(String(decoding: QuakeExport.json(quake.map { [$0] } ?? []), as: UTF8.self))
            return 0
        }
        console.line(detail.title)
        let width = detail.lines.map(\.label.count).max() ?? 0
        for (label, value) in detail.lines {
            console.line("  " + (label + ":").padding(toLength: width + 2, withPad: " ", startingAt: 0) + value)
        }
        return 0
    }

    /// A row swiped away: the list screen opens as for `list`, and the row it shows under the filter is deleted as
    /// the swipe deletes it (``QuakeListModel/rowDeleted(id:)``), from the list and the device's copy until the next
    /// reload.
    @MainActor
    func delete(id: String) async throws -> Int32 {
        let model = await openedList()
        guard model.lastUpdated != nil else { return 1 }
        // NB: a swipe reaches only a row on screen, as a tap does: not one the filter hides, nor one deleted.
        guard let quake = model.quakes.first(where: { $0.id == id }) else {
            console.failure(QuakeMessages.notFound(id: id))
            return 1
        }
        // NB: the screen takes the row away even when the device's copy could not be written, and says so in its
        // banner; here that sentence is the failure.
        if await model.rowDeleted(id: id) == .notSaved {
            console.failure(model.banner?.message ?? "")
            return 1
        }
        if json {
            console.line(String(decoding: QuakeExport.json([quake]), as: UTF8.self))
        } else {
            console.line(QuakeMessages.deleted(id: id, title: quake.title))
        }
        return 0
    }

    /// The list screen's map: its pins (the rows' quakes of magnitude 3.5, or the filter's floor when higher), as an
    /// SVG file.
    @MainActor
    func map(output: String) async throws -> Int32 {
        let model = await openedList()
        guard model.lastUpdated != nil else { return 1 }
        let url = URL(
            fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let minimum = formatter.decimal(QuakeMapAnnotation.floor(for: filter))
        let annotations = model.mapAnnotations
        try Data(QuakeMapSVG.render(annotations, title: QuakeScreenText.svgTitle(minimum)).utf8).write(to: url)
        if json {
            let shown = Set(annotations.map(\.id))
            console.line(
                String(decoding: QuakeExport.json(model.quakes.filter { shown.contains($0.id) }), as: UTF8.self))
        } else {
            console.line(
                QuakeMessages.mapWritten(
                    count: annotations.count, minimum: minimum, path: output, numbers: formatter.numbers))
        }
        return 0
    }
}
