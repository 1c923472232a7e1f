import ChangeJarCore
import SwiftUI

/// The app's tabs; New Actions carries the badge. Opens on All Actions, not Settings. Leaving the app and coming
/// back is a new visit, and the badge is counted again.
public struct ChangeJarRootView: View {
    @Bindable var app: AppModel
    @Environment(\.scenePhase) private var scenePhase

    /// The tabs of `app`, the model of the whole app.
    public init(app: AppModel) {
        self.app = app
    }

    public var body: some View {
        TabView(selection: $app.tab) {
            ChangeJarTab(tab: .all, symbol: "tray.full") { ActionListScreen(model: app.all) }
            ChangeJarTab(tab: .new, symbol: "sparkles") { NewActionsScreen(model: app.new) }
                .badge(app.new.badgeCount)
            ChangeJarTab(tab: .submit, symbol: "plus.circle") { SubmitScreen(model: app.submit) }
            ChangeJarTab(tab: .mine, symbol: "person") { ActionListScreen(model: app.mine) }
            ChangeJarTab(tab: .search, symbol: "magnifyingglass") { SearchScreen(model: app.search) }
            ChangeJarTab(tab: .settings, symbol: "gear") { SettingsScreen(model: app.settings) }
        }
        .task { await app.launched() }
        .onChange(of: scenePhase) { _, phase in
            switch phase {
            case .background: app.wentToBackground()
            case .active: Task { await app.becameActive() }
            default: break
            }
        }
    }
}

/// One tab: its screen in a navigation stack, titled and labelled by the core.
struct ChangeJarTab<Screen: View>: View {
    let tab: AppModel.Tab
    let symbol: String
    @ViewBuilder let screen: () -> Screen

    var body: some View {
        NavigationStack { screen().navigationTitle(tab.screenTitle) }
            .tabItem { Label(tab.label, systemImage: symbol) }
            .tag(tab)
    }
}

struct ChangeJarRootView_Previews: PreviewProvider {
    static var previews: some View {
        ChangeJarRootView(app: AppModel(dependencies: .preview()))
    }
}
