import APIClient
import AttendeeCore
import AttendeeModels
import AttendeeServer
import Database
import Foundation
import HTTPServer
import SwiftUI
import Synchronization
import Testing
import TokenVerifier

@testable import AttendeeUI

/// The gallery and the Documentation page, reached from the dashboard, against the real server in process.
@MainActor
struct AttendeeMediaViewTests {
    static func host() async throws -> ViewHost<AttendeeRootView> {
        try await InProcessAttendee.make().host()
    }

    @Test func aPhotoAddedInTheGalleryHeadsTheDocumentationPageAndOpensTheGallery() async throws {
        let host = try await AttendeeRootViewTests.registered(InProcessAttendee.make())

        try host.tap("Gallery")
        try await host.waitUntil("the gallery") { $0.texts.contains("No photos yet.") }
        #expect(host.tree.visibleNavigationTitle == "Gallery")
        let html = Data("<html>not a photo</html>".utf8)
        try host.pickPhoto(html, in: "Add photo")
        try await host.waitUntil("refused") {
            $0.texts.contains("Only JPEG, PNG, GIF, WebP and HEIC photos can be added.")
        }
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) + Data("IHDR".utf8)
        png += Data([0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]) + Data(count: 100)
        try host.pickPhoto(png, in: "Add photo")
        try await host.waitUntil("added") { $0.texts.contains("Added “Photo.png”.") }
        #expect(host.tree.texts.contains("PNG image · 129 bytes · 640 × 480"))
        try host.back()

        try host.tap("Documentation")
        try await host.waitUntil("the documents") { $0.find(.button, "Open the gallery") != nil }
        #expect(host.tree.visibleNavigationTitle == "Documentation")
        for title in ["Pre-read", "Post-read", "Session materials"] { #expect(host.tree.texts.contains(title)) }
        try host.tap("Open the gallery")
        try await host.waitUntil("the gallery sheet") { $0.topPresentation?.texts.contains("Photo.png") == true }
    }
}
