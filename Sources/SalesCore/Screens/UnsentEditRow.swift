import Foundation

/// A change the server did not take, as the Account screen lists it under "Changes Not Sent".
public struct UnsentEditRow: Sendable, Hashable, Identifiable {
    /// The change's id (the event "Send Mine" or "Discard Mine" names).
    public var id: UUID
    /// What the change was, as a row's title: `Save the note Visit`.
    public var title: String
    /// Why it was not sent: changed on the server meanwhile, or the server's refusal.
    public var reason: String
    /// Whether "Send Mine" is offered: a conflicted update, which can be written over the server's version.
    public var canSendOver: Bool
    /// What the person typed into the change (a note's text, a Google Doc's link), shown so it can be copied
    /// before the change is let go; `nil` when it holds none (``PendingEdit/typedText``).
    public var text: String?

    /// The row of `unsent`.
    public init(_ unsent: UnsentEdit) {
        id = unsent.id
        // NB: the summary is a phrase made to sit inside a sentence ("Could not save the note Visit: …"); as a
        // title it starts with a capital.
        let summary = unsent.edit.summary
        title = summary.prefix(1).uppercased() + summary.dropFirst()
        switch unsent.reason {
        case .conflict: reason = SalesText.unsentConflict
        case .refused(let message): reason = message
        }
        canSendOver = unsent.canBeSentOver
        text = unsent.edit.typedText
    }
}

extension UnsentEditRow {
    /// The most lines of ``text`` a row shows; the whole text goes to the share sheet (``SalesText/shareTyped``).
    ///
    /// NB: a note's text runs to 32,000 characters: shown whole it filled the screen and pushed the row's own
    /// buttons, and the rest of the account, out of reach.
    public static let textLines = 6
}
