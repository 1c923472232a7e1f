import APIClient
import AttendeeCore
import AttendeeModels
import Foundation
import Locking
import TestSupport
import Testing

@MainActor @Suite struct AdditionalInfoModelTests {
    @Test func everyFieldRequiredGuestsNeedNameAndEmail() async {
        let sent = Locked<[AdditionalInfoSubmission]>([])
        let client = AttendeeClient(submitAdditionalInfo: { eventID, submission in
            sent.withLock { $0.append(submission) }
            return Registration(eventID: eventID, additionalInfoStatus: .completed)
        })
        let model = AdditionalInfoModel(client: client, eventID: "e1", fields: Demo.event().additionalInfoFields)
        #expect(model.isSubmitEnabled == false)
        #expect(model.laterTitle == "Later, I haven't decided")

        await model.submitTapped()
        #expect(
            model.fieldErrors == [
                "answers.dietaryNeeds": "Dietary needs is required.", "answers.tshirtSize": "T-shirt size is required.",
            ])
        #expect(model.firstFieldError == "Dietary needs is required.")
        model.answerChanged("dietaryNeeds", "none")
        #expect(model.fieldErrors["answers.dietaryNeeds"] == nil)
        model.answerChanged("tshirtSize", "L")
        #expect(model.isSubmitEnabled)

        model.addGuestTapped()
        model.addGuestTapped()
        #expect(model.guests.count == 2)
        #expect(model.isSubmitEnabled == false)
        model.guestChanged(0, name: "Zoë", email: "zoe@example.com")
        model.guestChanged(1, name: "", email: "nope")
        await model.submitTapped()
        #expect(
            model.fieldErrors == [
                "guests.1.name": "Guest 2 needs a name.", "guests.1.email": "Guest 2 needs a valid e-mail address.",
            ])
        #expect(model.firstFieldError == "Guest 2 needs a name.")
        #expect(sent.withLock { $0.isEmpty })
        model.removeGuestTapped(1)
        #expect(model.fieldErrors.isEmpty)
        #expect(model.firstFieldError == nil)
        await model.submitTapped()
        #expect(model.isFinished)
        #expect(
            sent.withLock { $0 } == [
                AdditionalInfoSubmission(
                    answers: ["dietaryNeeds": "none", "tshirtSize": "L"],
                    guests: [Guest(name: "Zoë", email: "zoe@example.com")])
            ])
    }

    @Test func laterSkipsTheStep() async {
        let sent = Locked<[AdditionalInfoSubmission]>([])
        let client = AttendeeClient(submitAdditionalInfo: { eventID, submission in
            sent.withLock { $0.append(submission) }
            return Registration(eventID: eventID, additionalInfoStatus: .later)
        })
        let model = AdditionalInfoModel(client: client, eventID: "e1", fields: Demo.event().additionalInfoFields)
        await model.laterTapped()
        #expect(model.isFinished)
        #expect(sent.withLock { $0 } == [AdditionalInfoSubmission(later: true)])
    }

    /// A second tap on Submit (or on Later) while the first is on its way sends nothing: the server would refuse
    /// it as already complete, and the page would say so over the step that went through.
    @Test func aSecondTapWhileSendingSendsNothing() async {
        let gate = Gate(isOpen: false)
        let sent = Locked<[AdditionalInfoSubmission]>([])
        let client = AttendeeClient(submitAdditionalInfo: { eventID, submission in
            let first = sent.withLock {
                $0.append(submission)
                return $0.count == 1
            }
            // NB: only the first waits, so a later tap that does send answers at once rather than hang the test.
            if first { await gate.pass() }
            guard first else {
                throw APIError.http(
                    status: 409,
                    problem: ProblemDetails(
                        type: AdditionalInfoSubmission.completedType, status: 409,
                        detail: "Your additional information is complete; its answers cannot be changed."))
            }
            return Registration(eventID: eventID, additionalInfoStatus: .completed)
        })
        let model = AdditionalInfoModel(client: client, eventID: "e1", fields: Demo.event().additionalInfoFields)
        model.answerChanged("dietaryNeeds", "none")
        model.answerChanged("tshirtSize", "L")
        let submitting = Task { await model.submitTapped() }
        await gate.arrived(1)
        await model.submitTapped()
        await model.laterTapped()
        await gate.open()
        await submitting.value
        #expect(sent.withLock { $0.count } == 1)
        #expect(model.isFinished)
        #expect(model.banner == nil)
        #expect(model.registration?.additionalInfoStatus == .completed)
    }

    @Test func serverRefusalIsShown() async {
        let client = AttendeeClient(submitAdditionalInfo: { _, _ in
            throw APIError.http(status: 422, problem: (ProblemDetails(detail: "T-shirt size is required.")))
        })
        let model = AdditionalInfoModel(client: client, eventID: "e1", fields: [])
        await model.submitTapped()
        #expect(model.banner == .failure("T-shirt size is required."))
        #expect(model.isFinished == false)
    }
}

@MainActor @Suite struct FeedbackModelTests {
    @Test func sessionFeedbackNeedsEverySpeakerAndIsOnceOnly() async {
        let speakers = [PersonReference(id: "a", name: "Ana"), PersonReference(id: "b", name: "Rui")]
        let sent = Locked<[SessionFeedback]>([])
        let client = AttendeeClient(sessionFeedback: { _, feedback in sent.withLock { $0.append(feedback) } })
        let model = FeedbackModel(client: client, target: .session(id: "s", speakers: speakers))
        #expect(model.isSubmitEnabled == false)
        #expect(model.refusal == "Choose a rating from 1 to 5.")
        model.ratingChosen(5)
        model.speakerRatingChosen("a", 4)
        #expect(model.isSubmitEnabled == false)
        #expect(model.refusal == "Rate every speaker.")
        model.speakerRatingChosen("x", 4)
        #expect(model.refusal == "Rate every speaker.")
        model.speakerRatingChosen("b", 9)
        #expect(model.isSubmitEnabled == false)
        model.speakerRatingChosen("b", 3)
        #expect(model.refusal == "This person does not speak here.")
        model.speakerRatingChosen("x", 0)
        model.commentChanged("Great")
        #expect(model.isSubmitEnabled)
        #expect(model.refusal == nil)
        #expect(model.outcome == nil)
        await model.submitTapped()
        #expect(model.outcome == .sent)
        #expect(model.isAlreadyGiven)
        #expect(model.isSubmitEnabled == false)
        #expect(model.submitTitle == "Feedback Given")
        #expect(model.banner == .confirmation("Thank you for your feedback."))
        #expect(
            sent.withLock { $0 } == [SessionFeedback(rating: 5, speakerRatings: ["a": 4, "b": 3], comment: "Great")])
    }

    /// The form holds the comment to the server's rule: one letter with thousands of marks keeps Submit off and
    /// says why, rather than going out to be refused.
    @Test func aCommentOfMarksKeepsSubmitOffAndSaysWhy() {
        let model = FeedbackModel(client: AttendeeClient(), target: .event(id: "e1"))
        model.ratingChosen(4)
        model.commentChanged("Z" + String(repeating: "\u{301}", count: 40_000))
        #expect(model.isSubmitEnabled == false)
        #expect(
            model.refusal == "The comment holds too many accents or other combining marks: at most 32,000 code points.")
        model.commentChanged("Zé")
        #expect(model.isSubmitEnabled)
        #expect(model.refusal == nil)
    }

    /// Each rating row is five stars, filled up to the rating chosen; each says what tapping it gives.
    @Test func ratingsAreRowsOfStars() {
        let ana = PersonReference(id: "a", name: "Ana")
        let model = FeedbackModel(client: AttendeeClient(), target: .session(id: "s", speakers: [ana]))
        #expect(model.ratingTitle == "This Session")
        #expect(model.speakersTitle == "Speakers")
        #expect(model.ratingStars.map(\.value) == [1, 2, 3, 4, 5])
        #expect(model.ratingStars.allSatisfy { !$0.isFilled && $0.symbol == "star" })
        #expect(model.ratingStars.map(\.label).prefix(2) == ["This Session: 1 star", "This Session: 2 stars"])

        model.ratingChosen(model.ratingStars[2].value)
        #expect(model.ratingStars.map(\.isFilled) == [true, true, true, false, false])
        #expect(model.ratingStars.map(\.symbol).prefix(4) == ["star.fill", "star.fill", "star.fill", "star"])
        #expect(model.stars(for: ana).allSatisfy { !$0.isFilled })
        #expect(model.stars(for: ana)[4].label == "Ana: 5 stars")
        model.speakerRatingChosen("a", model.stars(for: ana)[0].value)
        #expect(model.stars(for: ana).map(\.isFilled) == [true, false, false, false, false])
        #expect(model.ratingStars.filter(\.isFilled).count == 3)
    }

    @Test func conflictDisablesTheButton() async {
        let client = AttendeeClient(eventFeedback: { _, _ in
            throw Demo.refusal(409, .duplicate, "You already gave feedback on this event.")
        })
        let model = FeedbackModel(client: client, target: .event(id: "e1"))
        model.ratingChosen(4)
        await model.submitTapped()
        #expect(model.isAlreadyGiven)
        #expect(model.outcome == .alreadyGiven)
        #expect(model.banner == .failure("You already gave feedback."))
        #expect(model.isSubmitEnabled == false)
    }

    @Test func givenBeforeOpensDisabled() {
        let model = FeedbackModel(client: AttendeeClient(), target: .event(id: "e1"), alreadyGiven: true)
        #expect(model.notice == "You already gave feedback.")
        #expect(model.isFormEnabled == false)
        model.ratingChosen(3)
        #expect(model.isSubmitEnabled == false)
        #expect(model.submitTitle == "Feedback Given")
    }

    /// Someone not registered for the event finds the form shut, and why, before typing anything.
    @Test func notRegisteredOpensShutAndSaysWhy() async {
        let sent = Locked(0)
        let client = AttendeeClient(eventFeedback: { _, _ in sent.withLock { $0 += 1 } })
        let model = FeedbackModel(client: client, target: .event(id: "e1"), registered: false)
        #expect(model.notice == "Register for this event first.")
        #expect(model.isFormEnabled == false)
        model.ratingChosen(4)
        #expect(model.isSubmitEnabled == false)
        await model.submitTapped()
        #expect(sent.withLock { $0 } == 0)
        #expect(FeedbackModel(client: client, target: .event(id: "e1")).notice == nil)
    }

    /// A speaker's rating out of range is refused with the range, as the overall rating is, not as a speaker left
    /// unrated.
    @Test func aSpeakerRatingOutOfRangeNamesTheRange() {
        let model = FeedbackModel(
            client: AttendeeClient(), target: .session(id: "s", speakers: [PersonReference(id: "a", name: "Ana")]))
        model.ratingChosen(5)
        #expect(model.refusal == "Rate every speaker.")
        model.speakerRatingChosen("a", 0)
        #expect(model.refusal == "Choose a rating from 1 to 5.")
        #expect(model.stars(for: PersonReference(id: "a", name: "Ana")).allSatisfy { !$0.isFilled })
        #expect(model.isSubmitEnabled == false)
        model.speakerRatingChosen("a", 6)
        #expect(model.refusal == "Choose a rating from 1 to 5.")
        model.speakerRatingChosen("a", 2)
        #expect(model.refusal == nil)
        #expect(model.isSubmitEnabled)
    }
}

@MainActor @Suite struct ProfileModelTests {
    /// A client over one stored profile that `PATCH /me` changes as the server does; every update is recorded.
    static func client(recording sent: Locked<[ProfileUpdate]> = Locked([])) -> AttendeeClient {
        let stored = Locked(
            MyProfile(
                person: Person(id: "me", name: "Ana", title: "iOS Engineer", company: "Tejo"), email: "ana@example.com",
                preferences: Preferences()))
        return AttendeeClient(
            me: { stored.withLock { $0 } },
            updateMe: { update in
                sent.withLock { $0.append(update) }
                return stored.withLock { profile in
                    if let name = update.name { profile.person.name = name }
                    if let title = update.title { profile.person.title = title }
                    if let company = update.company { profile.person.company = company }
                    if let about = update.aboutMe { profile.person.aboutMe = about }
                    if let preferences = update.preferences { profile.preferences = preferences }
                    return profile
                }
            })
    }

    @Test func editAboutMeAndPreferences() async {
        let model = ProfileModel(client: Self.client())
        #expect(model.profile == nil)
        await model.appeared()
        #expect(model.profile?.email == "ana@example.com")
        #expect(model.name == "Ana")
        #expect(model.subtitle == "iOS Engineer · Tejo")
        #expect(model.banner == nil)
        #expect(model.isSaveEnabled == false)
        model.editAboutTapped()
        #expect(model.isSaveEnabled == false)
        model.aboutChanged("I build conference apps.")
        #expect(model.isSaveEnabled)
        await model.saveTapped()
        #expect(model.aboutMe == "I build conference apps.")
        #expect(model.isEditingAbout == false)
        #expect(model.banner == .confirmation("Profile saved."))
        await model.preferencesChanged(tracks: ["Swift"], topics: ["concurrency"])
        #expect(model.preferences == Preferences(tracks: ["Swift"], topics: ["concurrency"]))

        model.editPreferencesTapped()
        #expect(model.draftTracks == "Swift")
        model.tracksChanged(" Swift,  Server side ,, swift")
        model.topicsChanged("")
        await model.savePreferencesTapped()
        #expect(model.preferences == Preferences(tracks: ["Swift", "Server side"], topics: []))
        #expect(model.isEditingPreferences == false)
        model.editPreferencesTapped()
        model.tracksChanged("Web")
        model.cancelPreferencesTapped()
        #expect(model.preferences.tracks == ["Swift", "Server side"])
        model.editAboutTapped()
        model.aboutChanged(String(repeating: "x", count: 2001))
        #expect(model.isSaveEnabled == false)
    }

    @Test func editNameTitleAndCompanySendsOnlyWhatChanged() async {
        let sent = Locked<[ProfileUpdate]>([])
        let model = ProfileModel(client: Self.client(recording: sent))
        await model.appeared()
        model.editDetailsTapped()
        #expect(model.draftName == "Ana")
        #expect(model.draftTitle == "iOS Engineer")
        #expect(model.draftCompany == "Tejo")
        #expect(model.isDetailsSaveEnabled == false)
        model.nameChanged("  ")
        #expect(model.detailsRefusal == "Name must not be empty.")
        #expect(model.isDetailsSaveEnabled == false)
        model.nameChanged("Ana")
        model.companyChanged("Tejo Cloud")
        #expect(model.detailsRefusal == nil)
        #expect(model.isDetailsSaveEnabled)
        await model.saveDetailsTapped()
        #expect(sent.withLock { $0 } == [ProfileUpdate(company: "Tejo Cloud")])
        #expect(model.isEditingDetails == false)
        #expect(model.subtitle == "iOS Engineer · Tejo Cloud")
        #expect(model.banner == .confirmation("Profile saved."))

        model.editDetailsTapped()
        model.cancelDetailsTapped()
        #expect(model.isEditingDetails == false)
        model.editAboutTapped()
        model.aboutChanged(String(repeating: "a", count: ProfileUpdate.aboutMeLimit + 1))
        #expect(model.aboutRefusal == "About Me must be at most 2,000 characters.")
        #expect(model.detailsRefusal == nil)
    }

    /// A name everyone reads in lists and bylines is kept to ``PersonName/limit`` characters as people see them,
    /// white space around it not counted; a longer one is refused on the form and never sent.
    @Test func aNameLongerThanTheLimitIsRefusedBeforeItIsSent() async {
        let sent = Locked<[ProfileUpdate]>([])
        let model = ProfileModel(client: Self.client(recording: sent))
        await model.appeared()
        model.editDetailsTapped()
        model.nameChanged(String(repeating: "👩🏽‍💻", count: PersonName.limit + 1))
        #expect(model.detailsRefusal == "The name must be at most 80 characters.")
        #expect(model.isDetailsSaveEnabled == false)
        await model.saveDetailsTapped()
        #expect(sent.withLock { $0 }.isEmpty)
        model.nameChanged("  " + String(repeating: "👩🏽‍💻", count: PersonName.limit) + " ")
        #expect(model.detailsRefusal == nil)
        #expect(model.isDetailsSaveEnabled)
    }

    /// A job title and company are one line, and "About Me" takes no character that reorders text; all three are
    /// capped in code points too (one letter and 100,000 combining marks is one character). The form says which in
    /// the rule's words and sends nothing.
    @Test func aTitleCompanyOrAboutThatBreaksTheProfileRulesIsRefusedBeforeItIsSent() async {
        let sent = Locked<[ProfileUpdate]>([])
        let model = ProfileModel(client: Self.client(recording: sent))
        await model.appeared()
        model.editDetailsTapped()
        model.titleChanged("iOS Engineer\nAlso: organizer")
        #expect(
            model.detailsRefusal
                == "Job title must be one line, without control characters or characters that reorder text.")
        #expect(model.isDetailsSaveEnabled == false)
        model.titleChanged("iOS Engineer")
        model.companyChanged("Z" + String(repeating: "\u{301}", count: 100_000))
        #expect(
            model.detailsRefusal
                == "Company holds too many accents or other combining marks: at most 960 code points.")
        await model.saveDetailsTapped()
        #expect(sent.withLock { $0 }.isEmpty)
        model.companyChanged("Tejo \u{202E}ocsiS")
        #expect(model.detailsRefusal?.hasPrefix("Company must be one line") == true)
        model.companyChanged("Tejo")

        model.editAboutTapped()
        model.aboutChanged("Line one\n\nLine two")
        #expect(model.aboutRefusal == nil)
        model.aboutChanged("I build apps \u{2067}sppa dliub I")
        #expect(model.aboutRefusal == "About Me must not contain characters that reorder text.")
        model.aboutChanged("Z" + String(repeating: "\u{301}", count: 100_000))
        #expect(
            model.aboutRefusal
                == "About Me holds too many accents or other combining marks: at most 16,000 code points.")
        #expect(sent.withLock { $0 }.isEmpty)
    }

    /// A guest's name is a name: one line and capped in code points, in the form's own words.
    @Test func aGuestsNameIsOneShortLine() {
        let submission = AdditionalInfoSubmission(
            later: true,
            guests: [
                Guest(name: "Zoë\nand friends", email: "zoe@example.com"),
                Guest(name: "Z" + String(repeating: "\u{301}", count: 100_000), email: "z@example.com"),
                Guest(name: "محمد بن سلمان", email: "m@example.com"),
            ])
        #expect(
            submission.validationErrors(fields: []) == [
                FieldError(
                    field: "guests.0.name",
                    message:
                        "Guest 1's name must be one line, without control characters or characters that reorder text."),
                FieldError(
                    field: "guests.1.name",
                    message:
                        "Guest 2's name holds too many accents or other combining marks: at most 640 code points."),
            ])
    }
}

@MainActor @Suite struct AccountModelTests {
    @Test func signUpChecksLocallyThenSignsIn() async {
        let profile = MyProfile(
            person: Person(id: "me", name: "Ana"), email: "ana@example.com", preferences: Preferences())
        let client = AttendeeClient(
            signUp: { _ in AuthSession(token: "t", profile: profile) },
            signIn: { _ in
                throw APIError.http(
                    status: 401, problem: (ProblemDetails(detail: "The e-mail or the password is not right.")))
            },
            signOut: {})
        let model = AccountModel(client: client)
        await model.signUpTapped(name: "Ana", email: "ana", password: "long enough")
        #expect(model.fieldError?.field == "email")
        #expect(model.isSignedIn == false)
        await model.signUpTapped(name: "Ana", email: "ana@example.com", password: "long enough")
        #expect(model.isSignedIn)
        await model.signOutTapped()
        #expect(model.isSignedIn == false)
        await model.signInTapped(email: "ana@example.com", password: "wrong")
        #expect(model.banner == .failure("The e-mail or the password is not right."))
    }

    /// Sign up sent again after its answer was lost met its own account as "e-mail taken"; it now signs in to it
    /// with the same password. A 409 to a first sign-up, or another person's account, still says the e-mail is taken.
    @Test func signUpSentAgainAfterALostAnswerOpensTheAccountItMade() async {
        let profile = MyProfile(
            person: Person(id: "me", name: "Ana"), email: "ana@example.com", preferences: Preferences())
        let stored = Locked<[String: String]>(["bo@example.com": "someone else's"])
        let taken = APIError.http(status: 409, problem: ProblemDetails(detail: "This e-mail already has an account."))
        let client = AttendeeClient(
            signUp: { request in
                try stored.withLock { accounts in
                    guard accounts[request.email] == nil else { throw taken }
                    // NB: Cy's first try is lost on its way, before the server makes anything.
                    if request.email != "cy@example.com" { accounts[request.email] = request.password }
                }
                throw APIError.connectionLost  // the answer never arrived
            },
            signIn: { request in
                guard stored.withLock({ $0[request.email] }) == request.password else {
                    throw APIError.http(status: 401, problem: ProblemDetails(detail: "Not right."))
                }
                return AuthSession(token: "t", profile: profile)
            },
            signOut: {})
        let model = AccountModel(client: client)

        await model.signUpTapped(name: "Bo", email: "bo@example.com", password: "long enough")
        #expect(model.banner == .failure("This e-mail already has an account."))

        await model.signUpTapped(name: "Ana", email: "ana@example.com", password: "long enough")
        #expect(model.isSignedIn == false)
        #expect(model.banner == .failure(APIError.connectionLost.message))
        await model.signUpTapped(name: "Ana", email: "ana@example.com", password: "long enough")
        #expect(model.isSignedIn)
        #expect(model.profile?.email == "ana@example.com")
        #expect(model.banner == nil)

        await model.signOutTapped()
        await model.signUpTapped(name: "Cy", email: "cy@example.com", password: "long enough")
        stored.withLock { $0["cy@example.com"] = "someone else's, made meanwhile" }
        await model.signUpTapped(name: "Cy", email: "cy@example.com", password: "long enough")
        #expect(model.isSignedIn == false)
        #expect(model.banner == .failure("This e-mail already has an account."))
    }

    /// Signing out always signs the device out; when the server could not be told, the line says the session
    /// was not revoked there (a notice, not a failure), and a session the server had ended already says nothing.
    @Test func signingOutOfflineSignsOutHereAndSaysTheServerWasNotTold() async {
        let profile = MyProfile(
            person: Person(id: "me", name: "Ana"), email: "ana@example.com", preferences: Preferences())
        let failure = Locked<APIError>(.cannotConnect)
        let client = AttendeeClient(
            signIn: { _ in AuthSession(token: "t", profile: profile) },
            signOut: { throw failure.withLock { $0 } })
        let model = AccountModel(client: client)
        await model.signInTapped(email: "ana@example.com", password: "correct horse")
        await model.signOutTapped()
        #expect(model.isSignedIn == false)
        #expect(
            model.banner
                == .notice("Signed out on this device. The server could not be told; the session ends on its own."))
        #expect(model.isBusy == false)

        failure.withLock { $0 = .signedOut }
        await model.signInTapped(email: "ana@example.com", password: "correct horse")
        await model.signOutTapped()
        #expect(model.isSignedIn == false)
        #expect(model.banner == nil)
    }

    /// An address with a space the keyboard's suggestion left after it, or capitals, is the address the server
    /// stores (trimmed, lowercased): sign-up takes it as sign-in does, rather than refusing it as not an e-mail.
    @Test func signUpTakesAnAddressWithSpacesAroundItAndCapitals() async {
        let sent = Locked<[String]>([])
        let client = AttendeeClient(
            signUp: { request in
                sent.withLock { $0.append(request.email) }
                return AuthSession(
                    token: "t",
                    profile: MyProfile(
                        person: Person(id: "me", name: request.name), email: request.email,
                        preferences: Preferences()))
            })
        let model = AccountModel(client: client)
        await model.signUpTapped(name: "Ana", email: " Ana@Example.com ", password: "long enough")
        #expect(model.fieldError == nil)
        #expect(model.isSignedIn)
        #expect(sent.withLock { $0 } == ["ana@example.com"])
    }

    @Test func signUpRefusesANameLongerThanTheLimitWithoutCallingTheServer() async {
        let model = AccountModel(client: .unimplemented)
        await model.signUpTapped(
            name: String(repeating: "a", count: PersonName.limit + 1), email: "ana@example.com",
            password: "long enough")
        #expect(model.fieldError == FieldError(field: "name", message: "The name must be at most 80 characters."))
        #expect(model.banner == nil)
        #expect(model.isSignedIn == false)
    }
}
