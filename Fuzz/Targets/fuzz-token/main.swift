// Bearer tokens as the Change Jar server checks them (`TokenVerifier.verify`): whatever arrives, the answer is a
// verified token or a `TokenError`, never a trap; a token this run did not sign is never accepted; and a token it
// did sign is accepted only when a plain reading of its header and claims (Foundation's JSON, the rules written
// out again below) finds it valid. Each input is either a token as it comes, or a header and a payload that the
// target encodes and signs, so the fuzzer reaches the checks behind the signature.
import Dispatch
import DynamicJSON
import Foundation
import FuzzSupport
import HTTPTypes
import Locking
import TokenVerifier

let issuer = "https://cognito-identity.amazonaws.com"
let audience = "eu-west-1:fuzz-pool"
let keyID = "k1"
let leeway: TimeInterval = 60
let now = Date(timeIntervalSince1970: 1_700_000_000)

// NB: a new key every run: no seed can carry a valid signature, so whatever is accepted as it comes was forged.
let key = try! RSAKey.generate(bits: 2048)
// NB: the key set is written when asked for, not kept: LeakSanitizer does not see a global `Data`'s storage as
// reachable (the reference sits in the value with tag bits set), and reports it as leaked.
let verifier = TokenVerifier(
    configuration: .init(issuer: issuer, audience: audience, leeway: leeway),
    fetcher: JWKSFetcher { try JSONEncoder().encode(JWKS(keys: [key.publicJWK(keyID: keyID, algorithm: .rs256)])) },
    now: { now })

/// What `verify` answers, waited for on the fuzzer's thread.
func verify(_ token: String) -> Result<VerifiedToken, TokenError> {
    let answer = Locked<Result<VerifiedToken, TokenError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        do throws(TokenError) {
            let verified = try await verifier.verify(token)
            answer.withLock { $0 = .success(verified) }
        } catch {
            answer.withLock { $0 = .failure(error) }
        }
        done.signal()
    }
    done.wait()
    return answer.withLock { $0! }
}

/// A JSON object as Foundation reads it, or `nil`.
func object(_ data: Data) -> [String: Any]? {
    (try? JSONSerialization.jsonObject(with: data, options: [])) as? [String: Any]
}

/// A JSON number as Foundation reads it (not a Boolean, which it also reads as an `NSNumber`, of type `c`).
func number(_ value: Any?) -> Double? {
    guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
    return number.doubleValue
}

/// Why the rules of `TokenVerifier` refuse a token signed with RS256 by this run's key, read plainly; `nil` when they
/// accept it, or when Foundation cannot read the header or payload (JSON it declines, such as a number beyond
/// `Double` or a lone surrogate, which the verifier's own reader may take): no verdict then.
func refusal(header: Data, payload: Data) -> String? {
    guard let header = object(header), let claims = object(payload) else { return nil }
    guard header["alg"] as? String == "RS256" else { return "alg is not RS256" }
    let keyReferences = ["jku", "jwk", "x5u", "x5c", "crit"]
    guard keyReferences.allSatisfy({ header[$0] == nil }) else { return "the header names a key or crit" }
    guard header["kid"] as? String == keyID else { return "kid is not the key's" }
    for name in ["exp", "nbf", "iat"] where claims[name] != nil && number(claims[name]) == nil {
        return "\(name) is not a number"
    }
    guard claims["iss"] as? String == issuer else { return "iss is wrong" }
    let audiences = (claims["aud"] as? String).map { [$0] } ?? (claims["aud"] as? [Any])?.compactMap { $0 as? String }
    guard audiences?.contains(audience) == true else { return "aud is wrong" }
    let time = now.timeIntervalSince1970
    guard let expiry = number(claims["exp"]) else { return "no exp" }
    guard time < expiry + leeway else { return "expired" }
    if let notBefore = number(claims["nbf"]), time + leeway < notBefore { return "not yet valid (nbf)" }
    if let issued = number(claims["iat"]) {
        guard time + leeway >= issued else { return "not yet valid (iat)" }
        guard issued <= expiry else { return "issued after it expires" }
    }
    return nil
}

fuzz { input in
    guard let mode = input.bytes.first else { return }
    let rest = Array(input.bytes.dropFirst())
    if mode & 1 == 0 {
        // A token as it comes: parsed, it is the one canonical encoding of its parts; never accepted.
        let token = String(decoding: rest, as: UTF8.self)
        if let jws = try? CompactJWS(parsing: token) {
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            require(parts.count == 3, "\(parts.count) segments parsed")
            require(Base64URL.encode(jws.payload) == parts[1], "the payload is not the one encoding of its bytes")
            require(Base64URL.encode(jws.signature) == parts[2], "the signature is not the one encoding of its bytes")
            require(jws.signingInput == Data("\(parts[0]).\(parts[1])".utf8), "signing input")
        }
        if case .success = verify(token) { require(false, "a token this run did not sign was accepted") }
        return
    }
    // A header and a payload, split at the first NUL byte (JSON text has none), encoded and signed with the key.
    let cut = rest.firstIndex(of: 0) ?? rest.endIndex
    let header = Data(rest[..<cut])
    let payload = Data(rest[cut...].dropFirst())
    let signingInput = "\(Base64URL.encode(header)).\(Base64URL.encode(payload))"
    guard let signature = try? key.sign(Data(signingInput.utf8), algorithm: .rs256) else {
        require(false, "the key did not sign")
        return
    }
    let token = "\(signingInput).\(Base64URL.encode(signature))"
    switch verify(token) {
    case .success(let verified):
        require(token.utf8.count <= CompactJWS.maximumLength, "a token over the size limit was accepted")
        if let why = refusal(header: header, payload: payload) {
            require(false, "accepted although \(why): \(String(decoding: rest, as: UTF8.self).debugDescription)")
        }
        require(verified.keyID == keyID && verified.algorithm == .rs256, "verified as another key or algorithm")
    case .failure(.keysUnavailable):
        require(false, "the key set was unavailable")
    case .failure:
        break
    }
}
