import Foundation
import ScreenCatalog
import ScreenRenderer
import SwiftUI
import Testing

/// Every screen of the catalog, drawn as `make screens` draws it, checked for what a person would trip over:
/// empty texts, strings-table keys on screen, controls without a name, images without a label.
@MainActor
struct CatalogScreenTests {
    @Test(arguments: ScreenCatalog.all.map(\.name))
    func screenIsReadableAndNamed(_ name: String) async throws {
        let entry = try #require(ScreenCatalog.all.first { $0.name == name })
        let tree = try await entry.tree()
        var problems = ScreenAudit.problems(in: tree).map(\.description)
        for node in tree.allNodes where !node.isAccessibilityHidden {
            for text in [node.text, node.accessibilityLabel, node.navigationTitle].compactMap({ $0 })
            where StringsTables.keys.contains(text) {
                problems.append("rawStringKey: \"\(text)\" is a key of a strings table (view \(node.path))")
            }
        }
        #expect(problems.isEmpty, "\(entry.name) (\(entry.summary)):\n\(problems.joined(separator: "\n"))")
    }

    @Test(arguments: ScreenCatalog.all.map(\.name))
    func screenDrawsAsAPageInBothAppearances(_ name: String) async throws {
        let entry = try #require(ScreenCatalog.all.first { $0.name == name })
        let tree = try await entry.tree()
        for appearance in Appearance.allCases {
            let device = entry.device
            let html = ScreenRenderer(device: device, appearance: appearance).page(tree, title: name)
            #expect(html.hasPrefix("<!DOCTYPE html>"))
            #expect(html.contains("<html lang=\"en\" class=\"\(appearance.rawValue)\">"))
            let height = device.isFullLength ? "min-height" : "height"
            #expect(html.contains(".device{width:\(device.width)px;\(height):\(device.height)px}"))
            if let title = tree.visibleNavigationTitle, !title.isEmpty {
                #expect(html.contains(escaped(title)), "\(name): the title \"\(title)\" is not on the page")
            }
            // NB: a symbol the renderer cannot draw shows its name in a box, which looks like a broken screen.
            #expect(!html.contains(" named\" aria-hidden"), "\(name): a symbol is drawn as its name")
        }
    }

    /// Every text the screen's tree shows is on its page: a text the renderer dropped (a line laid over a map, say)
    /// would be missing from the picture while the view tests, which read the tree, pass. Texts of a closed menu or
    /// picker's choices are not drawn until it opens, as on a device.
    @Test(arguments: ScreenCatalog.all.map(\.name))
    func everyTextOfTheScreenIsDrawn(_ name: String) async throws {
        let entry = try #require(ScreenCatalog.all.first { $0.name == name })
        let tree = try await entry.tree()
        let html = ScreenRenderer(device: entry.device, appearance: .light).page(tree, title: name)
        let choices = Set(
            tree.allNodes.filter { $0.kind == .menu || $0.kind == .picker }
                .flatMap { $0.allNodes.dropFirst().map(\.path) })
        let missing = tree.allNodes.filter { node in
            guard node.kind == .text, !node.isAccessibilityHidden, !choices.contains(node.path),
                let text = node.text, !text.isEmpty
            else { return false }
            return !html.contains(escaped(text))
        }
        #expect(missing.isEmpty, "\(name): not drawn: \(missing.compactMap(\.text))")
    }

    @Test func everyAppHasScreensInSeveralStates() {
        for app in ScreenCatalog.apps {
            let states = Set(ScreenCatalog.all.filter { $0.app == app }.map(\.state))
            #expect(states.count >= 3, "\(app.name) has only \(states.sorted())")
        }
        let names = ScreenCatalog.all.map(\.name)
        #expect(Set(names).count == names.count, "two entries share a name")
    }

    /// The Sales account screen is longer than the iPad: one picture of it is full length, so its notes,
    /// attachments, Google Docs and content below the fold are seen, while the others keep the screen's size.
    @Test func theLongSalesAccountHasAFullLengthPicture() throws {
        let full = ScreenCatalog.all.filter(\.device.isFullLength)
        #expect(full.map(\.name) == ["sales/account-hospital-full-length"])
        let entry = try #require(full.first)
        #expect(entry.device.width == entry.app.device.width && entry.device.height == entry.app.device.height)
        for other in ScreenCatalog.all where !other.device.isFullLength { #expect(other.device == other.app.device) }
    }

    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}

/// The keys of every app's strings table, read from the sources (a key on screen means a lookup failed).
enum StringsTables {
    static let keys: Set<String> = {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
        var keys = Set<String>()
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for folder in folders {
            let table = sources.appendingPathComponent("\(folder)/Resources/en.lproj/Localizable.strings")
            guard let text = try? String(contentsOf: table, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("\"") {
                if let end = line.dropFirst().firstIndex(of: "\"") {
                    keys.insert(String(line[line.index(after: line.startIndex)..<end]))
                }
            }
        }
        return keys
    }()
}
