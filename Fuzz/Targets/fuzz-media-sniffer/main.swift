// The Attendee upload sniffer, which reads magic numbers and image headers (JPEG markers, PNG, GIF, WebP, HEIF
// boxes, zip entries) from untrusted bytes: no input may trap, sizes are what the header can hold, and the
// answer depends on the bytes alone.
import AttendeeModels
import Foundation
import FuzzSupport

@testable import AttendeeServer

fuzz { input in
    let head = Data(input.bytes)
    let sniffed = MediaSniffer.sniff(head)
    require(sniffed == MediaSniffer.sniff(Data(input.bytes)), "two answers for the same bytes")
    guard let sniffed else { return }
    require((sniffed.width ?? 0) >= 0 && (sniffed.height ?? 0) >= 0, "negative size \(sniffed)")
    // What the upload handler decides from the size must not trap either.
    _ = sniffed.fitsPixelLimit
    if sniffed.type == .plainText {
        require(!input.bytes.contains(0), "text with NUL")
    }
    require(
        (sniffed.officeExtension != nil) == (sniffed.type == .officeDocument || sniffed.type == .openDocument),
        "office extension \(sniffed.officeExtension ?? "none") for \(sniffed.type)")
    // A name is always made for what the bytes are, whatever the client called the file.
    let name = MediaFileName.sanitized(
        String(decoding: input.bytes.prefix(200), as: UTF8.self), type: sniffed.type,
        officeExtension: sniffed.officeExtension)
    require(
        !name.isEmpty && name.count <= MediaFileName.maxLength && !name.contains("/") && !name.hasPrefix("."),
        "unsafe name \(name)")
}
