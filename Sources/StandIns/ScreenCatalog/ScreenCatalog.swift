import Foundation
import ScreenRenderer
import SwiftUI

/// One app of the catalog: its name, the slug its pages are filed under, and the device it is drawn on.
public struct CatalogApp: Sendable, Hashable {
    /// The folder and file-name slug (`quakes`, `change-jar`).
    public var slug: String
    /// The app's name as people know it.
    public var name: String
    /// The device the app is made for (iPhone, or iPad for Sales).
    public var device: ScreenDevice
}

/// One screen of one app in one state, and how to reach it with in-memory dependencies.
public struct ScreenEntry: Sendable {
    /// The app.
    public var app: CatalogApp
    /// The screen's slug (`list`, `account`).
    public var screen: String
    /// The state's slug (`loading`, `loaded`, `offline`, `signed-out`…).
    public var state: String
    /// What the picture shows, in a sentence, for the gallery.
    public var summary: String
    /// The device the picture is drawn for: the app's, or the app's drawn full length for a screen whose lower
    /// sections a picture of the screen's height would leave out.
    public var device: ScreenDevice
    let make: @MainActor @Sendable () async throws -> ViewNode

    /// An entry that draws its tree with `make`, on the app's device or on `device`.
    public init(
        _ app: CatalogApp, screen: String, state: String, summary: String, device: ScreenDevice? = nil,
        make: @escaping @MainActor @Sendable () async throws -> ViewNode
    ) {
        self.app = app
        self.screen = screen
        self.state = state
        self.summary = summary
        self.device = device ?? app.device
        self.make = make
    }

    /// `quakes/list-loaded`: the entry's name in reports and file names.
    public var name: String { "\(app.slug)/\(screen)-\(state)" }

    /// Builds the screen, drives it into its state, and returns what a person would see.
    @MainActor
    public func tree() async throws -> ViewNode {
        try await make()
    }
}

/// Every screen of every app in the states worth looking at, built from test-style dependencies (scripted
/// feeds, fake clients, the Salesforce stand-in in process) so the pictures are the same on every run.
public enum ScreenCatalog {
    /// Every entry, app by app.
    public static var all: [ScreenEntry] {
        QuakesScreens.entries + ChangeJarScreens.entries + SalesScreens.entries + AttendeeScreens.entries
    }

    /// The apps in catalog order.
    public static let apps: [CatalogApp] = [
        QuakesScreens.app, ChangeJarScreens.app, SalesScreens.app, AttendeeScreens.app,
    ]
}

/// Why a screen could not be driven into its state.
public struct CatalogError: Error, CustomStringConvertible {
    /// What did not happen, with the tree as it was.
    public var description: String
}

/// The fixed instant every catalog screen is drawn at, so dates and "updated" lines do not change between runs.
let catalogNow = Date(timeIntervalSince1970: 1_764_460_000 + 3_600)

/// A locale and time zone of their own, so the pictures do not depend on the machine.
let catalogLocale = Locale(identifier: "en_US")
let catalogTimeZone = TimeZone(identifier: "UTC")!

extension ViewHost {
    /// Waits until `condition` holds for the tree, without waiting for the view's tasks to end (a screen shown
    /// loading has a task that never does).
    func poll(_ what: String, seconds: Double = 60, _ condition: (ViewNode) -> Bool) async throws -> ViewNode {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let tree = self.tree
            if condition(tree) { return tree }
            try await Task.sleep(for: .milliseconds(5))
        }
        throw CatalogError(description: "timed out waiting for \(what) in\n\(tree.outline)")
    }

    /// Settles, then checks `condition`: the tree once the screen has finished loading.
    func settled(_ what: String, _ condition: (ViewNode) -> Bool = { _ in true }) async throws -> ViewNode {
        await settle()
        if condition(tree) { return tree }
        return try await poll(what, condition)
    }
}

extension ViewNode {
    /// The first text of each row that swipes, in order: what `ViewHost.swipe` takes to swipe it.
    var swipeRows: [String] { allNodes.filter { !$0.swipeActions.isEmpty }.compactMap(\.texts.first) }
}

/// An answer that never comes: the client a screen is shown loading with.
func neverAnswers<T>() async throws -> T {
    try await Task.sleep(for: .seconds(24 * 3_600))
    throw CancellationError()
}
