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
                Section(AttendeeScreenText.aboutMe) {
                    if model.isEditingAbout {
                        TextEditor(text: Binding(get: { model.draftAbout }, set: { model.aboutChanged($0) }))
                        Button(AttendeeScreenText.save) { Task { await model.saveTapped() } }.disabled(
                            !model.isSaveEnabled)
                        Button(AttendeeScreenText.cancel) { model.cancelTapped() }
                    } else {
                        Text(model.aboutMe)
                        Button(AttendeeScreenText.edit) { model.editAboutTapped() }
                    }
                }
                Section(AttendeeScreenText.preferences) {
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
                NavigationLink(value: AttendeeDestination.session(id: row.id)) {
                    VStack(alignment: .leading) {
                        Text(row.when).font(.caption)
                        Text(row.title)
                        Text(row.room).foregroundStyle(.secondary)
                    }
                }
            }
            .overlay { if let empty = model.emptyMessage { Text(empty) } }
            .toolbar {
                if let ics = model.exportTapped() {
                    ShareLink(item: ics, preview: SharePreview(model.exportFileName))
                }
            }
            .task { await model.appeared() }
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
                    AttendeeScreenText.rating(model.rating),
                    value: Binding(get: { model.rating ?? 0 }, set: { model.ratingChosen($0) }), in: 0...5)
                ForEach(model.speakers, id: \.id) { speaker in
                    Stepper(
                        AttendeeScreenText.speakerRating(speaker.name, model.speakerRatings[speaker.id]),
                        value: Binding(
                            get: { model.speakerRatings[speaker.id] ?? 0 },
                            set: { model.speakerRatingChosen(speaker.id, $0) }),
                        in: 0...5)
                }
                TextField(
                    AttendeeScreenText.comment,
                    text: Binding(get: { model.comment }, set: { model.commentChanged($0) }), axis: .vertical
                )
                Button(model.submitTitle) { Task { await model.submitTapped() } }.disabled(!model.isSubmitEnabled)
                if let banner = model.banner { Text(banner) }
            }
        }
    }

    struct ProfileAndAgendaViews_Previews: PreviewProvider {
        static var previews: some View {
            Group {
                ProfileView(model: ProfileModel(client: PreviewClient.client)).previewDisplayName("Profile")
                Group {
                    NavigationStack {
                        MyAgendaView(model: MyAgendaModel(client: PreviewClient.client, eventID: "preview"))
                    }

                }
                .previewDisplayName("My agenda")
                Group {
                    FeedbackView(
                        model: FeedbackModel(
                            client: PreviewClient.client,
                            target: .session(id: "s1", speakers: PreviewClient.sessions[0].speakers)))

                }
                .previewDisplayName("Feedback")
            }
        }
    }
#endif
