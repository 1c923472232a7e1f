import APIClient
import AttendeeModels
import Foundation
import Localization
import Observation

/// Sign up, sign in and sign out.
@Observable @MainActor
public final class AccountModel: BusyScreen {
    /// The profile shown, when one is open.
    public private(set) var profile: MyProfile?
    /// The field a local check refused, if any.
    public private(set) var fieldError: FieldError?
    /// Whether a call is in flight (the screen shows a spinner).
    public var isBusy: Bool { busy }
    /// The calls on their way, which ``isBusy`` counts.
    var calls = CallsInFlight()
    /// Why the last call failed, if it did.
    public internal(set) var banner: Banner?

    private let client: AttendeeClient
    private let offlineCopy: AgendaOfflineCopy?
    /// A sign-up whose answer was lost after it was sent: sent again, a 409 for its e-mail may be its own account.
    @ObservationIgnored private var unanswered: SignUpRequest?

    /// Creates the model over a client, and the device's agenda copies, which hold the signed-in person's seats.
    public init(client: AttendeeClient, offlineCopy: AgendaOfflineCopy? = nil) {
        self.client = client
        self.offlineCopy = offlineCopy
    }

    /// Whether someone is signed in.
    public var isSignedIn: Bool { profile != nil }

    /// Sign up was tapped: checks the fields, then creates the account. Tapped again after an answer was lost, a
    /// 409 for the e-mail is most likely the account the lost answer was about, so it signs in with the same
    /// password rather than say the e-mail is taken.
    public func signUpTapped(name: String, email: String, password: String) async {
        // NB: in the form the server stores and signs in with: a space a keyboard's suggestion leaves after the
        // address is no reason to say it is not an e-mail (the server trims it, and the guests' form did too).
        let request = SignUpRequest(email: EmailAddress.normalized(email), password: password, name: name)
        if let error = request.validationError() {
            fieldError = error
            return
        }
        let retried = unanswered == request
        await run {
            do {
                let made = try await self.client.signUp(request).profile
                self.unanswered = nil
                return made
            } catch let lost as APIError where lost == .connectionLost || lost == .timeout {
                // NB: the request went out; the server may have made the account before the answer was lost.
                self.unanswered = request
                throw lost
            } catch APIError.http(status: 409, let problem, let wait) where retried {
                // NB: the account this very sign-up made takes its e-mail now: signing in with the same password
                // opens it. Anyone else's account refuses the password, and the e-mail is taken as before.
                self.unanswered = nil
                let signIn = SignInRequest(email: request.email, password: request.password)
                guard let opened = try? await self.client.signIn(signIn).profile else {
                    throw APIError.http(status: 409, problem: problem, retryAfter: wait)
                }
                return opened
            }
        }
    }

    /// The app started: when a session was kept, the profile it belongs to is loaded (nothing is shown when
    /// there is none, or the server refuses it).
    public func restore() async {
        guard profile == nil, let me = try? await client.me() else { return }
        await offlineCopy?.signedIn(me.person.id)
        profile = me
    }

    /// Sign in was tapped.
    public func signInTapped(email: String, password: String) async {
        await run { try await self.client.signIn(SignInRequest(email: email, password: password)).profile }
    }

    /// Sign out was tapped. The device always forgets the session (the client drops its token whatever the
    /// server answers); when the server could not be told, the banner says so: the session is not revoked
    /// there, and ends when it expires.
    public func signOutTapped() async {
        calls.started()
        banner = nil
        defer { calls.ended() }
        do {
            try await client.signOut()
        } catch APIError.signedOut {
            // NB: the server had ended the session already; there is nothing left for it to forget.
        } catch {
            banner = .notice(Strings.text("account.signedOutHereOnly"))
        }
        await offlineCopy?.signedOut()
        profile = nil
    }

    /// The server no longer takes the session (it expired, or was revoked): signed out here too, with the line
    /// that says why.
    public func sessionEnded() {
        profile = nil
        banner = Banner(APIError.signedOut)
    }

    private func run(_ call: @escaping @MainActor () async throws -> MyProfile) async {
        fieldError = nil
        await whileBusy {
            let me = try await call()
            await offlineCopy?.signedIn(me.person.id)
            profile = me
        }
    }
}
