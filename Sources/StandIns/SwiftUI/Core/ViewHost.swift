import Foundation
import Observation
import Synchronization

/// What a host keeps between evaluations of its views: state cells, running tasks, navigation stacks.
@MainActor
final class HostStorage {
    var cells: [String: AnyObject] = [:]
    private var cellsSeen: Set<String> = []
    var navigationStacks: [String: [NavigationEntry]] = [:]
    var openedURLs: [URL] = []
    private(set) var isDirty = true

    private var tasks: [String: (id: AnyHashable, task: Task<Void, Never>)] = [:]
    private var tasksSeen: Set<String> = []
    private var appearedBefore: Set<String> = []
    private var appearedNow: Set<String> = []
    private var pending: [@MainActor () -> Void] = []
    var changeValues: [String: Any] = [:]
    /// Set when an `@Observable` object read by the last evaluation changed (from any thread).
    let observedChange = ObservedChange()

    func invalidate() { isDirty = true }

    /// Whether the tree must be drawn again: state changed, or an observed object did.
    var needsRedraw: Bool { isDirty || observedChange.flag.load(ordering: .acquiring) }

    func beginPass() {
        isDirty = false
        observedChange.flag.store(false, ordering: .releasing)
        tasksSeen = []
        cellsSeen = []
        appearedNow = []
    }

    /// Ends an evaluation: cancels the tasks of views that went away, forgets their state (SwiftUI's state lives
    /// as long as its view: a view drawn again after an `if` hid it starts afresh), and returns the appear and
    /// change actions to run now.
    func endPass() -> [@MainActor () -> Void] {
        for (key, entry) in tasks where !tasksSeen.contains(key) {
            entry.task.cancel()
            tasks[key] = nil
        }
        for key in cells.keys where !cellsSeen.contains(key) { cells[key] = nil }
        appearedBefore = appearedNow
        defer { pending = [] }
        return pending
    }

    func appeared(_ key: String, _ action: @escaping @MainActor () -> Void) {
        appearedNow.insert(key)
        if !appearedBefore.contains(key) { pending.append(action) }
    }

    func later(_ action: @escaping @MainActor () -> Void) { pending.append(action) }

    func task(
        _ key: String, id: AnyHashable, priority: TaskPriority,
        _ action: @escaping @Sendable () async -> Void
    ) {
        tasksSeen.insert(key)
        if let running = tasks[key] {
            if running.id == id { return }
            running.task.cancel()
        }
        let run = UUID()
        unfinished.insert(run)
        let task = Task(priority: priority) { [weak self] in
            await action()
            self?.unfinished.remove(run)
            self?.invalidate()
        }
        tasks[key] = (id, task)
    }

    /// The runs of the tasks started and not yet finished.
    private(set) var unfinished: Set<UUID> = []

    /// The cell under `key` when there is one, kept for this pass like any cell read.
    func existingCell<Value>(_ key: String) -> StateCell<Value>? {
        cellsSeen.insert(key)
        return cells[key] as? StateCell<Value>
    }

    func cell<Value>(_ key: String, initial: () -> Value) -> StateCell<Value> {
        cellsSeen.insert(key)
        if let cell = cells[key] as? StateCell<Value> { return cell }
        let cell = StateCell(initial(), host: self)
        cells[key] = cell
        return cell
    }
}

/// A flag the observation callback sets, as SwiftUI marks a view for redraw when what its body read changes.
final class ObservedChange: Sendable {
    let flag = Atomic(false)
}

/// One `@State` value's storage.
final class StateCell<Value>: @unchecked Sendable {
    // NB: `@unchecked`: only views touch it, on the main actor; `didSet` checks that at run time, where SwiftUI
    // warns about changes off the main thread.
    var value: Value {
        didSet {
            let host = host
            MainActor.assumeIsolated { host?.invalidate() }
        }
    }
    weak var host: HostStorage?

    init(_ value: Value, host: HostStorage) {
        self.value = value
        self.host = host
    }
}

/// Something pushed on a navigation stack: a view (`NavigationLink(destination:)`) or a value
/// (`NavigationLink(value:)`).
enum NavigationEntry {
    case view(AnyView)
    case value(AnyHashable)
}

/// Why a ``ViewHost`` could not do what a test asked.
public struct ViewHostError: Error, CustomStringConvertible {
    /// What went wrong, with the tree as it was.
    public let description: String
}

/// Runs a view outside any app, as a person would meet it: draws its tree, runs its tasks, and lets a test
/// tap, type, pull to refresh, follow links and dismiss sheets. Not part of SwiftUI (ViewInspector's role on
/// Apple platforms).
///
/// ```swift
/// let host = ViewHost(QuakeListView(model: model))
/// await host.settle()                      // `.task` has loaded the rows
/// #expect(host.tree.texts.contains("M 7.1 - Sinabang"))
/// try host.tap("M 7.1 - Sinabang")
/// #expect(host.tree.topPresentation?.kind == .sheet)
/// ```
@MainActor
public final class ViewHost<Root: View> {
    private let root: Root
    private let storage = HostStorage()
    private var environment: EnvironmentValues
    private var cached: ViewNode?
    private let listeners: @Sendable () -> Int

    /// A host for `root` in `environment`.
    ///
    /// `listeners` says how many of the views' tasks are only listening: waiting for news from outside (a live
    /// stream with nothing to read) that may never come. ``settle(seconds:)`` does not wait for those to end,
    /// as a person does not wait for the next message before reading the screen.
    public init(
        _ root: Root, environment: EnvironmentValues = EnvironmentValues(),
        listeners: @escaping @Sendable () -> Int = { 0 }
    ) {
        self.root = root
        self.environment = environment
        self.listeners = listeners
    }

    /// The tree as a person would see it now (drawn again when state changed).
    public var tree: ViewNode {
        if let cached, !storage.needsRedraw { return cached }
        var node = ViewNode(.group)
        for _ in 0..<20 {
            storage.beginPass()
            var context = RenderContext(host: storage, environment: environment)
            let storage = self.storage
            context.environment.openURL = OpenURLAction { url in
                storage.openedURLs.append(url)
                return .handled
            }
            let root = self.root
            let change = storage.observedChange
            node.children = withObservationTracking {
                context.render(root)
            } onChange: {
                change.flag.store(true, ordering: .releasing)
            }
            let actions = storage.endPass()
            if actions.isEmpty && !storage.needsRedraw { break }
            for action in actions { action() }
            storage.invalidate()
        }
        cached = node
        return node
    }

    /// The addresses opened through `Link` or `openURL`, in order.
    public var openedURLs: [URL] { storage.openedURLs }

    /// Waits until the view's tasks have finished (or only listen, see ``init(_:environment:listeners:)``) and
    /// nothing changes any more, as after a person waits; at most `seconds`, so a task that never ends (a screen
    /// shown loading) cannot hold the test.
    ///
    /// NB: what a listening task does with news it has just read may still be on its way when this returns;
    /// wait for news with ``waitUntil(_:seconds:_:)``.
    public func settle(seconds: Double = 60) async {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            _ = tree
            for _ in 0..<4 { await Task.yield() }
            let working = storage.unfinished.count > listeners()
            if !working && !storage.needsRedraw { break }
            if working { try? await Task.sleep(for: .milliseconds(1)) }
        }
        _ = tree
    }

    /// Waits (up to `seconds`) until `condition` holds for the settled tree; fails with the tree when it never
    /// does.
    ///
    /// NB: it returns as soon as the condition holds; the long default only matters when the main actor is shared
    /// by many tests running in parallel on two cores, where a view test has taken over 100 s of wall time to see
    /// a page its fake client answers at once (0.1 s alone). A settle takes no more than the time left, and the
    /// tree is looked at once more at the deadline: a condition that came true during the last settle was
    /// reported as never met, with a tree that met it.
    public func waitUntil(
        _ what: String = "condition", seconds: Double = 180, _ condition: (ViewNode) -> Bool
    ) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            await settle(seconds: max(0.001, deadline.timeIntervalSinceNow))
            if condition(tree) { return }
            try await Task.sleep(for: .milliseconds(5))
        }
        if condition(tree) { return }
        throw ViewHostError(description: "timed out waiting for \(what) in\n\(tree.outline)")
    }

    // MARK: - What a person does

    /// Taps the button, link or row whose title, accessibility label or text inside is `label`.
    public func tap(_ label: String) throws {
        let node = try tappable(label)
        node.tapAction?()
        storage.invalidate()
    }

    /// Taps `label`, then waits for what it started.
    public func tapAndSettle(_ label: String) async throws {
        try tap(label)
        await settle()
    }

    /// Types `text` into the field whose title or accessibility label is `label` (replacing what it held).
    public func type(_ text: String, into label: String) throws {
        guard
            let field = tree.first(where: {
                $0.textBinding != nil && ($0.text == label || $0.accessibilityLabel == label)
            })
        else { throw ViewHostError(description: "no text field \"\(label)\" in\n\(tree.outline)") }
        guard field.isEnabled else { throw ViewHostError(description: "\"\(label)\" is disabled") }
        field.textBinding?.wrappedValue = text
        storage.invalidate()
    }

    /// Types `text` into the search field.
    public func search(_ text: String) throws {
        guard let field = tree.first(where: { $0.kind == .searchField })
        else { throw ViewHostError(description: "no search field in\n\(tree.outline)") }
        field.textBinding?.wrappedValue = text
        storage.invalidate()
    }

    /// Presses Return in the field `label` (`.onSubmit`).
    public func submit(_ label: String) throws {
        guard let field = tree.first(where: { $0.submitAction != nil && ($0.text == label || $0.kind == .searchField) })
        else { throw ViewHostError(description: "no submittable field \"\(label)\" in\n\(tree.outline)") }
        field.submitAction?()
        storage.invalidate()
    }

    /// Picks a photo with bytes `data` in the photos picker `label`.
    public func pickPhoto(_ data: Data, in label: String) throws {
        guard let picker = tree.first(where: { $0.pick != nil && $0.text == label })
        else { throw ViewHostError(description: "no photos picker \"\(label)\" in\n\(tree.outline)") }
        picker.pick?(data)
        storage.invalidate()
    }

    /// Chooses the file at `url` in the Files picker on top (see ``View/fileImporter(isPresented:allowedContentTypes:onCompletion:)``).
    public func chooseFile(_ url: URL) throws {
        guard let top = tree.topPresentation, top.kind == .fileImporter, let choose = top.fileChosen
        else { throw ViewHostError(description: "no Files picker presented in\n\(tree.outline)") }
        choose(url)
        storage.invalidate()
    }

    /// Flips the toggle `label`.
    public func toggle(_ label: String) throws {
        guard
            let node = tree.first(where: {
                $0.boolBinding != nil && ($0.text == label || $0.accessibilityLabel == label)
            })
        else { throw ViewHostError(description: "no toggle \"\(label)\" in\n\(tree.outline)") }
        guard node.isEnabled else { throw ViewHostError(description: "\"\(label)\" is disabled") }
        node.boolBinding?.wrappedValue.toggle()
        storage.invalidate()
    }

    /// Chooses the option whose text is `option` in the picker `label`.
    public func select(_ option: String, in label: String) throws {
        guard
            let picker = tree.first(where: {
                $0.kind == .picker && ($0.text == label || $0.accessibilityLabel == label)
            })
        else { throw ViewHostError(description: "no picker \"\(label)\" in\n\(tree.outline)") }
        guard let choice = picker.children.first(where: { $0.texts.contains(option) }), let tag = choice.tag else {
            throw ViewHostError(description: "picker \"\(label)\" has no option \"\(option)\"\n\(picker.outline)")
        }
        picker.selectionSetter?(tag)
        storage.invalidate()
    }

    /// Steps the stepper `label` up or down once.
    public func step(_ label: String, up: Bool = true) throws {
        guard let node = tree.first(where: { $0.kind == .stepper && ($0.text?.hasPrefix(label) ?? false) })
        else { throw ViewHostError(description: "no stepper \"\(label)\" in\n\(tree.outline)") }
        node.stepAction?(up)
        storage.invalidate()
    }

    /// Selects the tab whose label is `label`.
    public func selectTab(_ label: String) throws {
        guard let tabView = tree.first(where: { $0.kind == .tabView }),
            let tab = tabView.tabItem.first(where: { $0.texts.contains(label) || $0.text == label })
        else { throw ViewHostError(description: "no tab \"\(label)\" in\n\(tree.outline)") }
        tab.tapAction?()
        storage.invalidate()
    }

    /// Pulls the first refreshable list down and waits for the refresh to end.
    public func pullToRefresh() async throws {
        guard let action = tree.first(where: { $0.refreshAction != nil })?.refreshAction
        else { throw ViewHostError(description: "nothing refreshable in\n\(tree.outline)") }
        await action()
        storage.invalidate()
        await settle()
    }

    /// Swipes the row showing `label` and taps its swipe action `action` (or the list's Delete).
    ///
    /// As strict as SwiftUI, which takes a swipe action of the destructive role as the row's removal and
    /// animates the row out at once: such an action that presents something instead (a question before deleting)
    /// throws, since on a phone the row would vanish behind the question (and iOS 27 may abort on it).
    public func swipe(_ label: String, action: String = "Delete") throws {
        guard
            let row = tree.first(where: {
                ($0.deleteAction != nil || !$0.swipeActions.isEmpty) && ($0.text == label || $0.texts.contains(label))
            })
        else { throw ViewHostError(description: "no swipeable row \"\(label)\" in\n\(tree.outline)") }
        if let button = row.swipeActions.first(where: { $0.text == action || $0.texts.contains(action) }) {
            let presentedBefore = tree.topPresentation?.path
            button.tapAction?()
            storage.invalidate()
            if button.role == .destructive, let top = tree.topPresentation, top.path != presentedBefore {
                throw ViewHostError(
                    description:
                        "swipe action \"\(action)\" has the destructive role, which SwiftUI takes as the row's "
                        + "removal, yet it presented \(top.kind.rawValue) \"\(top.text ?? "")\": a swipe action that "
                        + "asks first must not be destructive (tint it red instead)")
            }
        } else if action == "Delete", let delete = row.deleteAction {
            delete()
        } else {
            throw ViewHostError(description: "row \"\(label)\" has no swipe action \"\(action)\"")
        }
        storage.invalidate()
    }

    /// Walks a swipe that asks before it removes its row: the swipe asks `question` in a confirmation dialog, its
    /// `cancel` button closes it and keeps the row, and the swipe again with the dialog's `confirm` button removes
    /// the row. Throws, naming the step, where any of that does not happen.
    public func swipeAsksThenRemoves(
        _ label: String, action: String = "Delete", question: String, confirm: String = "Delete",
        cancel: String = "Cancel"
    ) async throws {
        func dialog(_ step: String) throws -> ViewNode {
            guard let top = tree.topPresentation, top.kind == .confirmationDialog else {
                throw ViewHostError(description: "\(step): no confirmation dialog in\n\(tree.outline)")
            }
            return top
        }
        try swipe(label, action: action)
        let asked = try dialog("the swipe \"\(action)\" on \"\(label)\"")
        guard asked.text == question else {
            throw ViewHostError(description: "the dialog asks \"\(asked.text ?? "")\", not \"\(question)\"")
        }
        try tap(cancel)
        guard tree.topPresentation == nil, tree.texts.contains(label) else {
            throw ViewHostError(
                description: "\"\(cancel)\" did not close the dialog and keep \"\(label)\" in\n\(tree.outline)")
        }
        try swipe(label, action: action)
        _ = try dialog("the second swipe")
        try tap(confirm)
        try await waitUntil("\"\(label)\" to go") { !$0.texts.contains(label) }
    }

    /// Dismisses the sheet, alert or dialog on top (a swipe down, or the system's close). A sheet whose content is
    /// `.interactiveDismissDisabled()` stays, as it springs back on a device.
    public func dismiss() throws {
        guard let top = tree.topPresentation, let dismiss = top.dismissAction
        else { throw ViewHostError(description: "nothing presented in\n\(tree.outline)") }
        if top.kind == .sheet,
            top.children.contains(where: { $0.allNodes.contains(where: \.refusesInteractiveDismiss) })
        {
            return
        }
        dismiss()
        storage.invalidate()
    }

    /// The app moves to `phase`, as the system moves it when the person leaves it (`.background`), pulls a system
    /// screen over it (`.inactive`) or comes back (`.active`): views read it as `@Environment(\.scenePhase)`. A
    /// host starts `.active`.
    public func enterScenePhase(_ phase: ScenePhase) {
        environment.scenePhase = phase
        storage.invalidate()
    }

    /// Taps the navigation bar's back button.
    public func back() throws {
        guard let page = tree.allNodes.last(where: { $0.backAction != nil }), let back = page.backAction
        else { throw ViewHostError(description: "no back button in\n\(tree.outline)") }
        back()
        storage.invalidate()
    }

    private func tappable(_ label: String) throws -> ViewNode {
        let current = tree
        guard let node = Self.deepestTappable(label, in: current) else {
            throw ViewHostError(description: "nothing tappable labelled \"\(label)\" in\n\(current.outline)")
        }
        guard node.isEnabled else { throw ViewHostError(description: "\"\(label)\" is disabled\n\(current.outline)") }
        return node
    }

    private static func deepestTappable(_ label: String, in node: ViewNode) -> ViewNode? {
        // NB: what is presented covers what presents it, the newest on top: a sheet's Done is found before the
        // Done of the page under it.
        for child in node.presentations.reversed() + node.header + node.children + node.footer + node.toolbar {
            if let found = deepestTappable(label, in: child) { return found }
        }
        guard node.tapAction != nil else { return nil }
        let matches = node.text == label || node.accessibilityLabel == label || node.texts.contains(label)
        return matches ? node : nil
    }
}
