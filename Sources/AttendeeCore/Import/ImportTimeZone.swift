import Foundation

/// Which time zone an imported event is in, and what the person should know about the choice.
///
/// The order, first that applies:
/// 1. the zone the caller names (`--time-zone`);
/// 2. the zone the file names (frab `time_zone_name`, Open Event `timezone`), when it is a real zone;
/// 3. the offsets the file's times carry (`2020-12-28T11:00:00+01:00`): one offset for every time gives a
///    fixed-offset zone (`GMT+0100`); offsets that disagree (a daylight-saving change during the event) give the
///    first well-known zone whose offset matches every time, else the earliest time's offset — both with a warning;
/// 4. UTC, with a warning, when the file says nothing at all.
struct ImportTimeZone {
    /// The zone to read bare times in and to give the event.
    var zone: TimeZone
    /// Sentences for the import report.
    var warnings: [String]

    /// One time the file wrote with an offset.
    struct Sample: Hashable {
        var instant: Date
        var secondsFromGMT: Int
    }

    /// Chooses the zone.
    ///
    /// - Parameters:
    ///   - explicit: the caller's choice; an unknown identifier throws, as it is the caller's own mistake.
    ///   - named: the file's zone and the field it came from (`time_zone_name`); an unknown one is reported.
    ///   - samples: the times the file wrote with an offset.
    static func choose(explicit: String?, named: (value: String, field: String)?, samples: [Sample]) throws
        -> ImportTimeZone
    {
        if let explicit {
            guard let zone = TimeZone(identifier: explicit) else {
                throw ImportOptionError(Strings.format("import.zone.explicitInvalid", explicit))
            }
            return ImportTimeZone(zone: zone, warnings: [])
        }
        var warnings: [String] = []
        if let named {
            if let zone = TimeZone(identifier: named.value) { return ImportTimeZone(zone: zone, warnings: []) }
            warnings.append(Strings.format("import.zone.namedInvalid", named.field, named.value))
        }
        let ordered = samples.sorted { $0.instant < $1.instant }
        let offsets = ordered.reduce(into: [Int]()) { list, sample in
            if !list.contains(sample.secondsFromGMT) { list.append(sample.secondsFromGMT) }
        }
        guard let first = ordered.first, let firstZone = TimeZone(secondsFromGMT: first.secondsFromGMT) else {
            warnings.append(Strings.text("import.zone.none"))
            return ImportTimeZone(zone: TimeZone(identifier: "UTC") ?? .gmt, warnings: warnings)
        }
        guard offsets.count > 1 else { return ImportTimeZone(zone: firstZone, warnings: warnings) }
        let written = offsets.map(Self.offsetText).joined(separator: ", ")
        if let zone = fittingZone(ordered) {
            warnings.append(Strings.format("import.zone.fitting", written, zone.identifier))
            return ImportTimeZone(zone: zone, warnings: warnings)
        }
        warnings.append(Strings.format("import.zone.unfitting", written, Self.offsetText(first.secondsFromGMT)))
        return ImportTimeZone(zone: firstZone, warnings: warnings)
    }

    /// The first zone, well-known ones before the rest, whose offset at every sample is the one written.
    ///
    /// NB: `abbreviationDictionary` maps abbreviations to one representative zone each (`CET` → `Europe/Paris`,
    /// `EST` → `America/New_York`), so a European or American event gets a zone a person recognizes rather
    /// than the alphabetically first of the many that share its rules.
    private static func fittingZone(_ samples: [Sample]) -> TimeZone? {
        let distinct = Array(Set(samples))
        let wellKnown = Set(TimeZone.abbreviationDictionary.values).sorted()
        let others = TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") && !$0.hasPrefix("Etc/") }.sorted()
        for identifier in wellKnown + others {
            guard let zone = TimeZone(identifier: identifier) else { continue }
            if distinct.allSatisfy({ zone.secondsFromGMT(for: $0.instant) == $0.secondsFromGMT }) { return zone }
        }
        return nil
    }

    /// `+01:00`, `-05:30`, `+00:00`.
    static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let minutes = abs(seconds) / 60
        return sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}

extension JSONField {
    /// The instant and the offset of `2020-12-28T11:00:00+01:00` (or `…Z`, `…+0100`); `nil` without an offset.
    static func offsetSample(_ value: Any?) -> ImportTimeZone.Sample? {
        guard let text = string(value), let instant = instant(text), let seconds = writtenOffset(text) else {
            return nil
        }
        return ImportTimeZone.Sample(instant: instant, secondsFromGMT: seconds)
    }

    /// The offset at the end of an ISO 8601 date-time, in seconds east of Greenwich.
    static func writtenOffset(_ text: String) -> Int? {
        guard let timeStart = text.firstIndex(where: { $0 == "T" || $0 == "t" || $0 == " " }) else { return nil }
        let time = text[text.index(after: timeStart)...]
        if time.hasSuffix("Z") || time.hasSuffix("z") { return 0 }
        guard let signIndex = time.lastIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let digits = time[time.index(after: signIndex)...].filter { $0 != ":" }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCII), let number = Int(digits) else {
            return nil
        }
        let hours = digits.count == 2 ? number : number / 100
        let minutes = digits.count == 2 ? 0 : number % 100
        guard hours <= 18, minutes < 60 else { return nil }
        return (time[signIndex] == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
