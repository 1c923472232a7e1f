import AttendeeCore
import SwiftUI

/// The line under a screen's title: a failure in red with a warning sign, a confirmation with a check mark.
struct BannerLine: View {
    let banner: Banner

    init(_ banner: Banner) { self.banner = banner }

    var body: some View {
        switch banner {
        case .failure(let text):
            Label(text, systemImage: "exclamationmark.triangle").foregroundStyle(.red)
        case .confirmation(let text):
            Label(text, systemImage: "checkmark.circle").foregroundStyle(.green)
        }
    }
}
