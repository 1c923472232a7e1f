import AttendeeCore
import QuartetUI
import SwiftUI

/// My profile: About me and My Preferences, each with Edit.
public struct ProfileView: View {
    @State private var model: ProfileModel

    /// Creates the model over a client.
    public init(model: ProfileModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        Form {
            if model.hasLoaded {
                DetailsSection(model: model)
                AboutMeSection(model: model)
                PreferencesSection(model: model)
            }
            if let banner = model.banner { BannerLine(banner) }
        }
        .overlay { if model.isBusy { ProgressView() } }
        .refreshableTask { await model.appeared() }
    }
}

struct ProfileView_Previews: PreviewProvider {
    static var previews: some View {
        ProfileView(model: ProfileModel(client: AttendeeClient.preview))
    }
}
