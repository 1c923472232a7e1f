import Foundation
import Testing

/// The four apps capitalise by one rule (docs/ARCHITECTURE.md, "How the words are capitalised"): what names a
/// control or a place — a button, a title, a tab, a menu or picker choice, a section header, a row's label, a
/// dialog's question — is title-style; prose is sentence-style. These keys play the first role; a new sentence-case
/// button (`Sign in` beside `Keep Editing`) fails here rather than in review.
@Suite struct CapitalisationTests {
    static let titles: [String: [String]] = [
        "QuakesCore": [
            "quakes.screen.title", "quakes.screen.map", "quakes.screen.mapTitle", "quakes.map.svgTitle",
            "quakes.screen.filter", "quakes.screen.retry", "quakes.screen.done", "quakes.screen.openEventPage",
            "quakes.screen.clearFilter", "quakes.filter.magnitude", "quakes.filter.allMagnitudes", "quakes.filter.time",
            "quakes.filter.past30Days", "quakes.filter.pastWeek", "quakes.filter.pastDay", "quakes.filter.pastHour",
            "quakes.label.place", "quakes.label.magnitude", "quakes.label.eventPage",
        ],
        "SalesCore": [
            "healthcare.title", "healthcare.hospitalType", "healthcare.currentCleanRating", "account.name",
            "account.address", "screen.items", "screen.edit", "screen.delete", "screen.dismiss", "screen.cancel",
            "screen.retry", "confirm.delete", "confirm.discardUnsent", "confirm.discardForm",
            "confirm.discardEditor.note", "confirm.discardEditor.attachment", "confirm.discardEditor.doc",
            "screen.discard", "screen.keepEditing", "screen.save", "screen.done", "screen.addNote", "unsent.title",
            "unsent.sendOver", "unsent.discard", "screen.addAttachment", "screen.addDoc", "editor.pickImage",
            "editor.chooseFile", "editor.newNote", "editor.newDoc", "signin.title", "signin.button", "signin.signOut",
        ],
        "ChangeJarCore": [
            "tab.all", "tab.new", "tab.submit", "tab.mine", "tab.search", "tab.settings", "screen.all", "screen.new",
            "screen.submit", "screen.mine", "screen.detail", "detail.author", "detail.source", "detail.added",
            "detail.edit", "submit.titleHeader", "submit.contentHeader", "submit.button", "edit.title", "edit.save",
            "edit.cancel", "edit.discard.question", "edit.discard", "edit.keepEditing", "list.delete", "list.retry",
            "confirm.delete", "settings.nameHeader", "settings.signedInWith", "settings.signOut", "settings.saveName",
            "mine.signIn", "settings.signInWith",
        ],
        "AttendeeCore": [
            "attend.button", "leave.button", "waitlist.button", "feedback.button", "feedback.given", "timezone.event",
            "timezone.device", "dashboard.now", "dashboard.next", "dashboard.register",
            "dashboard.completeRegistration",
            "dashboard.link.myAgenda", "dashboard.livePoll", "additional.addGuest", "screen.location", "screen.profile",
            "screen.additionalInfo", "account.signIn", "account.signUp", "account.signOut", "session.directions",
            "location.openInMaps", "info.removeGuest", "profile.aboutMe", "profile.preferences",
            "feedback.ratingTitle.event", "feedback.ratingTitle.session", "speakers.account.title",
            "speakers.account.link", "session.calendar", "screen.noteEditor.new", "screen.noteEditor.edit",
            "messages.older", "notes.new", "notes.all", "notes.thisSession", "notes.keepMine", "notes.useTheirs",
            "wall.sendReply", "wall.deleteReply", "wall.loadMore", "wall.moreReplies.one", "wall.moreReplies.many",
            "documents.preRead", "documents.postRead", "documents.materials", "documents.saveOrOpen", "documents.add",
            "documents.headerPhoto", "gallery.upload", "gallery.remove", "attach.photo", "attach.remove",
            "poll.change", "poll.open", "poll.close", "poll.title.draft.poll", "poll.title.open.quiz",
            "poll.title.closed.poll", "pollForm.new", "pollForm.single", "pollForm.multiple", "pollForm.wholeEvent",
            "pollForm.addOption", "pollForm.addQuestion", "pollForm.removeQuestion", "pollForm.edit.poll", "poll.edit",
            "quiz.delete", "confirm.post", "confirm.reply", "confirm.message", "confirm.photo", "confirm.leaveFull",
            "confirm.leaveWaitlist",
        ],
    ]

    @Test(arguments: titles.keys.sorted())
    func namesOfControlsAndPlacesAreTitleStyle(_ module: String) throws {
        let table = try Self.table(of: module)
        let keys = try #require(Self.titles[module])
        #expect(keys.filter { table[$0] == nil } == [], "keys no longer in \(module)'s table")
        let wrong = keys.compactMap { key in table[key].flatMap { Self.isTitleStyle($0) ? nil : "\(key) = \($0)" } }
        #expect(wrong == [])
    }

    @Test func titleStyleIsTold() {
        for title in [
            "Sign In to Salesforce", "Show All Magnitudes and Times", "Leave the Waitlist?", "Delete “%@”?",
            "Remove “%@” from the Gallery?", "Room/Bathroom Clean Rating (Current)", "+ Add More", "Pre-Read",
            "Signed In With", "M %@+", "Past 30 Days", "%@ More Replies",
        ] {
            #expect(Self.isTitleStyle(title), "\(title)")
        }
        for sentence in ["Sign in", "Discard changes?", "Edit action", "Past 30 days", "Post-read", "Signed in with"] {
            #expect(!Self.isTitleStyle(sentence), "\(sentence)")
        }
    }

    /// Words a title leaves lowercase in its middle: articles, coordinating conjunctions and prepositions of four
    /// letters or fewer. (One may still be capitalised there, as the particle of a phrasal verb: `Sign In to`.)
    static let minorWords: Set<String> = [
        "a", "an", "the", "and", "but", "or", "nor", "for", "so", "yet", "as", "at", "by", "from", "in", "into", "of",
        "on", "onto", "to", "up", "via", "with",
    ]

    /// Whether `text` is title-style: every word starts with a capital, but a minor word that is neither first nor
    /// last. Words that start with a digit or a sign are not judged.
    static func isTitleStyle(_ text: String) -> Bool {
        // NB: a name or a placeholder stands for a capitalised word, so `Sign In with %@` ends on neither `with`.
        let unquoted = text.replacingOccurrences(of: #"“[^”]*”"#, with: " X ", options: .regularExpression)
            .replacingOccurrences(of: #"%(\d+\$)?@"#, with: " X ", options: .regularExpression)
        let words = unquoted.split(whereSeparator: { " /-".contains($0) })
            .map { $0.trimmingCharacters(in: CharacterSet.letters.inverted) }
            .filter { $0.first?.isLetter == true }
        return words.enumerated().allSatisfy { index, word in
            let isEnd = index == 0 || index == words.count - 1
            return word.first?.isUppercase == true || (!isEnd && minorWords.contains(word))
        }
    }

    /// The English table of `module`, key to sentence.
    static func table(of module: String) throws -> [String: String] {
        let url = StringKeys.sources.appendingPathComponent("\(module)/Resources/en.lproj/Localizable.strings")
        let pairs = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            line.wholeMatch(of: /"([^"]+)"\s*=\s*"(.*)";/).map { (String($0.1), String($0.2)) }
        }
        return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }
}
