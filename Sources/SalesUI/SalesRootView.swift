import QuartetUI
import SalesCore
import SwiftUI

/// The Sales iPad app: the sign-in form, then the Account screen.
public struct SalesRootView: View {
    @State private var app: SalesAppModel

    /// The app over its model.
    public init(app: SalesAppModel) {
        _app = State(initialValue: app)
    }

    public var body: some View {
        NavigationStack {
            if let account = app.account {
                AccountScreen(model: account)
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) {
                            Button(app.signOutLabel) { Task { await app.signOutTapped() } }
                        }
                    }
            } else {
                SalesSignInView(app: app)
            }
        }
        .task { await app.launched() }
    }
}

/// Username and password for the OAuth password grant.
struct SalesSignInView: View {
    @Bindable var app: SalesAppModel

    var body: some View {
        Form {
            TextField(app.usernameLabel, text: $app.username)
            SecureField(app.passwordLabel, text: $app.password)
            if let banner = app.banner { BannerLine(banner) }
            if let waiting = app.waitingEditsText { Text(waiting) }
            Button(app.signInLabel) { Task { await app.signInTapped() } }.disabled(!app.canSignIn)
            // NB: the disabled button alone reads as "nothing happened"; the spinner says the tap was taken.
            if app.isBusy { ProgressView(app.signingInLabel) }
        }
        .navigationTitle(app.title)
        .task { await app.signInAppeared() }
    }
}
