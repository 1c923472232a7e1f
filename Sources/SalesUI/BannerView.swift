import Localization
import QuartetUI
import SalesCore
import SwiftUI

/// A dismissible one-line message over the Account page, tinted by its kind.
struct BannerView: View {
    let banner: Banner
    let dismiss: @MainActor () -> Void

    var body: some View {
        HStack {
            BannerLine(banner).font(.callout)
            Spacer()
            Button(SalesText.dismiss, systemImage: "xmark", action: dismiss).labelStyle(.iconOnly)
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(banner.tint.opacity(0.15))
    }
}
