import APIClient
import Foundation
import Localization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension SalesText {
    /// What a Salesforce call was doing, as a failure names it: `Could not <operation>: <reason>.`
    public enum Operation {
        /// `sign in`.
        public static var signIn: String { localized("operation.signIn") }
        /// `read the note 002…`.
        public static func read(_ object: String, id: String) -> String {
            table.format("operation.read", objectLabel(object), id)
        }
        /// `load the account 001…`.
        public static func loadAccount(_ id: String) -> String { table.format("operation.loadAccount", id) }
        /// `save the account St. Mary's`.
        public static func saveAccount(_ name: String) -> String { table.format("operation.saveAccount", name) }
        /// `add the note Visit`.
        public static func addNote(_ name: String) -> String { table.format("operation.addNote", name) }
        /// `save the note Visit`.
        public static func saveNote(_ name: String) -> String { table.format("operation.saveNote", name) }
        /// `upload the attachment report.pdf`.
        public static func uploadAttachment(_ name: String) -> String {
            table.format("operation.uploadAttachment", name)
        }
        /// `rename the attachment report.pdf`.
        public static func renameAttachment(_ name: String) -> String {
            table.format("operation.renameAttachment", name)
        }
        /// `download the attachment Site plan.pdf`: named as its row shows it, or by its id when no name is known.
        public static func downloadAttachment(_ nameOrID: String) -> String {
            table.format("operation.downloadAttachment", nameOrID)
        }
        /// `add the Google Doc Plan`.
        public static func addDoc(_ name: String) -> String { table.format("operation.addDoc", name) }
        /// `save the Google Doc Plan`.
        public static func saveDoc(_ name: String) -> String { table.format("operation.saveDoc", name) }
        /// `delete the Google Doc 098…`: the record of `object` (`Note`, `Attachment`, `GoogleDoc`), named.
        public static func delete(_ object: String, _ name: String) -> String {
            table.format("operation.delete", objectLabel(object), name)
        }
        /// `load Know · Say · Show for 001…`.
        public static func loadContent(_ accountID: String) -> String {
            table.format("operation.loadContent", accountID)
        }
        /// `open the content 069…`.
        public static func openContent(_ id: String) -> String { table.format("operation.openContent", id) }
    }

    /// Why a Salesforce call failed, and the sentence that says so.
    public enum Reason {
        /// `Could not save the note Visit: the network is unavailable (…).`
        public static func couldNot(_ operation: String, _ reason: String) -> String {
            table.format("error.couldNot", operation, reason)
        }
        /// An error status with no error array.
        public static func status(_ status: Int) -> String { table.format("error.status", String(status)) }
        /// What went wrong on the network, in a few words (the system's own description is only an error number
        /// on Linux).
        public static func network(_ code: URLError.Code) -> String {
            switch code {
            case .notConnectedToInternet, .dataNotAllowed, .internationalRoamingOff:
                localized("network.noConnection")
            case .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed: localized("network.unreachable")
            case .timedOut: localized("network.timedOut")
            case .networkConnectionLost: localized("network.connectionLost")
            case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
                localized("network.insecure")
            default: table.format("network.other", String(code.rawValue))
            }
        }
        /// What went wrong, for a transport that threw something other than a system network error (its type
        /// and fields are never shown).
        public static func network(_ failure: APIError) -> String {
            switch failure {
            case .offline: localized("network.noConnection")
            case .cannotConnect: localized("network.unreachable")
            case .timeout: localized("network.timedOut")
            case .connectionLost: localized("network.connectionLost")
            case .http: failureMessage(for: failure)
            case .cancelled, .decoding, .signedOut, .notSignedIn, .invalidRequest: failure.message
            }
        }
        /// The network failed; `why` says how.
        public static func offline(_ why: String) -> String { table.format("error.offline", why) }
        /// The answer was not what was asked for.
        public static func unreadable(_ why: String) -> String { table.format("error.unreadable", why) }
        /// The record changed on the server since it was read.
        public static func conflict(_ object: String, id: String) -> String {
            table.format("error.conflict", objectLabel(object), id)
        }
        /// No session.
        public static var signedOut: String { localized("error.signedOut") }
        /// A record that is not a JSON object.
        public static var notAnObject: String { localized("reason.notAnObject") }
        /// An account without an id.
        public static var noAccountID: String { localized("reason.noAccountID") }
        /// A record not yet on the server.
        public static var notSavedYet: String { localized("reason.notSavedYet") }
        /// A content document with no published version.
        public static var noPublishedVersion: String { localized("reason.noPublishedVersion") }
        /// A token answer without its token or instance.
        public static var noToken: String { localized("reason.noToken") }
        /// A session's renewal answered with no token: a page from something between the device and Salesforce (a
        /// proxy's block page, a captive portal), not Salesforce's refusal.
        public static var renewalNotAnswered: String { localized("reason.renewalNotAnswered") }
        /// A request path that cannot be made into a URL.
        public static func badPath(_ path: String) -> String { table.format("reason.badPath", path) }
        /// An id that is not a Salesforce record id, refused before it reaches a path.
        public static func notARecordID(_ id: String) -> String { table.format("reason.notARecordID", id) }
        /// A Google Doc's link that is no web page's address (http or https, with a host), refused before it is sent.
        public static func notAWebLink(_ link: String) -> String { table.format("reason.notAWebLink", link) }
        /// JSON of another shape than expected.
        public static var unexpectedJSON: String { localized("reason.unexpectedJSON") }
        /// A file of no bytes, which would make an attachment nobody can open.
        public static var fileEmpty: String { localized("reason.fileEmpty") }
        /// A file over the attachment limit.
        public static func fileTooLarge(bytes: Int) -> String {
            table.format("reason.fileTooLarge", sizeOverLimit(bytes), limitMegabytes, limitBytes)
        }
    }

    /// The sentence for any failure a Sales screen or `quartet sales` shows that is not said otherwise: a
    /// ``SalesforceError``'s own, and for anything else what `APIError.message(for:)` says, except that an HTTP
    /// failure is said from its status alone (a server busy or down, 5xx or 429, in the app's words), never with
    /// the body the server answered.
    ///
    /// NB: `APIError.message` returns a problem's `detail` for any status, and a 5xx's is the server's internals.
    public static func failureMessage(for error: any Error) -> String {
        switch error {
        case let error as SalesforceError: return error.message
        case APIError.http(let status, _, _) where status >= 500 || status == 429:
            return Refused.serverTrouble.why + " " + localized("refusal.now.wait")
        case APIError.http(let status, _, let retryAfter):
            return APIError.http(status: status, problem: nil, retryAfter: retryAfter).message
        default: return APIError.message(for: error)
        }
    }

    /// The kind of record, as a sentence names it: `Note` → `note`, `GoogleDoc` → `Google Doc`.
    public static func objectLabel(_ object: String) -> String {
        switch object {
        case "Note", "Attachment", "GoogleDoc", "Account": localized("object.\(object)")
        default: object
        }
    }

    /// A photo over the limit on a device that cannot shrink it.
    public static func imageCannotShrink(megabytes: Int) -> String {
        table.format("image.cannotShrink", NumberText.count(megabytes))
    }
    /// An image without pixels.
    public static var imageHasNoPixels: String { localized("image.noPixels") }
    /// A photo still over the limit after every try.
    public static func imageStillTooLarge(bytes: Int, tries: Int) -> String {
        table.format("image.stillTooLarge", sizeOverLimit(bytes), String(tries), limitMegabytes, limitBytes)
    }
}
