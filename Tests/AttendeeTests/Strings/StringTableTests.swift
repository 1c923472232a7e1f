import Foundation
import Localization
import Testing

/// A string table read once from a bundle's `Localizable.strings`: sentences by key, placeholders filled, a
/// missing key shown as itself, the same answers however many screens ask at once.
struct StringTableTests {
    /// A bundle folder holding `en.lproj/Localizable.strings` with `contents`.
    static func bundle(_ contents: String) throws -> (Bundle, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        let language = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: language, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: language.appendingPathComponent("Localizable.strings"))
        return (try #require(Bundle(path: folder.path)), folder)
    }

    @Test func sentencesArePlaceholdersFilledAndMissingKeysShowAsThemselves() throws {
        let (bundle, folder) = try Self.bundle(
            """
            /* A comment. */
            "wall.likes.none" = "No likes";
            "wall.by" = "%1$@ · %2$@";
            "quote" = "He said \\"hi\\"\\n";
            """)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = StringTable(bundle: bundle)
        #expect(table.text("wall.likes.none") == "No likes")
        #expect(table.format("wall.by", "Ana", "09:00") == "Ana · 09:00")
        #expect(table.text("quote") == "He said \"hi\"\n")
        #expect(table.text("not.there") == "not.there")
    }

    @Test func aBundleWithoutATableShowsEveryKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = StringTable(bundle: try #require(Bundle(path: folder.path)))
        #expect(table.text("wall.likes.none") == "wall.likes.none")
    }

    @Test func manyLookupsAtOnceAllGetTheSentence() async throws {
        let (bundle, folder) = try Self.bundle(#""wall.likes.none" = "No likes";"#)
        defer { try? FileManager.default.removeItem(at: folder) }
        let table = StringTable(bundle: bundle)
        let answers = await withTaskGroup(of: Set<String>.self) { group in
            for _ in 0..<8 {
                group.addTask { Set((0..<2_000).map { _ in table.text("wall.likes.none") }) }
            }
            return await group.reduce(into: Set<String>()) { $0.formUnion($1) }
        }
        #expect(answers == ["No likes"])
    }
}
