import AttendeeModels
import Database
import Foundation

/// Turns Attendee rows into wire values; column lists live next to the readers that need them.
enum RowReading {
    static let eventColumns: SQL = """
        id, name, starts_at, ends_at, time_zone, venue_name, venue_address, latitude, longitude, summary,
        cover_image_url, seats_threshold, additional_fields
        """

    static func event(_ row: Row) throws -> Event {
        Event(
            id: try row.decode(String.self, "id"),
            name: try row.decode(String.self, "name"),
            startsAt: try row.decode(Date.self, "starts_at"),
            endsAt: try row.decode(Date.self, "ends_at"),
            timeZone: try row.decode(String.self, "time_zone"),
            venue: Venue(
                name: try row.decode(String.self, "venue_name"),
                address: try row.decode(String.self, "venue_address"),
                latitude: try row.decode(Double?.self, "latitude"),
                longitude: try row.decode(Double?.self, "longitude")),
            summary: try row.decode(String.self, "summary"),
            coverImageURL: try row.decode(String?.self, "cover_image_url"),
            seatsThreshold: try row.decode(Int.self, "seats_threshold"),
            additionalInfoFields: try row.decodeJSON([AdditionalInfoField].self, "additional_fields"))
    }

    static let sessionColumns: SQL = """
        s.id, s.event_id, s.title, s.abstract, s.kind, s.track, s.room, s.starts_at, s.ends_at, s.capacity,
        s.seats_taken
        """

    static func session(_ row: Row) throws -> Session {
        Session(
            id: try row.decode(String.self, "id"),
            eventID: try row.decode(String.self, "event_id"),
            title: try row.decode(String.self, "title"),
            abstract: try row.decode(String.self, "abstract"),
            kind: SessionKind(lenient: try row.decode(String.self, "kind")),
            track: try row.decode(String?.self, "track"),
            room: try row.decode(String?.self, "room"),
            startsAt: try row.decode(Date.self, "starts_at"),
            endsAt: try row.decode(Date.self, "ends_at"),
            capacity: try row.decode(Int?.self, "capacity"),
            seatsTaken: try row.decode(Int.self, "seats_taken"))
    }

    static let personColumns: SQL = "u.id, u.name, u.title, u.company, u.about_me, u.photo_url, u.social_links"

    static func person(_ row: Row) throws -> Person {
        Person(
            id: try row.decode(String.self, "id"),
            name: try row.decode(String.self, "name"),
            title: try row.decode(String.self, "title"),
            company: try row.decode(String.self, "company"),
            aboutMe: try row.decode(String.self, "about_me"),
            photoURL: try row.decode(String?.self, "photo_url"),
            socialLinks: try row.decodeJSON([SocialLink].self, "social_links"))
    }

    static func registration(_ row: Row, eventID: String) throws -> Registration {
        Registration(
            eventID: eventID,
            additionalInfoStatus: AdditionalInfoStatus(rawValue: try row.decode(String.self, "additional_status"))
                ?? .pending,
            answers: try row.decodeJSON([String: String].self, "answers"),
            guests: try row.decodeJSON([Guest].self, "guests"))
    }
}
