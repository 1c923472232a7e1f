/// Holds async work at a point a test chooses, so the test can look at the state in between.
///
/// A dependency calls ``pass()``; while the gate is closed, it waits there until ``open()``. The test can
/// wait for callers to arrive with ``arrived(_:)``.
///
/// ```swift
/// let gate = Gate(isOpen: false)
/// let client = Client { await gate.pass(); return rows }
/// let loading = Task { await model.appeared() }
/// await gate.arrived(1)
/// #expect(model.isBusy)
/// await gate.open()
/// await loading.value
/// ```
public actor Gate {
    private var isOpen: Bool
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var arrivalWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// How many callers have reached ``pass()`` so far.
    public private(set) var arrivals = 0

    /// A gate, open (callers pass at once) or closed.
    public init(isOpen: Bool = true) { self.isOpen = isOpen }

    /// Closes the gate: later callers of ``pass()`` wait.
    public func close() { isOpen = false }

    /// Opens the gate and lets every waiting caller through.
    public func open() {
        isOpen = true
        for waiter in waiting { waiter.resume() }
        waiting = []
    }

    /// Counts the caller and, while the gate is closed, waits until it opens.
    public func pass() async {
        arrivals += 1
        let reached = arrivalWaiters.filter { $0.count <= arrivals }
        arrivalWaiters.removeAll { $0.count <= arrivals }
        for waiter in reached { waiter.continuation.resume() }
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Returns once at least `count` callers have reached ``pass()``.
    public func arrived(_ count: Int) async {
        guard arrivals < count else { return }
        await withCheckedContinuation { arrivalWaiters.append((count, $0)) }
    }
}
