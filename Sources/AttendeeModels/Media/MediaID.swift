import HTTPTypes

/// The id of an uploaded file as a post, message or note names it.
public enum MediaID {
    /// How long a media id may be.
    public static let limit = 200

    /// Whether `id` could name an upload: not empty, at most ``limit`` characters, no NUL.
    public static func isPlausible(_ id: String) -> Bool {
        !id.isEmpty && id.count <= limit && !id.holdsNUL
    }
}
