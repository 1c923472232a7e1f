#if canImport(SwiftUI)
    import AttendeeCore
    import SwiftUI

    /// Session details: state, attend / leave, share, directions, attendees, feedback.
    public struct SessionDetailsView: View {
        @State private var model: SessionDetailsModel
        private let sessionID: String

        /// Creates the model over a client.
        public init(model: SessionDetailsModel, sessionID: String) {
            _model = State(initialValue: model)
            self.sessionID = sessionID
        }

        /// The view.
        public var body: some View {
            List {
                Section {
                    Text(model.title).font(.title2.bold())
                    Text(model.time)
                    Text(model.place).foregroundStyle(.secondary)
                    Text(model.stateLabel).font(.caption)
                    if let seats = model.seatsMessage { Text(seats).foregroundStyle(.orange) }
                }
                if let banner = model.banner { Text(banner).foregroundStyle(.red) }
                Section {
                    Button(model.attendButtonTitle) {
                        Task {
                            switch model.state {
                            case .attended, .attendedFeedbackGiven, .waitlisted: await model.leaveTapped()
                            default: await model.attendTapped()
                            }
                        }
                    }
                    .disabled(!model.isAttendEnabled)
                    Button(model.feedbackButtonTitle) {}
                        .disabled(!model.isFeedbackEnabled)
                    Button("Get directions") { model.directionsTapped() }
                    Button("Attendees") { Task { await model.attendeesTapped() } }
                    if let url = model.shareURL {
                        ShareLink(item: url, message: Text(model.shareText))
                    }
                }
                Section("Speakers") {
                    ForEach(model.speakers, id: \.id) { Text($0.name) }
                }
                Section { Text(model.abstract) }
            }
            .navigationDestination(
                isPresented: Binding(get: { model.location != nil }, set: { if !$0 { model.backTapped() } })
            ) {
                if let location = model.location {
                    List {
                        Text(location.room)
                        Text(location.venue)
                        Text(location.address)
                        if let coordinates = location.coordinates { Text(coordinates) }
                    }
                    .navigationTitle("Location")
                }
            }
            .task { await model.appeared(sessionID: sessionID) }
        }
    }

    #Preview {
        NavigationStack {
            SessionDetailsView(
                model: SessionDetailsModel(client: PreviewClient.client, shareBaseURL: URL(fileURLWithPath: "/")),
                sessionID: "s2")
        }
    }
#endif
