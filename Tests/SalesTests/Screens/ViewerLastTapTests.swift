import APIClient
import Foundation
import Locking
import SalesCore
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Rows stay tappable while an attachment downloads: what opens is what the person tapped last.
@MainActor
@Suite struct ViewerLastTapTests {
    /// The hospital's screen, loaded, over a client whose downloads of the first attachment's body (the PDF) wait at
    /// `gate`.
    static func hospital(_ harness: DevServerHarness, pdfHeldAt gate: Gate) async throws
        -> (AccountScreenModel, pdf: ItemRow, jpeg: ItemRow)
    {
        let held = Locked<String?>(nil)
        let client = try await harness.client { request, standIn in
            if let id = held.withLock({ $0 }), request.url?.path.hasSuffix("/Attachment/\(id)/Body") == true {
                await gate.pass()
            }
            return try await standIn.send(request)
        }
        let model = try await DevServerHarness.hospitalScreen(client)
        await model.appeared()
        let pdf = try #require(model.items.first { $0.detail == "PDF" })
        let jpeg = try #require(model.items.first { $0.title == "Loading dock.jpg" })
        held.withLock { $0 = pdf.id }
        return (model, pdf, jpeg)
    }

    /// The PDF (slow) is tapped, then the photo: the photo opens, and the PDF landing later does not replace it.
    @Test func anEarlierTapsLateDownloadDoesNotReplaceTheLaterOne() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate(isOpen: false)
        let (model, pdf, jpeg) = try await Self.hospital(harness, pdfHeldAt: gate)

        let first = Task { await model.itemTapped(id: pdf.id) }
        await gate.arrived(1)
        await model.itemTapped(id: jpeg.id)
        #expect(model.openedDocument?.title == "Loading dock.jpg")
        await gate.open()
        await first.value

        #expect(model.openedDocument?.title == "Loading dock.jpg")
        #expect(model.openedDocument?.contentType == "image/jpeg")
        #expect(!model.isBusy)
    }

    /// The PDF is tapped, then a Google Doc (or the viewer is closed): the PDF landing later opens nothing over
    /// what the person went to.
    @Test func aDownloadLandingAfterAGoogleDocOpenedOrAClosedViewerOpensNothing() async throws {
        let harness = try await DevServerHarness.make()
        let gate = Gate(isOpen: false)
        let (model, pdf, _) = try await Self.hospital(harness, pdfHeldAt: gate)
        let doc = try #require(model.items.first { $0.kind == .doc })

        let first = Task { await model.itemTapped(id: pdf.id) }
        await gate.arrived(1)
        await model.itemTapped(id: doc.id)
        await gate.open()
        await first.value
        guard case .webPage(let page)? = model.presented else {
            Issue.record("the Google Doc was replaced: \(String(describing: model.presented))")
            return
        }
        #expect(page.title == doc.title)

        model.documentDismissed()
        await gate.close()
        let again = Task { await model.itemTapped(id: pdf.id) }
        await gate.arrived(2)
        model.addTapped(.note)
        await gate.open()
        await again.value
        model.editorDismissed()
        #expect(model.presented == nil)
    }
}
