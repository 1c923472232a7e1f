import Foundation
import HTTPTypes
import Locking
import Testing

@testable import TokenVerifier

@Suite("PasswordHasher")
struct PasswordHasherTests {
    private let fast = PasswordHasher(algorithm: .pbkdf2SHA256(iterations: 1_000))
    private let scrypt = PasswordHasher(algorithm: .scrypt(costExponent: 10, blockSize: 8, parallelism: 1))

    @Test("PBKDF2 and scrypt hashes verify the right password and reject a wrong one")
    func verifiesAndRejects() throws {
        for hasher in [fast, scrypt] {
            let stored = try hasher.hash("correct horse battery staple")
            #expect(try hasher.verify("correct horse battery staple", against: stored))
            #expect(try !hasher.verify("correct horse battery stapler", against: stored))
            #expect(try !hasher.verify("", against: stored))
        }
    }

    @Test("the stored string records the algorithm, parameters, a 16-byte salt and a 32-byte hash")
    func encodedFormat() throws {
        let pbkdf2 = try fast.hash("pw").split(separator: "$", omittingEmptySubsequences: false)
        #expect(Array(pbkdf2.prefix(3)) == ["", "pbkdf2-sha256", "i=1000"])
        #expect(Base64URL.decode(pbkdf2[3])?.count == 16)
        #expect(Base64URL.decode(pbkdf2[4])?.count == 32)
        let scryptFields = try scrypt.hash("pw").split(separator: "$", omittingEmptySubsequences: false)
        #expect(Array(scryptFields.prefix(3)) == ["", "scrypt", "ln=10,r=8,p=1"])
    }

    @Test("derives the RFC 7914 PBKDF2-HMAC-SHA256 and scrypt test vectors")
    func knownAnswers() throws {
        // RFC 7914 §11 (PBKDF2: P "passwd", S "salt", c 1) and §12 (scrypt: P "password", S "NaCl", N 1024, r 8, p 16).
        let pbkdf2 = try PasswordHasher.derive(
            "passwd", salt: Data("salt".utf8), algorithm: .pbkdf2SHA256(iterations: 1), length: 16)
        #expect(
            pbkdf2
                == Data([
                    0x55, 0xAC, 0x04, 0x6E, 0x56, 0xE3, 0x08, 0x9F, 0xEC, 0x16, 0x91, 0xC2, 0x25, 0x44, 0xB6, 0x05,
                ]))
        let scrypt = try PasswordHasher.derive(
            "password", salt: Data("NaCl".utf8), algorithm: .scrypt(costExponent: 10, blockSize: 8, parallelism: 16),
            length: 8)
        #expect(scrypt == Data([0xFD, 0xBA, 0xBE, 0x1C, 0x9D, 0x34, 0x72, 0x00]))
    }

    @Test("the same password hashes differently each time (random salt), and both verify")
    func randomSalt() throws {
        let first = try fast.hash("same")
        let second = try fast.hash("same")
        #expect(first != second)
        #expect(try fast.verify("same", against: first) && fast.verify("same", against: second))
    }

    @Test("a tampered hash, salt or parameter no longer verifies")
    func tamper() throws {
        let stored = try fast.hash("secret")
        var fields = stored.split(separator: "$", omittingEmptySubsequences: false).map(String.init)
        for index in [2, 3, 4] {
            var tampered = fields
            switch index {
            case 2: tampered[2] = "i=1001"
            default:
                var bytes = try #require(Base64URL.decode(tampered[index]))
                bytes[bytes.startIndex] ^= 0x01
                tampered[index] = Base64URL.encode(bytes)
            }
            #expect(try !fast.verify("secret", against: tampered.joined(separator: "$")))
        }
        fields[4] = String(fields[4].dropLast(4))
        #expect(throws: CryptoError.malformedPasswordHash) {
            try fast.verify("secret", against: fields.joined(separator: "$"))
        }
    }

    @Test(
        "a malformed or out-of-bounds stored hash throws rather than verifying",
        arguments: [
            "", "plain", "$pbkdf2-sha256$i=1000$c2FsdHNhbHQ", "$md5$i=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
            "$pbkdf2-sha256$i=0$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
            "$pbkdf2-sha256$i=99999999999$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
            "$pbkdf2-sha256$i=-5$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
            "$pbkdf2-sha256$i=1,i=2$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
            "$pbkdf2-sha256$i=1$c2FsdA$AAAAAAAAAAAAAAAAAAAAAA",
            "$pbkdf2-sha256$i=1$c2FsdHNhbHQ$AAAA",
            "$pbkdf2-sha256$i=1$c2FsdHNhbHQ=$AAAAAAAAAAAAAAAAAAAAAA",
            "$scrypt$ln=40,r=8,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
            "$scrypt$ln=22,r=32,p=1$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
            "$scrypt$ln=10,r=8$c2FsdHNhbHQ$AAAAAAAAAAAAAAAAAAAAAA",
        ])
    func malformedStoredHash(_ stored: String) {
        #expect(throws: CryptoError.malformedPasswordHash) { try fast.verify("pw", against: stored) }
    }

    @Test("password comparison goes through the constant-time comparator")
    func constantTimePath() throws {
        let calls = Locked(0)
        var spy = fast
        spy.compare = { left, right in
            calls.withLock { $0 += 1 }
            return ConstantTime.equals(left, right)
        }
        let stored = try spy.hash("pw")
        #expect(try spy.verify("pw", against: stored))
        #expect(try !spy.verify("nope", against: stored))
        #expect(calls.withLock { $0 } == 2)
    }

    @Test("CRYPTO_memcmp equality: equal, differing at either end, different lengths, empty")
    func constantTimeEquals() {
        let bytes = Data((0..<32).map(UInt8.init))
        #expect(ConstantTime.equals(bytes, bytes))
        #expect(ConstantTime.equals(Data(), Data()))
        var first = bytes
        first[0] ^= 0x80
        var last = bytes
        last[31] ^= 0x01
        #expect(!ConstantTime.equals(bytes, first))
        #expect(!ConstantTime.equals(bytes, last))
        #expect(!ConstantTime.equals(bytes, bytes.prefix(31)))
        #expect(!ConstantTime.equals(bytes.prefix(16).suffix(8), bytes.prefix(8)))
    }

    @Test("canonically equivalent spellings of a password match (NFC)")
    func unicodeNormalization() throws {
        let stored = try fast.hash("caf\u{E9}")
        #expect(try fast.verify("cafe\u{301}", against: stored))
    }

    @Test("the default is PBKDF2-SHA256 at 600,000 iterations and flags weaker hashes for rehash")
    func defaultsAndRehash() throws {
        let hasher = PasswordHasher()
        let stored = try hasher.hash("pw")
        #expect(stored.hasPrefix("$pbkdf2-sha256$i=600000$"))
        #expect(try hasher.verify("pw", against: stored))
        #expect(!hasher.needsRehash(stored))
        #expect(hasher.needsRehash(try fast.hash("pw")))
        #expect(hasher.needsRehash("garbage"))
    }
}
