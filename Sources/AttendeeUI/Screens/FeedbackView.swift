import AttendeeCore
import QuartetUI
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
            // NB: before anything is typed: a person not registered, or feedback given already, finds the form shut.
            if let notice = model.notice { BannerLine(.notice(notice)) }
            Group {
                StarRatingRow(title: model.ratingTitle, stars: model.ratingStars) { model.ratingChosen($0) }
                if !model.speakers.isEmpty {
                    Section {
                        ForEach(model.speakers, id: \.id) { speaker in
                            StarRatingRow(title: speaker.name, stars: model.stars(for: speaker)) {
                                model.speakerRatingChosen(speaker.id, $0)
                            }
                        }
                    } header: {
                        Text(model.speakersTitle)
                    }
                }
                TextField(
                    AttendeeScreenText.comment,
                    text: Binding(get: { model.comment }, set: { model.commentChanged($0) }), axis: .vertical
                )
            }
            .disabled(!model.isFormEnabled)
            Button(model.submitTitle) { Task { await model.submitTapped() } }.disabled(!model.isSubmitEnabled)
            if let banner = model.banner { BannerLine(banner) }
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
