import Foundation
import HTTPTypes
import Localization
import PublicInit

/// `POST /auth/signup`: a new account.
@PublicInit
public struct SignUpRequest: Codable, Sendable, Hashable {
    /// The e-mail to sign in with.
    public var email: String
    /// The password (at least ``minimumPasswordLength`` characters).
    public var password: String
    /// The person's name (at most ``PersonName/limit`` characters).
    public var name: String

    /// The shortest password accepted.
    public static let minimumPasswordLength = 8
    /// The longest password accepted, in code points: far past any passphrase (NIST SP 800-63B asks for at least
    /// 64), short enough that hashing one costs what hashing any other does.
    public static let maximumPasswordLength = 1024

    /// The first rule the request breaks, or `nil`.
    public func validationError() -> FieldError? {
        if !EmailAddress.isPlausible(email) {
            return FieldError(field: "email", message: RuleText.text("rule.account.email"))
        }
        // NB: counted in code points, as NIST SP 800-63B counts a password's length and as the document's
        // `minLength` does (in characters a person sees, a password of 8 code points could count fewer).
        if password.unicodeScalars.count < Self.minimumPasswordLength {
            return FieldError(
                field: "password",
                message: RuleText.format("rule.account.password", NumberText.count(Self.minimumPasswordLength))
            )
        }
        if password.unicodeScalars.count > Self.maximumPasswordLength {
            return FieldError(
                field: "password",
                message: RuleText.format("rule.account.passwordTooLong", NumberText.count(Self.maximumPasswordLength)))
        }
        if name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return FieldError(field: "name", message: RuleText.text("rule.account.name"))
        }
        // NB: as in a profile's fields: no one types NUL, and PostgreSQL cannot store it.
        if name.holdsNUL {
            return FieldError(field: "name", message: RuleText.text("rule.account.nameInvalid"))
        }
        return PersonName.error(name)
    }
}

/// `POST /auth/signin`: e-mail and password.
@PublicInit
public struct SignInRequest: Codable, Sendable, Hashable {
    /// The e-mail.
    public var email: String
    /// The password.
    public var password: String
}

/// Why the server refused a sign-in without checking its password: the problem `type` of the answer.
public enum SignInRefusal: String, Sendable, Hashable, CaseIterable {
    /// Too many sign-ins failed for this e-mail lately (429); `Retry-After` says in how many seconds to try again.
    /// An e-mail with no account is answered the same way, so the answer tells nothing of who has one.
    case tooManyAttempts = "https://quartet.dev/problems/attendee/too-many-sign-ins"
}

/// The answer to sign up and sign in: an opaque bearer token and who it belongs to.
@PublicInit
public struct AuthSession: Codable, Sendable, Hashable {
    /// Sent as `Authorization: Bearer <token>`; the server stores only its hash.
    public var token: String
    /// The signed-in person.
    public var profile: MyProfile
}

/// E-mail address checks shared by the app and the server.
public enum EmailAddress {
    /// The longest address accepted, in characters (what SMTP's path limit leaves for an address).
    public static let maximumLength = 254

    /// Whether `text` looks like an address: printable ASCII without `<` or `>`, at most ``maximumLength``
    /// characters, one `@` after a non-empty local part, and a domain of at least two labels, none empty.
    ///
    /// It is the published document's ``pattern``, word for word: the app, the server and the document refuse
    /// the same addresses (`a@b..c`, the full-width `ｆｕｌｌ@example.com` that looks like ASCII).
    public static func isPlausible(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        // NB: ASCII only, so a character is a byte and a code point, and `maxLength` counts as this does.
        guard bytes.count <= maximumLength, bytes.allSatisfy(isAllowed) else { return false }
        let parts = bytes.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let labels = parts[1].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// ``isPlausible(_:)`` as an ECMA-262 regular expression, for the OpenAPI document.
    public static let pattern =
        #"^[\x21-\x3B=?A-~]+@[\x21-\x2D\x2F-\x3B=?A-~]+(\.[\x21-\x2D\x2F-\x3B=?A-~]+)+$"#

    /// Printable ASCII but space, `<` and `>`.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && byte != UInt8(ascii: "<") && byte != UInt8(ascii: ">")
    }

    /// The form addresses are stored and compared in: trimmed and lowercased.
    public static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}

/// A rule a submitted value breaks, named so the form (and the 422 problem) can point at it.
@PublicInit
public struct FieldError: Error, Sendable, Hashable {
    /// The field path (`email`, `fields.tshirtSize`, `guests.1.email`).
    public var field: String
    /// A sentence for the person.
    public var message: String
}
