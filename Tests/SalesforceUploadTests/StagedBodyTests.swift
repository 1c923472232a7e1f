import Foundation
import Testing

@testable import SalesforceUpload

/// Staged bodies written past the page cache (in whole blocks, the last one padded and cut) and through it
/// hold exactly the bytes given, whatever their length.
@Suite struct StagedBodyTests {
    static let lengths = [0, 1, 4095, 4096, 4097, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, (3 << 20) + 5]

    @Test(arguments: [true, false])
    func rawBytesComeBackExactly(direct: Bool) throws {
        let folder = try BodyFolder.temporary(writesDirectly: direct)
        for length in Self.lengths {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ length) })
            let staged = try folder.stage(data)
            #expect(staged.count == length)
            #expect(try folder.read(try folder.commit(staged, for: "00PQ000000Len\(length)")) == data, "\(length)")
        }
    }

    @Test(arguments: [true, false])
    func base64InOddPiecesComesBackExactly(direct: Bool) throws {
        let folder = try BodyFolder.temporary(writesDirectly: direct)
        for length in Self.lengths {
            let data = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            let staged = try folder.stage()
            let text = Array(data.base64EncodedString().utf8)
            text.withUnsafeBytes { bytes in
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + 32_771)
                    staged.appendBase64(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                    start = end
                }
            }
            staged.finish()
            #expect(staged.failure == nil)
            #expect(try folder.read(try folder.commit(staged, for: "00PQ000000B64\(length)")) == data, "\(length)")
        }
    }

    @Test func directWritesAreUsedWhereTheFileSystemHasThem() throws {
        let staged = try BodyFolder.temporary().stage()
        // Linux file systems used here (ext4, tmpfs since 6.6) take O_DIRECT; elsewhere the page cache is used.
        #if os(Linux)
            #expect(staged.writesDirectly)
        #endif
        #expect(try !BodyFolder.temporary(writesDirectly: false).stage().writesDirectly)
        _ = staged
    }
}

/// Stored bodies (a note's text, an attachment) and their folders are the server user's alone.
@Suite struct BodyFolderModeTests {
    @Test func bodiesAre0600AndFolders0700() throws {
        let folder = try BodyFolder.temporary(writesDirectly: false)
        let name = try folder.commit(try folder.stage(Data("private body".utf8)), for: "00PQ000000Mode1")
        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }
        #expect(try mode(folder.url.appendingPathComponent(name).path) == 0o600)
        #expect(try mode(folder.url.path) == 0o700)
        #expect(try mode(folder.url.appendingPathComponent("staging").path) == 0o700)
    }
}
