import Foundation

/// The checks a session row goes through alike in every source that lists sessions as JSON objects with an
/// `id` and a `title` (Sessionize, open-event); what fails one is noted in `skipped`, with why.
enum SessionRow {
    /// Row `index` of a sessions list, when it is an object with an id not seen before and a title.
    static func head(
        _ raw: Any, index: Int, seen: inout Set<String>, skipped: inout [ImportReport.Skipped]
    ) -> (row: [String: Any], id: String, title: String)? {
        func skip(_ identifier: String, _ reason: String) -> (row: [String: Any], id: String, title: String)? {
            skipped.append(.init(kind: "session", identifier: identifier, reason: Strings.text(reason)))
            return nil
        }
        guard let row = raw as? [String: Any] else { return skip("#\(index + 1)", "import.reason.notAnObject") }
        guard let id = JSONField.string(row["id"]) else {
            return skip(JSONField.string(row["title"]) ?? "#\(index + 1)", "import.reason.noID")
        }
        guard seen.insert(id).inserted else { return skip(id, "import.reason.listedTwice") }
        guard let title = JSONField.string(row["title"]) else { return skip(id, "import.reason.noTitle") }
        return (row, id, title)
    }

    /// Session `id`'s times, when it has both and does not end before it starts.
    static func times(
        _ start: Date?, _ end: Date?, id: String, skipped: inout [ImportReport.Skipped]
    ) -> (start: Date, end: Date)? {
        guard let start, let end else {
            skipped.append(.init(kind: "session", identifier: id, reason: Strings.text("import.reason.notScheduled")))
            return nil
        }
        guard end >= start else {
            skipped.append(
                .init(kind: "session", identifier: id, reason: Strings.text("import.reason.endsBeforeStart")))
            return nil
        }
        return (start, end)
    }
}
