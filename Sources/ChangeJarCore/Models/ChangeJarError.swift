import APIClient
import Foundation
import Localization

/// Every way a Change Jar operation fails, as the screens tell it.
public enum ChangeJarError: LocalizedError, Sendable, Hashable {
    /// The device has no network.
    case offline
    /// The network is there but the jar is not: the server refused, dropped or timed out the connection, or a
    /// gateway in front of it said it is down (502, 503, 504).
    case unreachable
    /// The server at the configured address answered but holds no Change Jar (a list route it does not know).
    case noJarHere
    /// The token is missing, expired or refused: the person must sign in (again).
    case signInRequired
    /// The server refused the operation for this person (not theirs, or identity mismatch).
    case forbidden
    /// A field breaks a rule; `field` is its wire name.
    case invalid(field: String, message: String)
    /// The action no longer exists.
    case notFound
    /// Too many writes in a short time.
    case rateLimited
    /// Another person already goes by the name the person would go by (or one too like it): nobody may appear as
    /// someone else.
    case nameTaken
    /// An edit would make the action the same as another of the person's (409 on an edit).
    case duplicateAction
    /// The sign-in provider or Cognito refused the sign-in; the message says why.
    case signInFailed(String)
    /// The person closed the provider's sign-in before it finished: their choice, not a failure, so a screen says
    /// nothing of it (a provider's ``ProviderSignIn/signIn`` throws it).
    case signInCancelled
    /// Anything else: a refusal the server worded (a 4xx problem's `detail`), or a failure in the app's words (a fault
    /// on the server's side, an answer that does not read).
    case service(String)
    /// The call was cancelled before it ended: SwiftUI cancels a view's task when the view leaves the screen, and
    /// the transport then ends its request. Nothing failed, so a screen says nothing of it (``failureBanner``).
    case cancelled

    /// A sentence for a banner.
    public var message: String {
        switch self {
        case .offline: Strings.offline
        case .unreachable: Strings.unreachable
        case .noJarHere: Strings.noJarHere
        case .signInRequired: Strings.signInRequired
        case .forbidden: Strings.forbidden
        case .invalid(_, let message): message
        case .notFound: Strings.notFound
        case .rateLimited: Strings.rateLimited
        case .nameTaken: Strings.nameTaken
        case .duplicateAction: Strings.duplicateAction
        case .signInFailed(let reason): Strings.signInFailed(reason)
        case .signInCancelled: Strings.text("error.signInCancelled")
        case .service(let message): message
        case .cancelled: Strings.text("error.cancelled")
        }
    }

    /// The banner sentence (so generic error reporting shows what the screen would).
    public var errorDescription: String? { message }

    /// Classifies any error thrown by a dependency (already-typed errors pass through; a transport's is read
    /// as the client layer reads it, ``APIError/init(transportError:)``).
    public init(_ error: any Error) {
        if let error = error as? ChangeJarError {
            self = error
        } else if error is APIError || error is URLError || error is CancellationError {
            let error = APIError(transportError: error)
            if error == .cancelled {
                self = .cancelled
            } else if error == .offline {
                self = .offline
            } else if error.isUnreachable {
                self = .unreachable
            } else if error == .signedOut || error == .notSignedIn {
                self = .signInRequired
            } else if let status = error.status, (500...599).contains(status) {
                self = ChangeJarError(serverFault: status)
            } else {
                self = .service(error.message)
            }
        } else {
            self = .service(Strings.unexpected)
        }
    }
}

extension ChangeJarError {
    /// A fault on the server's side (a 5xx), in the app's words: a gateway's 502, 503 or 504 is the jar out of
    /// reach; any other 5xx is the jar's own fault, said without its body or status.
    ///
    /// NB: a 5xx's `detail` is not the person's language, and a misconfigured server or proxy may write its internals
    /// there (a query, a path, a stack); the status and problem are for the report the client already makes, not the
    /// screen.
    init(serverFault status: Int) {
        switch status {
        case 502, 503, 504: self = .unreachable
        default: self = .service(Strings.serverFault)
        }
    }
}

/// What a screen says over the actions this device saved, shown because the jar could not be asked.
struct SavedCopyBanners: Sendable, Hashable {
    /// Over the saved actions.
    var showing: String
    /// When the device saved none for this list.
    var nothingSaved: String
    /// When the device saved no answer for this search.
    var searchNotSaved: String
}

extension ChangeJarError {
    /// Whether the jar could not be asked at all (no network, or the server out of reach): what the device saved
    /// is the best there is until it answers again, and nothing was refused.
    public var isOutOfReach: Bool { self == .offline || self == .unreachable }

    /// The line this failure puts over a screen: its sentence, or `nil` when there is nothing to tell, because the
    /// call was cancelled (``cancelled``) or the task that made it was (a transport may end a cancelled task's
    /// request with an error of its own). Every screen's failure becomes its banner here, so a view's task that
    /// SwiftUI cancelled as the view left never says "Something went wrong".
    var failureBanner: Banner? {
        isNothingToTell ? nil : .failure(message)
    }

    /// Whether the call, or the task that made it, was cancelled: no failure to tell the person (``failureBanner``).
    var isNothingToTell: Bool { self == .cancelled || Task.isCancelled }

    /// The banners of a screen that falls back to the device's saved actions after this failure, or `nil` when
    /// the failure is no reason to (it is not ``isOutOfReach``).
    var savedCopyBanners: SavedCopyBanners? {
        switch self {
        case .offline:
            SavedCopyBanners(
                showing: Strings.offlineShowingSaved, nothingSaved: Strings.offlineNothingSaved,
                searchNotSaved: Strings.offlineSearchNotSaved)
        case .unreachable:
            SavedCopyBanners(
                showing: Strings.unreachableShowingSaved, nothingSaved: Strings.unreachableNothingSaved,
                searchNotSaved: Strings.unreachableSearchNotSaved)
        default: nil
        }
    }
}
