import ChangeJarCore
import ChangeJarModels
import Foundation
import Testing

/// The Apple app's sign-in sheet says why a provider's sign-in failed in the core's sentences: it wrote its own
/// English fragments ("the provider did not hand over a token") and showed the provider's `error_description`.
@Suite struct WebSignInFailureTests {
    @Test(arguments: WebSignInFailure.allCases)
    func eachFailureIsAWholeSentenceOfTheCore(_ failure: WebSignInFailure) {
        let sentence = failure.sentence
        #expect(sentence.first?.isUppercase == true, "\(sentence)")
        #expect(sentence.hasSuffix("."), "\(sentence)")
        #expect(!sentence.contains("%"), "\(sentence)")
        #expect(failure.error == .signInFailed(sentence))
        #expect(failure.error.message == "Sign-in failed. " + sentence)
    }

    @Test func aProviderNotSetUpIsNamed() {
        #expect(
            WebSignInFailure.notConfigured(.facebook).error.message
                == "Sign-in failed. Facebook sign-in is not set up in this version of the app.")
    }

    /// The app target (not compiled on Linux) throws only these: no sign-in failure is worded there.
    @Test func theAppTargetWordsNoSignInFailure() throws {
        let repository = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let apps = repository.appendingPathComponent("Apps")
        let files =
            FileManager.default.enumerator(at: apps, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.contains { $0.lastPathComponent == "WebAuthenticationSignIn.swift" })
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("signInFailed("), "\(file.lastPathComponent) words a sign-in failure itself")
        }
    }
}
