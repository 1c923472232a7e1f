import AttendeeModels
import Foundation

/// An in-memory `AttendeeClient` for previews and `make screens`: a small event, three sessions, three people.
public enum AttendeePreview {
    /// The sample conference.
    public static let event = Event(
        id: "preview", name: "Quartet Summit 2027", startsAt: Date(timeIntervalSince1970: 1_804_665_600),
        endsAt: Date(timeIntervalSince1970: 1_804_788_000), timeZone: "Europe/Lisbon",
        venue: Venue(
            name: "Centro de Congressos", address: "Praça das Indústrias 1, Lisboa", latitude: 38.6981,
            longitude: -9.1936),
        summary: "Two days about apps and their backend in Swift.", seatsThreshold: 5,
        additionalInfoFields: [
            AdditionalInfoField(key: "dietaryNeeds", label: "Dietary needs"),
            AdditionalInfoField(key: "tshirtSize", label: "T-shirt size"),
        ])

    /// The sample people (Ana speaks).
    public static let people = [
        Person(
            id: "p1", name: "Ana Ferreira", title: "iOS Engineer", company: "Tejo Cloud",
            aboutMe: "Maps and offline data.",
            socialLinks: [SocialLink(network: "github", url: "https://github.com/ana")]),
        Person(id: "p2", name: "José Núñez", title: "Designer", company: "Café Analytics"),
        Person(id: "p3", name: "Mei Tanaka", title: "Backend Engineer", company: "Harbor Labs"),
    ]

    /// The sample sessions: a keynote attended, a breakout with few seats left, a full workshop.
    public static let sessions: [Session] = {
        let start = event.startsAt.addingTimeInterval(1_800)
        return [
            Session(
                id: "s1", eventID: "preview", title: "Opening keynote", kind: .keynote, room: "Auditorium",
                startsAt: start,
                endsAt: start.addingTimeInterval(3_600), speakers: [PersonReference(id: "p1", name: "Ana Ferreira")],
                myAttendance: .attending),
            Session(
                id: "s2", eventID: "preview", title: "Offline-first with SQLite", kind: .breakout, track: "Swift",
                room: "Room Tejo", startsAt: start.addingTimeInterval(5_400),
                endsAt: start.addingTimeInterval(8_100),
                capacity: 30, seatsTaken: 27, speakers: [PersonReference(id: "p1", name: "Ana Ferreira")]),
            Session(
                id: "s3", eventID: "preview", title: "Designing for accessibility", kind: .workshop,
                track: "Design",
                room: "Workshop Lab", startsAt: start.addingTimeInterval(5_400),
                endsAt: start.addingTimeInterval(10_800),
                capacity: 20, seatsTaken: 20),
        ]
    }()

    /// A client answering from the samples.
    public static var client: AttendeeClient {
        var client = withInboxSamples(base)
        client.editPoll = { id, edit in
            var poll = polls.first { $0.id == id } ?? polls[0]
            poll.kind = edit.kind
            poll.choice = edit.choice
            poll.questions = edit.questions.enumerated().map { index, question in
                PollQuestion(
                    id: "\(id)-\(index + 1)", text: question.text,
                    options: question.options.enumerated().map { PollOption(id: "\(id)-\(index + 1)-\($0)", text: $1) })
            }
            return poll
        }
        client.deletePoll = { _ in }
        return client
    }

    private static var base: AttendeeClient {
        AttendeeClient(
            events: { [event] },
            event: { _ in EventDetails(event: event, registration: Registration(eventID: "preview")) },
            register: { _ in Registration(eventID: "preview") },
            submitAdditionalInfo: { _, submission in
                Registration(eventID: "preview", additionalInfoStatus: submission.later ? .later : .completed)
            },
            agenda: { _ in sessions },
            myAgenda: { _ in sessions.filter(\.isAttending) },
            session: { id in sessions.first { $0.id == id } ?? sessions[0] },
            attend: { id, _ in AttendanceResult(sessionID: id, state: .attending, seatsTaken: 28, capacity: 30) },
            leave: { id in AttendanceResult(sessionID: id, state: .cancelled, seatsTaken: 27, capacity: 30) },
            sessionAttendees: { _ in people },
            speakers: { _ in [people[0]] },
            speaker: { _, _ in SpeakerProfile(speaker: people[0], sessions: Array(sessions.prefix(2))) },
            attendees: { _, _ in people },
            eventFeedback: { _, _ in },
            sessionFeedback: { _, _ in },
            me: { MyProfile(person: people[0], email: "ana@example.com", preferences: Preferences(tracks: ["Swift"])) },
            updateMe: { update in
                var person = people[0]
                person.aboutMe = update.aboutMe ?? person.aboutMe
                return MyProfile(
                    person: person, email: "ana@example.com", preferences: update.preferences ?? Preferences())
            },
            wall: { _, _, _ in wallPage },
            postToWall: { eventID, new, _ in
                WallPost(
                    id: "w9", eventID: eventID, author: PersonReference(id: "p1", name: "Ana Ferreira"), text: new.text,
                    imageID: new.imageID, createdAt: event.startsAt.addingTimeInterval(7_200))
            },
            like: { WallLikes(postID: $0, likeCount: 4, likedByMe: true) },
            unlike: { WallLikes(postID: $0, likeCount: 3, likedByMe: false) },
            discussion: { _, _, _ in discussionPage },
            postToDiscussion: { sessionID, new, _ in
                DiscussionMessage(
                    id: "d9", sessionID: sessionID, author: PersonReference(id: "p1", name: "Ana Ferreira"),
                    text: new.text,
                    imageID: new.imageID, createdAt: event.startsAt.addingTimeInterval(7_200))
            },
            polls: { _ in polls },
            poll: { id in polls.first { $0.id == id } ?? polls[0] })
    }

    // MARK: Polls

    /// The sample polls: an open one Ana has not answered, and a closed one with its results.
    public static let polls = [
        poll("q1", "Coffee or tea?", state: .closed, votes: ["Coffee": 30, "Tea": 12]),
        poll("q2", "Tabs or spaces?", state: .open, votes: ["Tabs": 3, "Spaces": 4]),
    ]

    /// A one-question poll with two options, `votes` counting each (options in alphabetical order).
    private static func poll(_ id: String, _ question: String, state: PollState, votes: [String: Int]) -> Poll {
        let options = votes.keys.sorted().enumerated().map { index, text in PollOption(id: "\(id)-\(index)", text: text)
        }
        let counts = Dictionary(uniqueKeysWithValues: options.map { ($0.id, votes[$0.text] ?? 0) })
        return Poll(
            id: id, eventID: "preview", kind: .poll, choice: .single, state: state,
            questions: [PollQuestion(id: id + "-question", text: question, options: options)],
            results: PollResults(
                voters: votes.values.reduce(0, +),
                questions: [PollQuestionResults(questionID: id + "-question", counts: counts)]))
    }

    // MARK: Wall and discussions

    /// The sample wall, as Ana (p1) reads it: her post, and José's with a reply.
    public static let wallPage = WallPage(
        posts: [
            WallPost(
                id: "w2", eventID: "preview", author: PersonReference(id: "p2", name: "José Núñez"),
                text: "Coffee is in the foyer ☕️", createdAt: event.startsAt.addingTimeInterval(3_600), likeCount: 3,
                replies: [
                    WallReply(
                        id: "r1", postID: "w2", author: PersonReference(id: "p3", name: "Mei Tanaka"),
                        text: "On my way!",
                        createdAt: event.startsAt.addingTimeInterval(3_700))
                ]),
            WallPost(
                id: "w1", eventID: "preview", author: PersonReference(id: "p1", name: "Ana Ferreira"),
                text: "Slides for the keynote are up 🎉", createdAt: event.startsAt.addingTimeInterval(1_800),
                likeCount: 1, likedByMe: true),
        ],
        nextCursor: nil, viewer: PostViewer(personID: "p1", isOrganizer: false))

    /// The sample discussion of the keynote.
    public static let discussionPage = DiscussionPage(
        messages: [
            DiscussionMessage(
                id: "m1", sessionID: "s1", author: PersonReference(id: "p3", name: "Mei Tanaka"),
                text: "Will the recording be online? 🙏", createdAt: event.startsAt.addingTimeInterval(2_400))
        ],
        nextCursor: nil, viewer: PostViewer(personID: "p1", isOrganizer: false))
}

extension AttendeeClient {
    /// A client answering from ``AttendeePreview``'s samples, without a network: for previews and `make screens`.
    public static var preview: AttendeeClient { AttendeePreview.client }
}
