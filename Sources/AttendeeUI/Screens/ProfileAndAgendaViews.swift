#if canImport(SwiftUI)
    import AttendeeCore
    import SwiftUI

    /// My profile: About me (editable), preferences, the link to My Notes.
    public struct ProfileView: View {
        @State private var model: ProfileModel

        /// Creates the model over a client.
        public init(model: ProfileModel) {
            _model = State(initialValue: model)
        }

        /// The view.
        public var body: some View {
            Form {
                Section {
                    Text(model.name).font(.title2)
                    Text(model.subtitle)
                    Text(model.email).foregroundStyle(.secondary)
                }
                Section("About me") {
                    if model.isEditingAbout {
                        TextEditor(text: Binding(get: { model.draftAbout }, set: { model.aboutChanged($0) }))
                        Button("Save") { Task { await model.saveTapped() } }.disabled(!model.isSaveEnabled)
                        Button("Cancel") { model.cancelTapped() }
                    } else {
                        Text(model.aboutMe)
                        Button("Edit") { model.editAboutTapped() }
                    }
                }
                Section("My Preferences") {
                    Text(model.preferences.tracks.joined(separator: ", "))
                    Text(model.preferences.topics.joined(separator: ", "))
                }
                Section { Text(model.myNotesTitle) }
                if let banner = model.banner { Text(banner) }
            }
            .task { await model.appeared() }
        }
    }

    /// My agenda, in order, with the `.ics` export.
    public struct MyAgendaView: View {
        @State private var model: MyAgendaModel

        /// Creates the model over a client.
        public init(model: MyAgendaModel) {
            _model = State(initialValue: model)
        }

        /// The view.
        public var body: some View {
            List(model.rows) { row in
                VStack(alignment: .leading) {
                    Text(row.when).font(.caption)
                    Text(row.title)
                    Text(row.room).foregroundStyle(.secondary)
                }
            }
            .overlay { if let empty = model.emptyMessage { Text(empty) } }
            .toolbar {
                if let ics = model.exportTapped() {
                    ShareLink(item: ics, preview: SharePreview("My agenda.ics"))
                }
            }
            .task { await model.appeared() }
            .navigationTitle("My Agenda")
        }
    }

    /// Feedback on the event or a session and its speakers.
    public struct FeedbackView: View {
        @State private var model: FeedbackModel

        /// Creates the model over a client.
        public init(model: FeedbackModel) {
            _model = State(initialValue: model)
        }

        /// The view.
        public var body: some View {
            Form {
                Stepper(
                    "Rating: \(model.rating ?? 0)",
                    value: Binding(get: { model.rating ?? 0 }, set: { model.ratingChosen($0) }), in: 0...5)
                ForEach(model.speakers, id: \.id) { speaker in
                    Stepper(
                        "\(speaker.name): \(model.speakerRatings[speaker.id] ?? 0)",
                        value: Binding(
                            get: { model.speakerRatings[speaker.id] ?? 0 },
                            set: { model.speakerRatingChosen(speaker.id, $0) }),
                        in: 0...5)
                }
                TextField(
                    "Comment", text: Binding(get: { model.comment }, set: { model.commentChanged($0) }), axis: .vertical
                )
                Button(model.submitTitle) { Task { await model.submitTapped() } }.disabled(!model.isSubmitEnabled)
                if let banner = model.banner { Text(banner) }
            }
            .navigationTitle("Feedback")
        }
    }

    #Preview("Profile") { ProfileView(model: ProfileModel(client: PreviewClient.client)) }
    #Preview("My agenda") {
        NavigationStack { MyAgendaView(model: MyAgendaModel(client: PreviewClient.client, eventID: "preview")) }
    }
    #Preview("Feedback") {
        FeedbackView(
            model: FeedbackModel(
                client: PreviewClient.client,
                target: .session(id: "s1", speakers: PreviewClient.sessions[0].speakers)))
    }
#endif
