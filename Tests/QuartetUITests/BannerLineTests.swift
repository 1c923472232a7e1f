import Localization
import QuartetUI
import SwiftUI
import Testing

/// Every app draws a banner's kind the same way, so a failure never reads as a confirmation.
@MainActor
struct BannerLineTests {
    @Test func aFailureHasARedWarningSign() throws {
        let line = try #require(
            ViewHost(BannerLine(.failure("The file could not be opened."))).tree.first { $0.kind == .label })
        #expect(line.text == "The file could not be opened.")
        #expect(line.systemImage == "exclamationmark.triangle")
        // Only the sign is tinted: red or green text is hard to read, on white and on a tinted strip.
        #expect(line.style.iconForeground?.name == "red")
        #expect(line.style.foreground == nil)
    }

    @Test func aConfirmationHasAGreenCheckMark() throws {
        let line = try #require(ViewHost(BannerLine(.confirmation("Profile saved."))).tree.first { $0.kind == .label })
        #expect(line.text == "Profile saved.")
        #expect(line.systemImage == "checkmark.circle")
        #expect(line.style.iconForeground?.name == "green")
        #expect(line.style.foreground == nil)
    }

    @Test func aNoticeIsPlainText() throws {
        let tree = ViewHost(BannerLine(.notice("You're offline. Showing the actions saved on this device."))).tree
        let line = try #require(tree.first { $0.kind == .text })
        #expect(line.text == "You're offline. Showing the actions saved on this device.")
        #expect(line.style.foreground == nil)
        #expect(tree.first { $0.systemImage != nil } == nil)
    }

    @Test func aStripBehindABannerIsTintedByItsKind() {
        #expect(Banner.failure("x").tint == .red)
        #expect(Banner.confirmation("x").tint == .green)
        #expect(Banner.notice("x").tint == .yellow)
    }

    @Test func theCommandLineReadsOnlyAFailureAsAnError() {
        #expect(Banner.failure("Refused.").failure == "Refused.")
        #expect(Banner.confirmation("Saved.").failure == nil)
        #expect(Banner.notice("Offline.").failure == nil)
        #expect([Banner.failure("a"), .confirmation("b"), .notice("c")].map(\.text) == ["a", "b", "c"])
    }
}
