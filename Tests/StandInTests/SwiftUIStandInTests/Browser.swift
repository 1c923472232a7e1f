// NB: a file of its own: importing UIKit beside Testing makes the compiler look for Swift Testing's UIKit
// overlay, which the Linux toolchain does not have.
import Foundation
import SafariServices
import UIKit

/// The in-app browser, as the Quakes app wraps it.
struct Browser: UIViewControllerRepresentable {
    let url: URL
    func makeUIViewController(context: Context) -> SFSafariViewController { SFSafariViewController(url: url) }
    func updateUIViewController(_ controller: SFSafariViewController, context: Context) {}
}
