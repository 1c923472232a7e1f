/// The fixed words of the Attendee screens, so the views show no literal of their own.
public enum AttendeeScreenText {
    /// The `screen.events` string.
    public static var events: String { Strings.text("screen.events") }
    /// The `screen.account` string.
    public static var account: String { Strings.text("screen.account") }
    /// The `screen.additionalInfo` string.
    public static var additionalInfo: String { Strings.text("screen.additionalInfo") }
    /// The `screen.sessionAttendees` string.
    public static var sessionAttendees: String { Strings.text("screen.sessionAttendees") }
    /// The `dashboard.livePoll` string.
    public static var livePoll: String { Strings.text("dashboard.livePoll") }
    /// The `dashboard.now` string.
    public static var onNow: String { Strings.text("dashboard.now") }
    /// The `dashboard.next` string.
    public static var upNext: String { Strings.text("dashboard.next") }
    /// The `account.name` string.
    public static var name: String { Strings.text("account.name") }
    /// The `account.email` string.
    public static var email: String { Strings.text("account.email") }
    /// The `account.password` string.
    public static var password: String { Strings.text("account.password") }
    /// The `account.signIn` string.
    public static var signIn: String { Strings.text("account.signIn") }
    /// The `account.signUp` string.
    public static var signUp: String { Strings.text("account.signUp") }
    /// The `account.switchToSignUp` string.
    public static var switchToSignUp: String { Strings.text("account.switchToSignUp") }
    /// The `account.switchToSignIn` string.
    public static var switchToSignIn: String { Strings.text("account.switchToSignIn") }
    /// The `account.signOut` string.
    public static var signOut: String { Strings.text("account.signOut") }
    /// The `agenda.day` string.
    public static var day: String { Strings.text("agenda.day") }
    /// The `session.directions` string.
    public static var directions: String { Strings.text("session.directions") }
    /// The `location.openInMaps` string: the location page's link to directions in Maps.
    public static var openInMaps: String { Strings.text("location.openInMaps") }
    /// The `session.attendees` string.
    public static var attendees: String { Strings.text("session.attendees") }
    /// The `session.speakers` string.
    public static var speakers: String { Strings.text("session.speakers") }
    /// The `session.noAttendees` string.
    public static var noAttendees: String { Strings.text("session.noAttendees") }
    /// The `info.guests` string.
    public static var guests: String { Strings.text("info.guests") }
    /// The `info.guestName` string.
    public static var guestName: String { Strings.text("info.guestName") }
    /// The `info.guestEmail` string.
    public static var guestEmail: String { Strings.text("info.guestEmail") }
    /// The `info.removeGuest` string: the button that takes a guest off the form.
    public static var removeGuest: String { Strings.text("info.removeGuest") }
    /// The `info.submit` string.
    public static var submit: String { Strings.text("info.submit") }
    /// The `profile.aboutMe` string.
    public static var aboutMe: String { Strings.text("profile.aboutMe") }
    /// The header's fields, as Edit names them: `Name, job title and company`.
    public static var details: String { Strings.text("profile.details") }
    /// The name field.
    public static var nameField: String { Strings.text("profile.name") }
    /// The job title field.
    public static var jobTitleField: String { Strings.text("profile.jobTitle") }
    /// The company field.
    public static var companyField: String { Strings.text("profile.company") }
    /// The `profile.preferences` string.
    public static var preferences: String { Strings.text("profile.preferences") }
    /// The `profile.tracks` string: the field of the tracks that interest the person.
    public static var tracks: String { Strings.text("profile.tracks") }
    /// The `profile.topics` string: the field of the topics that interest the person.
    public static var topics: String { Strings.text("profile.topics") }
    /// The `profile.edit` string.
    public static var edit: String { Strings.text("profile.edit") }
    /// What VoiceOver reads for a section's Edit (`Edit My Preferences`), as a page can have several.
    public static func edit(_ section: String) -> String { Strings.format("profile.editSection", section) }
    /// The `profile.save` string.
    public static var save: String { Strings.text("profile.save") }
    /// The `profile.cancel` string.
    public static var cancel: String { Strings.text("profile.cancel") }
    /// The `feedback.comment` string.
    public static var comment: String { Strings.text("feedback.comment") }
    /// The `speakers.sessions` string.
    public static var speakerSessions: String { Strings.text("speakers.sessions") }
    /// The `documents.done` string: the button that closes a sheet.
    public static var done: String { Strings.text("documents.done") }
}
