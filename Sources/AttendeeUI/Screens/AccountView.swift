import AttendeeCore
import QuartetUI
import SwiftUI

/// Sign in, or create an account: the app's first page while nobody is signed in.
struct AccountView: View {
    let model: AccountModel
    @State private var isSigningUp = false
    @State private var name = ""
    @State private var email = ""
    @State private var password = ""

    var body: some View {
        Form {
            Section {
                if isSigningUp { TextField(AttendeeScreenText.name, text: $name) }
                TextField(AttendeeScreenText.email, text: $email)
                SecureField(AttendeeScreenText.password, text: $password)
            }
            if let error = model.fieldError { Text(error.message).foregroundStyle(.red) }
            if let banner = model.banner { BannerLine(banner) }
            Section {
                Button(isSigningUp ? AttendeeScreenText.signUp : AttendeeScreenText.signIn) {
                    Task {
                        if isSigningUp {
                            await model.signUpTapped(name: name, email: email, password: password)
                        } else {
                            await model.signInTapped(email: email, password: password)
                        }
                    }
                }
                .disabled(model.isBusy)
                Button(isSigningUp ? AttendeeScreenText.switchToSignIn : AttendeeScreenText.switchToSignUp) {
                    isSigningUp.toggle()
                }
            }
        }
        .navigationTitle(AttendeeScreenText.account)
    }
}

/// The events, soonest first; a row opens the event's dashboard.
struct EventsView: View {
    let model: EventsModel
    let signOut: @MainActor () -> Void

    var body: some View {
        List {
            if let banner = model.banner { BannerLine(banner) }
            if let empty = model.emptyMessage { Text(empty).foregroundStyle(.secondary) }
            ForEach(model.rows) { row in
                NavigationLink(value: AttendeeDestination.dashboard(eventID: row.id)) {
                    VStack(alignment: .leading) {
                        Text(row.name).font(.headline)
                        Text(row.dates)
                        Text(row.venue).font(.caption).foregroundStyle(.secondary)
                    }
                }
            }
        }
        .overlay { if model.isBusy && model.rows.isEmpty { ProgressView() } }
        .refreshableTask { await model.appeared() }
        .navigationTitle(AttendeeScreenText.events)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                NavigationLink(value: AttendeeDestination.profile) {
                    Label(AttendeeDestination.profile.title ?? "", systemImage: "person.crop.circle")
                }
            }
            ToolbarItem(placement: .cancellationAction) {
                Button(AttendeeScreenText.signOut, action: signOut)
            }
        }
    }
}
