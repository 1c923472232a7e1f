import ChangeJarModels
import Localization
import Observation

/// The Settings screen: who is signed in and how, or a button per provider. No e-mail anywhere.
@Observable @MainActor
public final class SettingsModel {
    /// What Settings shows.
    public enum Content: Sendable, Hashable {
        /// One button per available provider.
        case signedOut(buttons: [ProviderButton])
        /// The person's name (or a word saying the provider gave none: never their user id) and the sign-in
        /// mechanism.
        case signedIn(name: String, mechanism: String)
    }

    /// A "Sign In with …" button.
    public struct ProviderButton: Sendable, Hashable, Identifiable {
        /// The provider the person signed in with.
        public var source: AuthSource
        /// What the button says: "Sign In with" and the provider's name.
        public var title: String
        /// Buttons are identified by their provider.
        public var id: AuthSource { source }
    }

    /// The line over the screen: a failed sign-in, or the notice of why Settings was opened.
    public internal(set) var banner: Banner?
    /// The name field, signed in: the name the jar shows on the person's actions, as they type over it.
    public var nameDraft = ""
    /// The name the jar shows on the person's actions, as the server last said (`nil`: none chosen yet, or not
    /// read). No two people share one, so it can differ from the name the provider gave.
    public private(set) var jarName: String?
    /// Whether ``jarName`` was read from the jar for the person signed in: until it is, the name field holds the
    /// provider's name, which may not be the one their actions go by.
    public private(set) var hasReadName = false
    /// Whose ``jarName`` is: the person signed in when it was read.
    @ObservationIgnored private var nameOf: AuthSession.Person?
    /// Whether the name is being saved.
    public private(set) var isSavingName = false
    /// Whether the person must choose a name before anything goes out under one: at the sign-in they had none in
    /// the jar, and the provider's is someone else's (the banner says so, over the name field). Saving a name ends
    /// it.
    public private(set) var mustChooseName = false
    /// Runs after a name is saved (the app sends an action that waited for it from here).
    @ObservationIgnored var onNameSaved: @MainActor () async -> Void = {}
    /// Runs after the person signed out (the app lets an action that waited for their sign-in go from here).
    @ObservationIgnored var onSignedOut: @MainActor () async -> Void = {}

    @ObservationIgnored let session: SessionModel
    @ObservationIgnored let actions: ActionsClient

    /// Creates the screen model over its dependencies.
    public init(session: SessionModel, actions: ActionsClient) {
        self.session = session
        self.actions = actions
    }

    /// What the screen draws now.
    public var content: Content {
        if let current = session.session {
            return .signedIn(
                name: jarName ?? current.displayName ?? Strings.text("settings.noName"),
                mechanism: current.authSource.displayName)
        }
        return .signedOut(
            buttons: session.availableSources.map {
                ProviderButton(source: $0, title: Strings.signInWith($0.displayName))
            })
    }

    /// Whether a sign-in is running (buttons disabled, spinner shown).
    public var isBusy: Bool { session.signingInWith != nil }

    /// A provider button was tapped. A sign-in the person closed is no failure: the screen says what it said before
    /// (why Settings was opened, such as an action waiting for the sign-in).
    public func providerTapped(_ source: AuthSource) async {
        let before = banner
        banner = nil
        do {
            try await session.signIn(with: source)
        } catch .signInCancelled {
            banner = before
        } catch {
            // NB: a sign-in whose task was cancelled is no failure either: what was said before stays.
            banner = error.failureBanner ?? before
        }
    }

    /// The screen appeared: signed in, reads the name the jar shows on the person's actions into the name field
    /// (the provider's name until they have one). A failure leaves the field as it was (the name is not needed to
    /// browse) and, when the jar's name was never read for this person, says so over it.
    ///
    /// NB: the field then holds the provider's name, which need not be the jar's ("Alice" for someone whose
    /// actions go by "Mallory"); shown without a word, it read as the name their actions go by, and
    /// `quartet changejar name` printed it as that.
    public func appeared() async {
        guard let current = session.session else { return }
        if current.person != nameOf {
            jarName = nil
            hasReadName = false
            nameOf = current.person
        }
        do {
            let profile = try await session.signedIn { try await actions.profile($0.token) }
            jarName = profile.name
            hasReadName = true
            if banner == Self.nameNotRead { banner = nil }
        } catch {
            // NB: the jar refused the session for good, and it has ended: the field is not refilled with the name
            // of the person who is no longer signed in.
            guard session.session != nil, !error.isNothingToTell else { return }
            if !hasReadName, banner == nil { banner = Self.nameNotRead }
        }
        nameDraft = jarName ?? current.displayName ?? ""
    }

    /// The line over the name field while the jar's name for the person could not be read.
    static var nameNotRead: Banner { .notice(Strings.text("settings.nameNotRead")) }

    /// A sign-in finished: the person's name in the jar is read, and when they have none yet, the provider's is
    /// claimed for them, as their first submission would claim it. A name someone else goes by is said now, on
    /// Settings over its name field (``mustChooseName``), not when they first submit. A failure to reach the jar
    /// says nothing: the name is not needed to browse, and a submission claims it later.
    func signedIn() async {
        mustChooseName = false
        // NB: a session that ended (rather than a Sign Out) left the last person's jar name here: it is not this
        // person's, and is not shown as theirs should the jar be out of reach now.
        if let current = session.session, current.person != nameOf {
            jarName = nil
            hasReadName = false
            nameDraft = current.displayName ?? ""
        }
        nameOf = session.session?.person
        guard let current = session.session,
            let profile = try? await session.signedIn({ try await actions.profile($0.token) })
        else { return }
        hasReadName = true
        if let name = profile.name {
            jarName = name
            nameDraft = name
            return
        }
        // NB: as the jar takes it at a first submission: a long name cut to fit, not left unclaimed until then.
        guard let name = current.displayName.flatMap(AuthorName.fitted) else { return }
        nameDraft = name
        do {
            let claimed = try await session.signedIn { try await actions.rename($0.token, name) }
            jarName = claimed.name
            nameDraft = claimed.name ?? name
        } catch .nameTaken {
            mustChooseName = true
            banner = .notice(Strings.format("settings.providerNameTaken", name))
        } catch {
            return
        }
    }

    /// Whether Save Name does anything: signed in, not saving, and a name other than the jar's, or one that breaks a
    /// name's rule (the tap then says which).
    ///
    /// NB: folding a name drops a control character in it (a tab or a bell pasted after "Alice" folds to "Alice"):
    /// compared folded alone, such a name was the jar's, Save Name was off, and nothing said why it is not taken.
    public var canSaveName: Bool {
        session.session != nil && !isSavingName
            && (nameViolation != nil || AuthorName.normalized(nameDraft) != jarName.map(AuthorName.normalized))
    }

    /// The rule of a name the name field breaks (``AuthorName/violation(_:)``), or `nil` when the jar may be asked
    /// for it. Save Name says it as its failure (``ActionRules/Violation/sentence(of:)``).
    public var nameViolation: ActionRules.Violation? { AuthorName.violation(nameDraft) }

    /// "Save Name" was tapped: checks the name's rules here first, then asks the jar, which refuses a name someone
    /// else goes by (``ChangeJarError/nameTaken``); the field keeps what was typed either way.
    public func saveNameTapped() async {
        guard canSaveName else { return }
        if let violation = nameViolation {
            banner = .failure(violation.sentence(of: nameDraft))
            return
        }
        isSavingName = true
        defer { isSavingName = false }
        let name = AuthorName.normalized(nameDraft)
        do {
            let profile = try await session.signedIn { try await actions.rename($0.token, name) }
            jarName = profile.name
            hasReadName = true
            nameOf = session.session?.person
            nameDraft = profile.name ?? name
            banner = .confirmation(Strings.format("settings.nameSaved", nameDraft))
            mustChooseName = false
        } catch {
            banner = error.failureBanner
            return
        }
        await onNameSaved()
    }

    /// "Sign Out" was tapped: the session is forgotten at once, and so is an action that waited for a sign-in (the
    /// next may be someone else's; its words stay in the Submit form).
    public func signOutTapped() async {
        await session.signOut()
        await onSignedOut()
    }

    /// The person signed out, or their session ended (`expired`): their name leaves the field, and an ended session
    /// is said over the sign-in buttons (they were signed in a moment ago, and nothing else says why they are not).
    func signedOut(expired: Bool) {
        jarName = nil
        hasReadName = false
        nameOf = nil
        nameDraft = ""
        mustChooseName = false
        banner = expired ? .notice(Strings.sessionExpired) : nil
    }
}
