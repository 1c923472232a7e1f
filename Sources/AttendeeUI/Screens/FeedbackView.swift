import AttendeeCore
import SwiftUI

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
        .overlay { if model.isBusy { ProgressView() } }
    }
}

struct FeedbackView_Previews: PreviewProvider {
    static var previews: some View {
        FeedbackView(
            model: FeedbackModel(
                client: AttendeeClient.preview,
                target: .session(id: "s1", speakers: AttendeePreview.sessions[0].speakers)))
    }
}
