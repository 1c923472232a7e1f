import AttendeeModels
import Foundation

extension AttendeePreview {
    /// The sample event's files: a programme to read before, slides of the keynote, and the gallery's photos (two
    /// rows of a phone's grid). The reader (`p1`) added the documents and took the opening photo, so may remove
    /// those; the other photos are someone else's.
    public static let files: [MediaFile] = [
        MediaFile(
            id: "m1", eventID: "preview", ownerID: "p1", purpose: .preRead, type: .pdf, byteCount: 1_258_291,
            fileName: "Programme.pdf", createdAt: event.startsAt, canRemove: true),
        MediaFile(
            id: "m2", eventID: "preview", sessionID: "s1", ownerID: "p1", purpose: .material, type: .officeDocument,
            byteCount: 4_404_019, fileName: "Keynote slides.pptx", createdAt: event.startsAt, canRemove: true),
        MediaFile(
            id: "m3", eventID: "preview", ownerID: "p1", purpose: .gallery, type: .jpeg, byteCount: 2_202_010,
            width: 4032, height: 3024, fileName: "Opening.jpg", hasThumbnail: true, createdAt: event.startsAt,
            canRemove: true),
        MediaFile(
            id: "m4", eventID: "preview", ownerID: "p3", purpose: .gallery, type: .png, byteCount: 310_000, width: 1280,
            height: 720, fileName: "Stage.png", createdAt: event.startsAt, canRemove: false),
        MediaFile(
            id: "m6", eventID: "preview", ownerID: "p2", purpose: .gallery, type: .jpeg, byteCount: 1_830_000,
            width: 4032, height: 3024, fileName: "Keynote.jpg", hasThumbnail: true, createdAt: event.startsAt,
            canRemove: false),
        MediaFile(
            id: "m7", eventID: "preview", ownerID: "p3", purpose: .gallery, type: .jpeg, byteCount: 1_460_000,
            width: 3024, height: 4032, fileName: "Workshop.jpg", hasThumbnail: true, createdAt: event.startsAt,
            canRemove: false),
        MediaFile(
            id: "m8", eventID: "preview", ownerID: "p2", purpose: .gallery, type: .jpeg, byteCount: 990_000,
            width: 4032, height: 3024, fileName: "Lunch.jpg", hasThumbnail: true, createdAt: event.startsAt,
            canRemove: false),
        MediaFile(
            id: "m9", eventID: "preview", ownerID: "p3", purpose: .gallery, type: .jpeg, byteCount: 2_050_000,
            width: 4032, height: 3024, fileName: "Closing.jpg", hasThumbnail: true, createdAt: event.startsAt,
            canRemove: false),
    ]

    /// An in-memory media client over ``files``.
    public static let media = AttendeeMediaClient(
        documents: { _, _ in
            DocumentsPage(
                headerPhoto: files[2], preRead: files.filter { $0.purpose == .preRead },
                materials: files.filter { $0.purpose == .material })
        },
        gallery: { _ in files.filter { $0.purpose == .gallery } },
        uploadPhoto: { _, name, data, _ in
            MediaFile(
                id: "m5", eventID: "preview", ownerID: "p1", purpose: .gallery, type: .jpeg, byteCount: data.count,
                fileName: name, createdAt: event.startsAt)
        },
        download: { _ in Data() },
        share: { id in MediaShareLink(url: "https://quartet.example/attendee/v1/media/\(id)", fileName: id) })
}

extension AttendeeMediaClient {
    /// A client answering from ``AttendeePreview``'s sample files: for previews and `make screens`.
    public static var preview: AttendeeMediaClient { AttendeePreview.media }
}
