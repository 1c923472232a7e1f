import Foundation
import Testing

@testable import AttendeeCore

/// A file to share keeps its name, reduced to one safe path component inside the downloads folder.
struct ShareFolderTests {
    @Test(arguments: [
        ("Slides.pdf", "Slides.pdf"),
        ("Reading list (v2).txt", "Reading list (v2).txt"),
        ("../../Library/Preferences/evil.plist", ".._.._Library_Preferences_evil.plist"),
        ("a/b\\c.pdf", "a_b_c.pdf"),
        ("bell\u{07}\n.txt", "bell__.txt"),
        ("  spaced.pdf  ", "spaced.pdf"),
        ("", "Download"),
        (".", "Download"),
        ("..", "Download"),
    ])
    func aServerNameBecomesOneSafeComponent(name: String, expected: String) {
        #expect(ShareFolder.safeName(name) == expected)
    }

    @Test func aHostileNameIsWrittenInsideTheFolderAndALaterDownloadReplacesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let downloads = ShareFolder(folder.appendingPathComponent("Downloads"))

        let first = try downloads.write(Data("one".utf8), named: "../escape.txt")
        #expect(first.deletingLastPathComponent().path == downloads.url.path)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("escape.txt").path))
        let second = try downloads.write(Data("two".utf8), named: "../escape.txt")
        #expect(second == first)
        #expect(try Data(contentsOf: second) == Data("two".utf8))
    }
}
