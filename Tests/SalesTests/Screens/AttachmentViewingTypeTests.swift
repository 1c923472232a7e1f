import Foundation
import SalesCore
import Testing

/// Salesforce keeps whatever `ContentType` an attachment was uploaded with, or none: the viewer shows the bytes as
/// what they are.
@MainActor
@Suite struct AttachmentViewingTypeTests {
    static let pdf = Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n".utf8)

    /// An attachment put up by another tool, then tapped on the hospital's screen: what the viewer is given.
    static func opened(name: String, data: Data, contentType: String?) async throws -> OpenedDocument? {
        let harness = try await DevServerHarness.make()
        let client = try await harness.client()
        let attachment = try await client.createAttachment(
            name: name, data: data, contentType: contentType, accountID: DevServerHarness.hospitalID)
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        await model.itemTapped(id: try #require(attachment.id))
        return model.openedDocument
    }

    @Test func aPDFUploadedWithNoTypeOpensAsAPDF() async throws {
        let opened = try await Self.opened(name: "Signed contract", data: Self.pdf, contentType: nil)
        #expect(opened?.contentType == "application/pdf")
        #expect(opened?.data == Self.pdf)
    }

    @Test func aPDFDeclaredAsAPhotoOpensAsAPDF() async throws {
        let opened = try await Self.opened(name: "scan.jpg", data: Self.pdf, contentType: "image/jpeg")
        #expect(opened?.contentType == "application/pdf")
    }

    @Test func aFileWithNoTypeAndNoSignatureOpensByItsName() async throws {
        let csv = Data("item,count\ngloves,40\n".utf8)
        let opened = try await Self.opened(name: "order.csv", data: csv, contentType: nil)
        #expect(opened?.contentType == "text/csv")
        let memo = Data("Dock opens at 7am.".utf8)
        #expect(try await Self.opened(name: "memo", data: memo, contentType: "text/plain")?.contentType == "text/plain")
    }
}
