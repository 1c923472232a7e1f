import ChangeJarModels

/// What a submission did, as the server answered it.
///
/// The server keeps one action for the same title and text from the same person (a retry after an answer was
/// lost, or the same pledge sent twice), so a submission does not always put something new in the jar; the
/// Submit screen says which happened.
public enum Submission: Sendable, Hashable {
    /// A new action went into the jar (`201 Created`).
    case added(Action)
    /// The person's same title and text were in the jar already: nothing new was made (`200 OK`, that action).
    case alreadyInJar(Action)

    /// The action in the jar, either way.
    public var action: Action {
        switch self {
        case .added(let action), .alreadyInJar(let action): action
        }
    }
}
