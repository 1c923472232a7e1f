import AttendeeCore
import SwiftUI

/// The composer a wall and a discussion share: the text with its counter and the rule it breaks, the photo, and
/// the send button.
struct PostComposer: View {
    let placeholder: String
    @Binding var draft: String
    let composer: ComposerState
    let attachment: PhotoAttachment
    let sendTitle: String
    let canSend: Bool
    let send: @MainActor () async -> Void

    var body: some View {
        TextField(placeholder, text: $draft, axis: .vertical)
        ComposerCounter(composer: composer)
        PhotoAttachmentControls(attachment: attachment)
        Button(sendTitle) { Task { await send() } }.disabled(!canSend)
    }
}

/// Under a composer's text: its counter (red over the limit) and the rule the text breaks, if any.
struct ComposerCounter: View {
    let composer: ComposerState

    var body: some View {
        Text(composer.counter).font(.caption)
            .foregroundStyle(composer.isOverLimit ? .red : .secondary)
        if let problem = composer.message { Text(problem).foregroundStyle(.red) }
    }
}

/// What a wall post and a discussion message show alike: who wrote it and when, the text, the photo.
struct PostContent: View {
    let byline: String
    let text: String
    let image: RowImage?

    var body: some View {
        // NB: one row of a list: who and when over what they wrote.
        VStack(alignment: .leading, spacing: 4) {
            Text(byline).font(.caption).foregroundStyle(.secondary)
            if !text.isEmpty { Text(text) }
            if let image { RowImageView(image: image) }
        }
    }
}
