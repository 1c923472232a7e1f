import AttendeeModels
import Foundation
import Observation

/// Sign up, sign in and sign out.
@Observable @MainActor
public final class AccountModel {
    public private(set) var profile: MyProfile?
    public private(set) var fieldError: FieldError?
    public private(set) var isBusy = false
    public private(set) var banner: String?

    private let client: AttendeeClient

    public init(client: AttendeeClient) {
        self.client = client
    }

    public var isSignedIn: Bool { profile != nil }

    public func signUpTapped(name: String, email: String, password: String) async {
        let request = SignUpRequest(email: email, password: password, name: name)
        if let error = request.validationError() {
            fieldError = error
            return
        }
        await run { try await self.client.signUp(request).profile }
    }

    public func signInTapped(email: String, password: String) async {
        await run { try await self.client.signIn(SignInRequest(email: email, password: password)).profile }
    }

    public func signOutTapped() async {
        isBusy = true
        defer { isBusy = false }
        do {
            try await client.signOut()
        } catch {
            banner = AttendeeFailure.message(error)
        }
        profile = nil
    }

    private func run(_ call: @escaping @MainActor () async throws -> MyProfile) async {
        isBusy = true
        banner = nil
        fieldError = nil
        defer { isBusy = false }
        do {
            profile = try await call()
        } catch {
            banner = AttendeeFailure.message(error)
        }
    }
}
