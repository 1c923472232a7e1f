import HTTPTypes

extension AttendeeRoute {
    /// `GET`: which account is the speaker (the event's organizer only).
    public static let speakerAccount = Route(
        .get, prefix + "/events/:eventID/speakers/:speakerID/account", authenticated: true)
    /// `PUT` (``SpeakerAccountLink``): make the account signed up with the e-mail the speaker (the organizer only).
    public static let linkSpeakerAccount = Route(
        .put, prefix + "/events/:eventID/speakers/:speakerID/account", authenticated: true)
    /// `DELETE`: no account is the speaker any more, whatever the programme says (the organizer only).
    public static let unlinkSpeakerAccount = Route(
        .delete, prefix + "/events/:eventID/speakers/:speakerID/account", authenticated: true)

    /// The routes that link speakers to accounts.
    public static let speakerAccountRoutes: [Route] = [speakerAccount, linkSpeakerAccount, unlinkSpeakerAccount]
}
