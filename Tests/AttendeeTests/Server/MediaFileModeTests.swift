import AttendeeModels
import Foundation
import HTTPServer
import Locking
import Testing

@testable import AttendeeServer

/// What the media folder writes is the server user's alone, and a disk that refuses an upload is a logged
/// failure, not a silent 500.
@Suite struct MediaFileModeTests {
    private static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// A private attachment's thumbnail shows what the attachment does: 0600 like the original, in 0700 folders.
    @Test func uploadsTheirThumbnailsAndTheirFoldersAreTheServersAlone() async throws {
        try await AttendeeTestServer.with { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let response = try await server.uploadAttachment(
                try MediaFixtures.jpeg(width: 640, height: 480), token: token)
            #expect(response.status == .created, "\(response.bodyText)")
            #expect(try response.decode(MediaFile.self).hasThumbnail)
            let root = server.mediaFolder.url.path
            let files = server.mediaFiles()
            #expect(files.contains { $0.hasPrefix("thumbnails/") })
            for file in files {
                #expect(try Self.mode(root + "/" + file) == 0o600, "\(file)")
            }
            let walker = try #require(FileManager.default.enumerator(atPath: root))
            for case let relative as String in walker {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory),
                    isDirectory.boolValue
                {
                    #expect(try Self.mode(root + "/" + relative) == 0o700, "\(relative)/")
                }
            }
        }
    }

    /// `staging` replaced by a file: the client gets the same short 500 as before, and the log has the cause at
    /// error level.
    @Test func anUploadTheDiskRefusesIsLoggedWithItsCause() async throws {
        let lines = Locked<[String]>([])
        let log = LogSink { line in lines.withLock { $0.append(line) } }
        try await AttendeeTestServer.with(log: log) { server in
            let token = try await server.registeredAttendee("Ines Duarte")
            let staging = server.mediaFolder.staging
            try FileManager.default.removeItem(at: staging)
            #expect(FileManager.default.createFile(atPath: staging.path, contents: Data("not a folder".utf8)))
            let response = try await server.uploadPhoto(try MediaFixtures.jpeg(width: 64, height: 48), token: token)
            #expect(response.status == .internalServerError)
            #expect(response.bodyText.contains("The file could not be stored. Try again later."))
            #expect(!response.bodyText.contains("Not a directory"))
            #expect(!response.bodyText.contains("staging"))
            let logged = lines.withLock { $0 }.joined(separator: "\n")
            #expect(logged.contains("level=error"), "\(logged)")
            #expect(logged.contains("stage an upload: Not a directory"), "\(logged)")
        }
    }
}
