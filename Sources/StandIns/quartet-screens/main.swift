// quartet-screens: draws every screen of the catalog as HTML pages, light and dark, with a gallery.
//
//     quartet-screens [--output DIR] [--only APP]
//
// Writes DIR/<app>/<screen>-<state>-<light|dark>.html, DIR/index.html and DIR/screens.tsv (one page a line with
// the window size to take its picture at, and `full` for a page drawn as tall as its content, whose picture is taken
// on a canvas four screens tall and trimmed to the page; scripts/screens reads it). DIR defaults to .build/screens.
import Foundation
import ScreenCatalog
import ScreenRenderer
import SwiftUI

var output = URL(fileURLWithPath: ".build/screens")
var only: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--output":
        guard let value = arguments.popFirst() else {
            FileHandle.standardError.write(Data("quartet-screens: --output needs a folder\n".utf8))
            exit(64)
        }
        output = URL(fileURLWithPath: value)
    case "--only":
        only = arguments.popFirst()
    case "-h", "--help":
        print("usage: quartet-screens [--output DIR] [--only APP]")
        exit(0)
    default:
        FileHandle.standardError.write(Data("quartet-screens: unknown argument \(argument)\n".utf8))
        exit(64)
    }
}

let files = FileManager.default
try files.createDirectory(at: output, withIntermediateDirectories: true)
var rendered: [(entry: ScreenEntry, files: [String])] = []
var manifest = ""
var failures = 0
var problems = 0
for entry in ScreenCatalog.all where only == nil || entry.app.slug == only {
    let tree: ViewNode
    do {
        tree = try await entry.tree()
    } catch {
        failures += 1
        FileHandle.standardError.write(Data("quartet-screens: \(entry.name) failed: \(error)\n".utf8))
        continue
    }
    for problem in ScreenAudit.problems(in: tree) {
        problems += 1
        print("warning: \(entry.name): \(problem)")
    }
    let folder = output.appendingPathComponent(entry.app.slug)
    try files.createDirectory(at: folder, withIntermediateDirectories: true)
    var names: [String] = []
    for appearance in Appearance.allCases {
        let renderer = ScreenRenderer(device: entry.device, appearance: appearance)
        let name = "\(entry.screen)-\(entry.state)-\(appearance.rawValue).html"
        let title = "\(entry.app.name) · \(entry.screen) · \(entry.state) · \(appearance.rawValue)"
        try Data(renderer.page(tree, title: title).utf8).write(to: folder.appendingPathComponent(name))
        names.append(name)
        let device = entry.device
        manifest +=
            device.isFullLength
            ? "\(entry.app.slug)/\(name)\t\(device.width)\t\(device.height * 4)\tfull\n"
            : "\(entry.app.slug)/\(name)\t\(device.width)\t\(device.height)\tscreen\n"
    }
    rendered.append((entry, names))
    print("\(entry.name)")
}
try Data(manifest.utf8).write(to: output.appendingPathComponent("screens.tsv"))
try Data(Gallery.html(rendered.map { ($0.entry, $0.files) }).utf8).write(
    to: output.appendingPathComponent("index.html"))
print(
    "quartet-screens: \(rendered.count) screens, \(rendered.count * 2) pages in \(output.path)"
        + (problems > 0 ? ", \(problems) accessibility or strings warnings" : ""))
if failures > 0 {
    FileHandle.standardError.write(Data("quartet-screens: \(failures) screens could not be drawn\n".utf8))
    exit(1)
}
