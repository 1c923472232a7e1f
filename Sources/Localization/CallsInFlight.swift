/// How many of a screen's calls are on their way: the screen shows its spinner, and refuses a second tap on what
/// must not be sent twice, until the last of them ends.
///
/// A `Bool` set when a call starts and cleared when it ends was cleared by the first of two overlapping calls to
/// end (a pull to reload while a save was on its way): the spinner went out, and a guarded Save sent the edit again
/// while the first was still on its way. A count ends only with the last call. Sales, Change Jar and Attendee
/// screens keep one each, as a stored property of their `@Observable` model, so a busy flag computed from it is
/// observed as the count changes.
///
/// ```swift
/// public var isBusy: Bool { calls.isBusy }
/// var calls = CallsInFlight()
///
/// func saveTapped() async {
///     guard !isBusy else { return }
///     calls.started()
///     defer { calls.ended() }
///     saved = try? await client.save(draft)
/// }
/// ```
public struct CallsInFlight: Sendable, Hashable {
    /// How many calls are on their way.
    public private(set) var count = 0

    /// None on its way.
    public init() {}

    /// Whether any call is on its way (the screen shows its spinner).
    public var isBusy: Bool { count > 0 }

    /// A call starts; end it with ``ended()`` however it ends (a `defer` right after).
    public mutating func started() { count += 1 }

    /// A call started with ``started()`` ended.
    public mutating func ended() {
        // NB: an end with none started is a mistake in the screen; the count stays at zero rather than leave the
        // spinner on for ever after the next call.
        assert(count > 0, "a call ended that never started")
        count = max(0, count - 1)
    }
}
