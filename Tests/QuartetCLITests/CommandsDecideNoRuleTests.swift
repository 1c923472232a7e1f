import Foundation
import Testing

/// The command line is one more view (issue #12): it sends a screen's model the event a tap would and prints what
/// the model says. `changejar name` and `changejar submit` each asked a rule of the core (`AuthorName.violation`,
/// `ActionRules.violation`) before the screen did, so the command, not the model, decided what was refused.
@Suite struct CommandsDecideNoRuleTests {
    /// No command calls a rule's check: a refusal is read from the model (`submit.violation`,
    /// `settings.nameViolation`) after the tap.
    @Test func noCommandAsksARuleItself() throws {
        let source = try HelpTextNumbersTests.commandLineSource()
        let calls = source.split(separator: "\n").filter { $0.contains("violation(") || $0.contains("Violation(") }
        #expect(calls == [])
    }
}
