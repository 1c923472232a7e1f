import QuakesCore
import SwiftUI

/// The error banner above the list, with Retry when the model offers it.
struct QuakeBannerView: View {
    let banner: QuakeBanner
    let retry: @MainActor () -> Void

    var body: some View {
        HStack(alignment: .firstTextBaseline) {
            Image(systemName: banner.isOffline ? "wifi.exclamationmark" : "exclamationmark.triangle")
                .accessibilityHidden(true)
            Text(banner.message).font(.callout)
            Spacer()
            if banner.canRetry {
                Button(QuakeScreenText.retry, action: retry).buttonStyle(.bordered)
            }
        }
        .padding(12)
        .background(.yellow.opacity(0.3), in: RoundedRectangle(cornerRadius: 8))
    }
}
