/// Which tap a screen is fetching a page or file for: the one made last. Rows stay tappable while an answer is on
/// its way, so an earlier tap's answer that lands after a later tap is dropped, as is any answer once the person
/// went back or closed what it would have shown.
///
/// A tap is counted, not named by its row: the same row tapped twice awaits the second answer only, and a close
/// followed by a tap on the same row does not let the first answer through. Sales' account screen and Attendee's
/// speakers, gallery and documents keep one each, beside their ``CallsInFlight``.
///
/// ```swift
/// let tap = lastTapped.tapped()
/// let data = try await client.download(id)
/// guard lastTapped.landed(tap) else { return }
/// ```
public struct LastTapped: Sendable, Hashable {
    /// One tap, as ``tapped()`` counted it.
    public struct Tap: Sendable, Hashable {
        fileprivate let number: Int
    }

    /// How many taps (and forgets) there have been.
    private var count = 0
    /// The tap whose answer may still be shown, if any.
    private var awaited: Int?

    /// Nothing tapped yet.
    public init() {}

    /// A row was tapped: its answer is the one awaited, and no earlier tap's is.
    public mutating func tapped() -> Tap {
        count += 1
        awaited = count
        return Tap(number: count)
    }

    /// Whether the answer for `tap` may be shown: it is the tap made last, and nothing was forgotten since. It is no
    /// longer awaited then, so it is shown once.
    public mutating func landed(_ tap: Tap) -> Bool {
        guard awaited == tap.number else { return false }
        awaited = nil
        return true
    }

    /// The person went back, closed the page, or opened something else: no answer on its way is shown.
    public mutating func forget() {
        count += 1
        awaited = nil
    }
}
