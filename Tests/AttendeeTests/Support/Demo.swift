import APIClient
import AttendeeCore
import AttendeeModels
import Foundation

/// Small hand-made values for rule and view-model tests.
enum Demo {
    /// The locale the expected texts are written in, pinned so they do not follow the machine's: British English
    /// writes `Wed 10 Mar`, `09:00`, `10 Mar at 09:00`.
    static let british = Locale(identifier: "en_GB")
    /// American English: `Wed, Mar 10`, and a 12-hour clock (`9:00 AM`, with a narrow no-break space).
    static let american = Locale(identifier: "en_US")
    /// German: `Mi. 10. März`, `09:00`.
    static let german = Locale(identifier: "de_DE")

    /// `2027-03-10T09:00` in `zone` as an instant.
    static func at(_ text: String, _ zone: String) -> Date {
        formatter("yyyy-MM-dd'T'HH:mm", zone).date(from: text) ?? Date(timeIntervalSince1970: 0)
    }

    /// The calendar day of `date` in `zone`, as `2027-03-10`.
    static func day(_ date: Date, _ zone: String) -> String {
        formatter("yyyy-MM-dd", zone).string(from: date)
    }

    private static func formatter(_ format: String, _ zone: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = format
        return formatter
    }

    static func event(zone: String = "Europe/Lisbon", threshold: Int = 5) -> Event {
        Event(
            id: "e1", name: "Quartet Summit", startsAt: at("2027-03-10T08:00", zone),
            endsAt: at("2027-03-11T18:00", zone), timeZone: zone,
            venue: Venue(name: "Centro", address: "Praça 1, Lisboa", latitude: 38.6981, longitude: -9.1936),
            summary: "Two days.", seatsThreshold: threshold,
            additionalInfoFields: [
                AdditionalInfoField(key: "dietaryNeeds", label: "Dietary needs"),
                AdditionalInfoField(key: "tshirtSize", label: "T-shirt size"),
            ])
    }

    static func session(
        _ id: String, _ start: String, _ end: String, zone: String = "Europe/Lisbon", kind: SessionKind = .talk,
        capacity: Int? = nil, taken: Int = 0, attendance: AttendanceState? = nil, feedback: Bool = false,
        speakers: [PersonReference] = [PersonReference(id: "p1", name: "Ana Ferreira")]
    ) -> Session {
        Session(
            id: id, eventID: "e1", title: "Session \(id)", abstract: "About \(id).", kind: kind, track: "Swift",
            room: "Room \(id)", startsAt: at(start, zone), endsAt: at(end, zone), capacity: capacity,
            seatsTaken: taken, speakers: speakers, myAttendance: attendance, feedbackGiven: feedback)
    }

    static func refusal(_ status: Int, _ type: AttendanceRefusal?, _ detail: String) -> APIError {
        .http(status: status, problem: (ProblemDetails(type: type?.rawValue, status: status, detail: detail)))
    }
}
