import Localization
import SwiftUI

/// A banner's sentence, drawn as its kind: a failure red with a warning sign, a confirmation green with a check
/// mark, a notice plainly. Each app's views place it (a row over a list, a line in a form, a dismissible strip).
public struct BannerLine: View {
    let banner: Banner

    /// The line for `banner`.
    public init(_ banner: Banner) { self.banner = banner }

    public var body: some View {
        switch banner {
        case .failure(let text):
            Label(text, systemImage: "exclamationmark.triangle").foregroundStyle(.red)
        case .confirmation(let text):
            Label(text, systemImage: "checkmark.circle").foregroundStyle(.green)
        case .notice(let text):
            Text(text)
        }
    }
}

extension Banner {
    /// The colour a strip behind the banner is tinted with: red, green, or yellow for a notice.
    public var tint: Color {
        switch self {
        case .failure: .red
        case .confirmation: .green
        case .notice: .yellow
        }
    }
}
