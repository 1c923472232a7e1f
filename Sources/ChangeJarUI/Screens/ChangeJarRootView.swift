#if canImport(SwiftUI)
    import ChangeJarCore
    import SwiftUI

    /// The app's tabs; New Actions carries the badge. Opens on All Actions, not Settings.
    public struct ChangeJarRootView: View {
        @Bindable var app: AppModel

        public init(app: AppModel) {
            self.app = app
        }

        public var body: some View {
            TabView(selection: $app.tab) {
                NavigationStack { ActionListScreen(model: app.all).navigationTitle("All Actions") }
                    .tabItem { Label("All", systemImage: "tray.full") }
                    .tag(AppModel.Tab.all)
                NavigationStack { NewActionsScreen(model: app.new).navigationTitle("New Actions") }
                    .tabItem { Label("New", systemImage: "sparkles") }
                    .badge(app.new.badgeCount)
                    .tag(AppModel.Tab.new)
                NavigationStack { SubmitScreen(model: app.submit).navigationTitle("Submit") }
                    .tabItem { Label("Submit", systemImage: "plus.circle") }
                    .tag(AppModel.Tab.submit)
                NavigationStack { ActionListScreen(model: app.mine).navigationTitle("My Actions") }
                    .tabItem { Label("Mine", systemImage: "person") }
                    .tag(AppModel.Tab.mine)
                NavigationStack { SearchScreen(model: app.search).navigationTitle("Search") }
                    .tabItem { Label("Search", systemImage: "magnifyingglass") }
                    .tag(AppModel.Tab.search)
                NavigationStack { SettingsScreen(model: app.settings).navigationTitle("Settings") }
                    .tabItem { Label("Settings", systemImage: "gear") }
                    .tag(AppModel.Tab.settings)
            }
            .task { await app.new.badgeRefreshRequested() }
        }
    }

    #Preview("Change Jar") {
        ChangeJarRootView(app: AppModel(dependencies: .preview()))
    }
#endif
