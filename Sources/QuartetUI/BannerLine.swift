import Localization
import SwiftUI

/// A banner's sentence, drawn as its kind: a failure with a red warning sign, a confirmation with a green check
/// mark, a notice plainly. Each app's views place it (a row over a list, a line in a form, a dismissible strip).
///
/// NB: the sentence keeps the primary colour and only the sign is tinted: green text reads at about 2:1 on white
/// and on a green strip, red at under 3.5:1, below WCAG's 4.5:1 for text.
public struct BannerLine: View {
    let banner: Banner

    /// The line for `banner`.
    public init(_ banner: Banner) { self.banner = banner }

    public var body: some View {
        switch banner {
        case .failure(let text):
            Label {
                Text(text)
            } icon: {
                Image(systemName: "exclamationmark.triangle").foregroundStyle(.red)
            }
        case .confirmation(let text):
            Label {
                Text(text)
            } icon: {
                Image(systemName: "checkmark.circle").foregroundStyle(.green)
            }
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
