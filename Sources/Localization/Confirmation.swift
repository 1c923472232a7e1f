/// The question a screen asks before it does what the app cannot undo: deleting a post, a note, an action or a
/// Salesforce record, removing a file from an event.
///
/// A tap on Delete does not delete: the screen's model answers it with a `Confirmation` naming what it will do
/// (`action`), and does it only when the person taps the dialog's `confirmTitle`. A view presents it as a
/// confirmation dialog (`QuartetUI`'s `confirming` modifier); the command line, where typing the command is
/// itself the deliberate act, sends the model both taps. Every sentence comes from the core's string table.
///
/// ```swift
/// await wall.deleteTapped(postID: "p1")       // wall.confirmation?.title == "Delete This Post?"
/// await wall.confirmTapped(.post("p1"))       // now it is deleted
/// ```
public struct Confirmation<Action: Hashable & Sendable>: Hashable, Sendable {
    /// What the model does when the person confirms (which post, which note …).
    public let action: Action
    /// The question: `Delete “Q3 plan”?`.
    public let title: String
    /// What it means for the person: `It leaves the wall for everyone at the event.`
    public let message: String
    /// The destructive button: `Delete`, `Remove`.
    public let confirmTitle: String
    /// The button that keeps everything as it is: `Cancel`.
    public let cancelTitle: String

    /// A question about `action`, in the core's words.
    public init(_ action: Action, title: String, message: String, confirmTitle: String, cancelTitle: String) {
        self.action = action
        self.title = title
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
    }
}
