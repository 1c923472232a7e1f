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

    /// The cache, refreshed when older than a minute (or always with `--reload`), with a spinner meanwhile.
    func snapshot() async -> QuakeSnapshot {
        let spinner = Spinner(console: console, message: QuakeMessages.loading)
        let snapshot = await service.snapshot(reload: reload, now: Date())
        await spinner.stop()
        if let message = snapshot.problemMessage(formatter: formatter, now: Date()) {
            console.errorLine(message)
        }
        return snapshot
    }

    func list() async throws -> Int32 {
        let snapshot = await snapshot()
        guard let set = snapshot.set else { return 1 }
        // NB: the total is what the list screen shows under the same filter; `--limit` only cuts what is printed.
        let matching = set.filtered(filter, now: Date())
        let quakes = limit.map { Array(matching.prefix($0)) } ?? matching
        if json {
            console.line(String(decoding: QuakeExport.json(quakes), as: UTF8.self))
            return 0
        }
        let rows = formatter.rows(for: quakes)
        let lines = QuakeTable.render(
            quakes, rows: rows, filtered: filter != .none, numbers: formatter.numbers)
        for line in lines {
            console.line(line.text, style: colors ? QuakeTable.ansi(line.tint) : nil)
        }
        let updated = formatter.lastUpdatedText(set.fetchedAt, now: Date())
        console.line(
            QuakeMessages.summary(
                shown: rows.count, total: matching.count, updated: updated, numbers: formatter.numbers))
        return 0
    }

    func show(id: String) async throws -> Int32 {
        let snapshot = await snapshot()
        guard let set = snapshot.set else { return 1 }
        guard let quake = set.quakes.first(where: { $0.id == id }) else {
            console.errorLine("quartet: " + QuakeMessages.notFound(id: id, cached: false))
            return 1
        }
        if json {
            console.line(String(decoding: QuakeExport.json([quake]), as: UTF8.self))
            return 0
        }
        let detail = QuakeDetail(quake, formatter: formatter, feedURL: service.feedURL)
        console.line(detail.title)
        let width = detail.lines.map(\.label.count).max() ?? 0
        for (label, value) in detail.lines {
            console.line("  " + (label + ":").padding(toLength: width + 2, withPad: " ", startingAt: 0) + value)
        }
        return 0
    }

    func delete(id: String) async throws -> Int32 {
        guard let cached = try await service.cachedSet(), let quake = cached.quakes.first(where: { $0.id == id }) else {
            console.errorLine("quartet: " + QuakeMessages.notFound(id: id, cached: true))
            return 1
        }
        try await service.hide(id: id)
        if json {
            console.line(String(decoding: QuakeExport.json([quake]), as: UTF8.self))
        } else {
            console.line(QuakeMessages.deleted(id: id, title: quake.title))
        }
        return 0
    }

    func map(output: String) async throws -> Int32 {
        let snapshot = await snapshot()
        guard let set = snapshot.set else { return 1 }
        let quakes = set.filtered(filter, now: Date())
        let annotations = QuakeMapAnnotation.annotations(for: quakes)
        let url = URL(
            fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        let minimum = formatter.decimal(QuakeMapAnnotation.floor(for: filter))
        try Data(QuakeMapSVG.render(annotations, title: QuakeScreenText.svgTitle(minimum)).utf8).write(to: url)
        if json {
            let shown = Set(annotations.map(\.id))
            console.line(String(decoding: QuakeExport.json(quakes.filter { shown.contains($0.id) }), as: UTF8.self))
        } else {
            console.line(
                QuakeMessages.mapWritten(
                    count: annotations.count, minimum: minimum, path: output, numbers: formatter.numbers))
        }
        return 0
    }
}
