#if canImport(SwiftUI)
    import AttendeeCore
    import SwiftUI

    /// The event dashboard: info, on now / up next, the live-poll card and the links.
    public struct EventDetailsView: View {
        @State private var model: EventDetailsModel

        /// Creates the model over a client.
        public init(model: EventDetailsModel) {
            _model = State(initialValue: model)
        }

        /// The view.
        public var body: some View {
            List {
                Section {
                    Text(model.name).font(.title.bold())
                    Text(model.dates)
                    Text(model.venue).foregroundStyle(.secondary)
                    Text(model.summary)
                    Button(model.registerButtonTitle) { Task { await model.registerTapped() } }
                        .disabled(model.isRegistered)
                }
                if let poll = model.livePoll {
                    Section("Live poll") { Text(poll.question) }
                }
                if model.isOngoing {
                    Section("On now") { ForEach(model.onNow) { Text("\($0.time)  \($0.title)") } }
                    Section("Up next") { ForEach(model.upNext) { Text("\($0.time)  \($0.title)") } }
                }
                Section { ForEach(model.links, id: \.self) { Text($0.title) } }
                if let banner = model.banner { Text(banner).foregroundStyle(.red) }
            }
            .sheet(
                isPresented: Binding(
                    get: { model.additionalInfo != nil }, set: { if !$0 { model.additionalInfoClosed() } })
            ) {
                if let step = model.additionalInfo {
                    NavigationStack { AdditionalInfoView(model: step) }
                }
            }
            .task { await model.appeared() }
        }
    }

    #Preview {
        NavigationStack { EventDetailsView(model: EventDetailsModel(client: PreviewClient.client, eventID: "preview")) }
    }
#endif
