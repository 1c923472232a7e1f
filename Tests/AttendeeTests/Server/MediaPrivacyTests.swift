import AttendeeModels
import DatabaseTestSupport
import Foundation
import HTTPServer
import HTTPTypes
import ImageCodec
import ImageSamples
import Testing

@testable import AttendeeServer

/// What every member downloads of a photo is upright as its camera meant and says nothing of where it was taken.
@Suite struct MediaPrivacyTests {
    /// A 1200×600 JPEG, left half red and right half blue, with EXIF saying `orientation` and a GPS position, XMP and
    /// a comment naming ``ImageSamples/secretPlace``.
    static func phonePhoto(orientation: Int = 6) throws -> Data {
        var pixels = [UInt8](repeating: 0, count: 1200 * 600 * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            if (index / 3) % 1200 < 600 { pixels[index] = 230 } else { pixels[index + 2] = 230 }
        }
        let plain = try TurboJPEG.encode(
            RGBImage(size: PixelSize(width: 1200, height: 600), pixels: pixels), quality: 85)
        return ImageSamples.jpeg(
            plain,
            inserting: [
                ImageSamples.exifSegment(ImageSamples.exifTIFF(orientation: orientation)), ImageSamples.xmpSegment(),
                ImageSamples.commentSegment(),
            ])
    }

    static func containsPlace(_ data: Data) -> Bool { data.range(of: Data("QUARTET-SECRET-PLACE".utf8)) != nil }

    @Test(arguments: DatabaseKind.eachDialect)
    func aPortraitPhotoIsSeenUprightAndItsLocationGoesToNoOne(_ kind: DatabaseKind) async throws {
        try await AttendeeTestServer.with(kind) { server in
            let alice = try await server.registeredAttendee("Alice")
            let bob = try await server.registeredAttendee("Bob")
            let photo = try Self.phonePhoto()
            #expect(Self.containsPlace(photo))
            let uploaded = try await server.uploadPhoto(photo, name: "p.jpg", token: alice)
            #expect(uploaded.status == .created, "\(uploaded.bodyText)")
            let file = try uploaded.decode(MediaFile.self)
            #expect(file.width == 600 && file.height == 1200)
            let listed = try await server.client.get(
                "/attendee/v1/events/\(server.eventID)/gallery", headers: AttendeeTestServer.auth(bob)
            ).decode([MediaFile].self)
            #expect(listed.first { $0.id == file.id }.map { [$0.width, $0.height] } == [600, 1200])

            let download = try await server.client.get(
                "/attendee/v1/media/\(file.id)", headers: AttendeeTestServer.auth(bob))
            #expect(download.status == .ok)
            let kept = download.bodyData
            #expect(!Self.containsPlace(kept), "the photo's location went to every member")
            #expect(ImageFile.orientation(of: kept) == .right)
            #expect(file.byteCount == kept.count)

            let thumbnail = try await server.client.get(
                "/attendee/v1/media/\(file.id)/thumbnail", headers: AttendeeTestServer.auth(bob))
            let small = try ImageFile.decode(thumbnail.bodyData)
            #expect(small.size == PixelSize(width: 160, height: 320))
            let top = Array(small.pixels[((40 * 160 + 80) * 3)...].prefix(3))
            let bottom = Array(small.pixels[((280 * 160 + 80) * 3)...].prefix(3))
            #expect(top[0] > 180 && top[2] < 60, "top is the stored left (red) half: \(top)")
            #expect(bottom[2] > 180 && bottom[0] < 60, "bottom is the stored right (blue) half: \(bottom)")
        }
    }

    /// EXIF cut short or pointing anywhere is still stored (the photo was fine), never a 500, and its location
    /// never kept.
    @Test func malformedOrTruncatedExifIsNeverA500() async throws {
        try await AttendeeTestServer.with { server in
            let alice = try await server.registeredAttendee("Alice")
            let plain = try MediaFixtures.jpeg(width: 64, height: 48)
            let tiff = ImageSamples.exifTIFF(orientation: 6)
            var hostile = tiff
            hostile[5] = 0xFF
            hostile[9] = 0xFF
            var bodies = stride(from: 0, to: tiff.count, by: 5).map {
                ImageSamples.jpeg(plain, inserting: [ImageSamples.exifSegment(Array(tiff.prefix($0)))])
            }
            bodies.append(ImageSamples.jpeg(plain, inserting: [ImageSamples.exifSegment(hostile)]))
            // A segment whose length runs past the end of the file, and a photo cut inside its EXIF.
            bodies.append(Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0]) + Data(tiff))
            bodies.append(ImageSamples.jpeg(plain, inserting: [ImageSamples.exifSegment(tiff)]).prefix(40))
            for (index, body) in bodies.enumerated() {
                let response = try await server.uploadPhoto(body, name: "\(index).jpg", token: alice)
                #expect(response.status.rawValue < 500, "\(index): \(response.bodyText)")
                guard response.status == .created else { continue }
                let file = try response.decode(MediaFile.self)
                let kept = try await server.client.get(
                    "/attendee/v1/media/\(file.id)", headers: AttendeeTestServer.auth(alice))
                #expect(!Self.containsPlace(kept.bodyData), "\(index)")
            }
        }
    }

    @Test func pngAndWebPKeepNoMetadataAndAHEICIsKeptAsAJPEG() async throws {
        try await AttendeeTestServer.with { server in
            let alice = try await server.registeredAttendee("Alice")
            let pixels = ImageSamples.gradient(width: 48, height: 32)
            let tagged = [
                ("p.png", ImageSamples.pngWithMetadata(try ImageSamples.png(pixels))),
                ("w.webp", ImageSamples.webpWithMetadata(try ImageSamples.webp(pixels), width: 48, height: 32)),
            ]
            for (name, body) in tagged {
                let file = try await server.uploadPhoto(body, name: name, token: alice).decode(MediaFile.self)
                let kept = try await server.client.get(
                    "/attendee/v1/media/\(file.id)", headers: AttendeeTestServer.auth(alice))
                #expect(!Self.containsPlace(kept.bodyData), "\(name)")
                #expect(file.hasThumbnail && file.width == 48 && file.height == 32, "\(name)")
            }
            let heic = try await server.uploadPhoto(try ImageSamples.heic(pixels), name: "IMG_0001.HEIC", token: alice)
            #expect(heic.status == .created, "\(heic.bodyText)")
            let file = try heic.decode(MediaFile.self)
            #expect(file.type == .jpeg)
            #expect(file.fileName == "IMG_0001.jpg")
            #expect(file.width == 48 && file.height == 32 && file.hasThumbnail)
            let kept = try await server.client.get(
                "/attendee/v1/media/\(file.id)", headers: AttendeeTestServer.auth(alice))
            #expect(kept.headers["Content-Type"] == "image/jpeg")
            #expect(ImageFormat(sniffing: kept.bodyData) == .jpeg)
        }
    }
}
