import AttendeeModels
import Foundation

/// The name a stored file is shown and downloaded under: chosen by the server from what the client called it,
/// never used as a path.
///
/// ```swift
/// MediaFileName.sanitized("../../etc/passwd", type: .plainText)   // "passwd.txt"
/// MediaFileName.contentDisposition("Café menu.pdf", inline: false)
/// // attachment; filename="Caf_ menu.pdf"; filename*=UTF-8''Caf%C3%A9%20menu.pdf
/// ```
enum MediaFileName {
    /// The longest name kept, in characters (the extension included).
    static let maxLength = 120

    /// The last component of `name` (after `/` or `\`), without control characters, quotes or leading dots,
    /// at most ``maxLength`` characters, ending in an extension that fits `type`.
    static func sanitized(_ name: String?, type: MediaType, officeExtension: String? = nil) -> String {
        // NB: split on scalars, not characters: a prepended mark (U+0600) joins the "/" after it into one
        // character, which is not "/", and the mark itself is filtered out below (the fuzzer found a "/" kept).
        let last = (name ?? "").unicodeScalars.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? []
        var cleaned = String(
            String.UnicodeScalarView(
                last.filter { scalar in
                    !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                        || scalar == "\"" || scalar == ":" || scalar == "*" || scalar == "?" || scalar == "<"
                        || scalar == ">" || scalar == "|")
                })
        ).trimmingCharacters(in: .whitespaces)
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        let allowed = extensions(type, officeExtension)
        var stem = cleaned
        var ext = allowed[0]
        // NB: an extension that does not fit the bytes stays part of the name ("index.html.txt"), so the name
        // never claims a type the file is not.
        if let dot = cleaned.lastIndex(of: "."), allowed.contains(cleaned[cleaned.index(after: dot)...].lowercased()) {
            ext = cleaned[cleaned.index(after: dot)...].lowercased()
            stem = String(cleaned[..<dot])
        }
        // NB: never a hidden file, however dots and spaces interleave (the fuzzer found ". . 9.x" → ". 9.x").
        stem = String(stem.drop { $0 == "." || $0.isWhitespace }).trimmingCharacters(in: .whitespaces)
        if stem.isEmpty { stem = type.isImage ? "photo" : "document" }
        let room = maxLength - ext.count - 1
        if stem.count > room { stem = String(stem.prefix(room)) }
        return stem + "." + ext
    }

    /// The extensions a file of `type` may be named with, the usual one first.
    static func extensions(_ type: MediaType, _ officeExtension: String?) -> [String] {
        switch type {
        case .jpeg: ["jpg", "jpeg"]
        case .plainText: ["txt", "text", "md", "csv"]
        case .officeDocument, .openDocument: [officeExtension ?? type.fileExtension]
        default: [type.fileExtension]
        }
    }

    /// The `Content-Type` of a stored file, precise for office files (from the extension the server chose).
    static func contentType(_ type: MediaType, fileName: String) -> String {
        let ext = (fileName as NSString).pathExtension.lowercased()
        switch (type, ext) {
        case (.officeDocument, "docx"): return "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
        case (.officeDocument, "xlsx"): return "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        case (.officeDocument, "pptx"):
            return "application/vnd.openxmlformats-officedocument.presentationml.presentation"
        case (.openDocument, "ods"): return "application/vnd.oasis.opendocument.spreadsheet"
        case (.openDocument, "odp"): return "application/vnd.oasis.opendocument.presentation"
        case (.openDocument, _): return "application/vnd.oasis.opendocument.text"
        default: return type.contentType
        }
    }

    /// `attachment` (or `inline`) with an ASCII `filename` and the exact name as `filename*` (RFC 6266, RFC 8187).
    static func contentDisposition(_ fileName: String, inline: Bool) -> String {
        var fallback = ""
        for scalar in fileName.unicodeScalars {
            if scalar.isASCII, scalar.value >= 0x20, scalar != "\"", scalar != "\\", scalar != "%", scalar != ";" {
                fallback.unicodeScalars.append(scalar)
            } else {
                fallback += "_"
            }
        }
        var encoded = ""
        for byte in fileName.utf8 {
            let isAttrChar =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "!#$&+-.^_`|~".utf8.contains(byte)
            if isAttrChar {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return "\(inline ? "inline" : "attachment"); filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
    }
}
