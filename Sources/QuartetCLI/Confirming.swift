import Localization

/// Answers the question a screen asked before a deletion, as the person who typed the command already has.
///
/// A view shows the question in a dialog and waits for the tap; on the command line, naming the command and the
/// id is the deliberate act the dialog exists for, so each deleting command sends the screen both taps. When
/// the screen asked nothing (it refused first and said why in its banner), nothing is sent.
@MainActor
func confirm<Action>(_ question: Confirmation<Action>?, with confirmTapped: (Action) async -> Void) async {
    guard let question else { return }
    await confirmTapped(question.action)
}
