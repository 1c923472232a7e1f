import AttendeeCore
import QuartetUI
import SwiftUI

/// A poll or quiz: its questions with live results, picking and sending an answer while it is open, its results
/// to read once closed (the score and leaderboard of a quiz), and for its managers opening and closing it, editing
/// a draft and deleting it (asked first).
public struct LivePollView: View {
    @State private var model: LivePollModel

    /// Creates the view over its model.
    public init(model: LivePollModel) {
        _model = State(initialValue: model)
    }

    /// The view.
    public var body: some View {
        List {
            if !model.summary.isEmpty {
                Section { Text(model.summary).font(.subheadline).foregroundStyle(.secondary) }
            }
            ForEach(model.questions) { question in
                Section {
                    Text(question.text).font(.headline)
                    ForEach(question.options) { option in
                        if model.optionsAreChoices {
                            Button {
                                model.optionTapped(questionID: question.id, optionID: option.id)
                            } label: {
                                PollOptionLine(option: option)
                            }
                            .disabled(!model.canPick)
                        } else {
                            PollResultLine(option: option)
                        }
                    }
                }
            }
            if model.showsSubmit {
                Button(model.submitTitle) { Task { await model.submitTapped() } }.disabled(!model.canSubmit)
                // NB: a disabled button says nothing of why; the poll's rule the answer breaks does.
                if let hint = model.submitHint { Text(hint).font(.footnote).foregroundStyle(.secondary) }
            }
            if let score = model.score { Text(score).font(.headline) }
            if !model.leaderboard.isEmpty {
                Section(AttendeeScreenText.leaderboard) {
                    ForEach(model.leaderboard) { row in
                        HStack {
                            Text(row.rank)
                            Text(row.name).bold(row.isMe)
                            Text(row.score).foregroundStyle(.secondary)
                        }
                    }
                }
            }
            if let title = model.managementTitle, let action = model.management {
                Button(title) { Task { await model.managementTapped(action) } }.disabled(!model.canTapManagement)
            }
            if model.canEdit { Button(model.editTitle) { model.editTapped() } }
            if model.canDelete { Button(model.deleteTitle, role: .destructive) { model.deleteTapped() } }
            if let notice = model.notice { Text(notice).foregroundStyle(.secondary) }
            if let notice = model.resultsNotice { Text(notice).foregroundStyle(.secondary) }
            if let notice = model.liveNotice { Text(notice).font(.caption) }
            if let banner = model.banner { BannerLine(banner) }
        }
        .overlay { if model.phase == .loading { ProgressView() } }
        .navigationTitle(model.title)
        .pollForm(model.composer, create: { await model.editSaveTapped() }, cancel: model.editCancelled)
        .confirming(model.confirmation, confirmed: model.confirmTapped, dismissed: model.confirmationDismissed)
        .task {
            await model.appeared()
            await model.follow()
        }
    }
}

struct LivePollView_Previews: PreviewProvider {
    static var previews: some View {
        NavigationStack { LivePollView(model: LivePollModel(client: AttendeeClient.preview, pollID: "q2")) }
    }
}
