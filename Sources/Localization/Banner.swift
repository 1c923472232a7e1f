/// The line a screen shows over its content: why the last call failed, what it did, or a notice about what the
/// screen shows.
///
/// Typed, so that a view draws each kind as one (a failure red with a warning sign, a confirmation with a check
/// mark, a notice plainly) and the command line tells an error from a confirmation without comparing sentences.
/// Sales, Change Jar and Attendee answer their banners with it (Quakes keeps its own `QuakeBanner`, which also
/// says whether Retry is offered); the sentence always comes from the core's string table.
public enum Banner: Sendable, Hashable {
    /// A call failed, or a person's request was refused; the sentence says why.
    case failure(String)
    /// A call went through; the sentence says what it did ("Profile saved.").
    case confirmation(String)
    /// Neither: what the screen shows or waits for ("You're offline. Showing the actions saved on this device.").
    case notice(String)

    /// The sentence.
    public var text: String {
        switch self {
        case .failure(let text), .confirmation(let text), .notice(let text): text
        }
    }

    /// The failure's sentence, or `nil` for any other kind (what the command line reports as an error).
    public var failure: String? {
        if case .failure(let text) = self { return text }
        return nil
    }
}
