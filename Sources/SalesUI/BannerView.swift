import SalesCore
import SwiftUI

/// A dismissible one-line message.
struct BannerView: View {
    let text: String
    let dismiss: @MainActor () -> Void

    var body: some View {
        HStack {
            Text(text).font(.callout)
            Spacer()
            Button(SalesText.dismiss, systemImage: "xmark", action: dismiss).labelStyle(.iconOnly)
        }
        .padding()
        .background(.yellow.opacity(0.2))
    }
}
