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

    /// A session title may be 200 characters, which in Cyrillic or Chinese is more than the 255 bytes a file
    /// name may have: the file is still written, under the name cut short, its extension kept.
    @Test func aNameLongerThanTheFileSystemTakesIsShortenedAndWritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        for title in [String(repeating: "Ж", count: 200), String(repeating: "会", count: 200)] {
            let file = try ShareFolder(folder).write(Data("x".utf8), named: title + ".ics")
            #expect(file.lastPathComponent.utf8.count <= 255)
            #expect(file.lastPathComponent.hasSuffix(".ics"))
            #expect(title.hasPrefix(file.deletingPathExtension().lastPathComponent))
            #expect(try Data(contentsOf: file) == Data("x".utf8))
        }
        #expect(ShareFolder.safeName(String(repeating: "a", count: 300)) == String(repeating: "a", count: 255))
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
