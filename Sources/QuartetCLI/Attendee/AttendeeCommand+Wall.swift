import AttendeeCore
import AttendeeModels
import Foundation

extension AttendeeCommand {
    /// `quartet attendee wall EVENT [list|post TEXT|like POST|unlike POST|reply POST TEXT|replies POST|delete POST|
    /// delete-reply POST REPLY]`.
    static var wall: CommandSpec {
        CommandSpec(
            "wall",
            summary:
                "the event's wall: list [--cursor], post TEXT [--image PATH], like/unlike POST, reply POST TEXT, "
                + "replies POST (all of them), delete POST, delete-reply POST REPLY",
            arguments: ["EVENT", "[ACTION]", "[ARGS]..."],
            options: [
                OptionSpec("cursor", value: "CURSOR", help: "list the page after CURSOR (printed as next)"),
                imageOption,
            ],
            body: body { context in try await runWall(context) })
    }

    /// `quartet attendee discussion SESSION [list|post TEXT|delete MESSAGE]`.
    static var discussion: CommandSpec {
        CommandSpec(
            "discussion",
            summary: "a session's discussion: list [--cursor], post TEXT [--image PATH], delete MESSAGE",
            arguments: ["SESSION", "[ACTION]", "[ARGS]..."],
            options: [
                OptionSpec("cursor", value: "CURSOR", help: "list the page after CURSOR (printed as next)"),
                imageOption,
            ],
            body: body { context in try await runDiscussion(context) })
    }

    /// `--image PATH`: the photo a post, message or note carries.
    static var imageOption: OptionSpec {
        OptionSpec("image", value: "PATH", help: "attach the photo at PATH (seen only where it is sent)")
    }

    /// Picks the `--image` photo, if any, as the composer's picker would, and waits for its upload; a refusal ends
    /// the command with the core's sentence and nothing is sent.
    @MainActor
    static func attachImage(_ context: Context, to attachment: PhotoAttachment) async throws {
        guard let path = context.arguments.value("image") else { return }
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        await attachment.photoPicked(fileName: (path as NSString).lastPathComponent, data: data)
        guard attachment.imageID != nil else { throw ScreenFailure(message: attachment.message ?? path) }
    }

    /// What `wall … list` prints as JSON.
    struct WallListing: Encodable {
        var posts: [WallPostRow]
        var nextCursor: String?
    }

    /// What `discussion … list` prints as JSON.
    struct DiscussionListing: Encodable {
        var messages: [DiscussionRow]
        var nextCursor: String?
    }

    @MainActor
    static func runWall(_ context: Context) async throws {
        let model = WallModel(
            client: context.client, eventID: context.positional(0), timeZone: context.timeZone,
            locale: context.locale)
        let action = context.arguments.positionals.count > 1 ? context.positional(1) : "list"
        let argument = context.positional(2)
        /// Ends the command with the screen's line; as it answers the `write` the command came to make, when the
        /// screen showed it before that write's own tap.
        func check(stopping write: PostWrite? = nil) throws {
            guard let failure = write.map({ model.bannerText(stopping: $0) }) ?? model.bannerText else { return }
            throw ScreenFailure(message: failure)
        }
        /// The post as the wall shows it, loaded for `write` (`nil`: only to read it).
        func row(_ postID: String, for write: PostWrite?) async throws -> WallPostRow {
            await model.appeared()
            try check(stopping: write)
            let shown = await model.scrolledTo(postID: postID)
            try check(stopping: write)
            guard shown, let row = model.rows.first(where: { $0.id == postID }) else {
                throw ScreenFailure(message: WallText.notFound(postID))
            }
            return row
        }
        /// The post with every reply loaded, as tapping "N more replies" until it goes away shows it.
        func allReplies(_ postID: String, for write: PostWrite?) async throws -> WallPostRow {
            var current = try await row(postID, for: write)
            while current.moreReplies != nil {
                await model.moreRepliesTapped(postID: postID)
                try check(stopping: write)
                guard let next = model.rows.first(where: { $0.id == postID }), next.replies != current.replies
                else { break }
                current = next
            }
            return current
        }
        switch action {
        case "list":
            await model.appeared(cursor: context.arguments.value("cursor"))
            try check()
            try context.show(WallListing(posts: model.rows, nextCursor: model.nextCursor)) {
                (model.emptyMessage.map { [$0] } ?? model.rows.flatMap(postLines))
                    + (model.nextCursor.map { ["", AttendeeCommandText.nextPage($0)] } ?? [])
            }
        case "post":
            try requireArguments(context, 3)
            await model.appeared()
            // NB: offline, the wall still shows its composer; the post's own failure says it was not posted.
            if case .failed(let message)? = model.banner { throw ScreenFailure(message: message) }
            model.draftChanged(argument)
            try await attachImage(context, to: model.attachment)
            guard model.canPost else {
                throw ScreenFailure(message: model.composer.problem.map(ComposerState.sentence) ?? "")
            }
            await model.postTapped()
            try check()
            let posted = model.rows.first
            try context.show(posted) { posted.map(postLines) ?? [] }
        case "like", "unlike":
            try requireArguments(context, 3)
            var current = try await row(argument, for: .change)
            if current.isLiked != (action == "like") {
                await model.likeTapped(postID: argument)
                try check()
                current = model.rows.first(where: { $0.id == argument }) ?? current
            }
            try context.show(current) { postLines(current) }
        case "reply":
            try requireArguments(context, 4)
            _ = try await row(argument, for: .reply)
            model.replyTapped(postID: argument)
            model.replyDraftChanged(context.positional(3))
            guard model.canSendReply else {
                throw ScreenFailure(message: model.replyRefusal ?? "")
            }
            await model.sendReplyTapped()
            try check()
            let updated = model.rows.first(where: { $0.id == argument })
            try context.show(updated) { updated.map(postLines) ?? [] }
        case "replies":
            try requireArguments(context, 3)
            let current = try await allReplies(argument, for: nil)
            try context.show(current) { postLines(current) }
        case "delete":
            try requireArguments(context, 3)
            // NB: the wall is loaded first, as the screen shows it, so a post that is not on it is refused.
            _ = try await row(argument, for: .change)
            model.deleteTapped(postID: argument)
            await confirm(model.confirmation, with: model.confirmTapped)
            try check()
            guard let deleted = model.deleted else { throw ScreenFailure(message: model.bannerText ?? "") }
            try context.show(deleted) { [WallText.deleted] }
        case "delete-reply":
            try requireArguments(context, 4)
            let replyID = context.positional(3)
            // NB: the post is loaded first, as the screen shows it, so a reply that is not under it is refused.
            guard try await allReplies(argument, for: .change).replies.contains(where: { $0.id == replyID }) else {
                throw ScreenFailure(message: WallText.replyNotFound(replyID))
            }
            model.deleteReplyTapped(postID: argument, replyID: replyID)
            await confirm(model.confirmation, with: model.confirmTapped)
            try check()
            let updated = model.rows.first(where: { $0.id == argument })
            try context.show(updated) { updated.map(postLines) ?? [] }
        default:
            throw UsageError(
                AttendeeCommandText.unknownAction(
                    "wall", action,
                    actions: ["list", "post", "like", "unlike", "reply", "replies", "delete", "delete-reply"]))
        }
    }

    @MainActor
    static func runDiscussion(_ context: Context) async throws {
        let model = DiscussionModel(
            client: context.client, sessionID: context.positional(0), timeZone: context.timeZone,
            locale: context.locale)
        let action = context.arguments.positionals.count > 1 ? context.positional(1) : "list"
        /// Ends the command with the screen's line; as it answers the `write` the command came to make, when the
        /// screen showed it before that write's own tap.
        func check(stopping write: PostWrite? = nil) throws {
            guard let failure = write.map({ model.bannerText(stopping: $0) }) ?? model.bannerText else { return }
            throw ScreenFailure(message: failure)
        }
        switch action {
        case "list":
            await model.appeared(cursor: context.arguments.value("cursor"))
            try check()
            try context.show(DiscussionListing(messages: model.rows, nextCursor: model.nextCursor)) {
                (model.emptyMessage.map { [$0] } ?? model.rows.flatMap(messageLines))
                    + (model.nextCursor.map { ["", AttendeeCommandText.nextPage($0)] } ?? [])
            }
        case "post":
            try requireArguments(context, 3)
            await model.appeared()
            // NB: offline, the discussion still shows its composer; the message's own failure says it was not sent.
            if case .failed(let message)? = model.banner { throw ScreenFailure(message: message) }
            model.draftChanged(context.positional(2))
            try await attachImage(context, to: model.attachment)
            guard model.canSend else {
                throw ScreenFailure(message: model.composer.problem.map(ComposerState.sentence) ?? "")
            }
            await model.sendTapped()
            try check()
            let sent = model.rows.first
            try context.show(sent) { sent.map(messageLines) ?? [] }
        case "delete":
            try requireArguments(context, 3)
            let messageID = context.positional(2)
            // NB: the discussion is loaded first, as the screen shows it, so a message that is not in it is refused.
            await model.appeared()
            try check(stopping: .change)
            guard await model.scrolledTo(messageID: messageID) else {
                try check(stopping: .change)
                throw ScreenFailure(message: WallText.messageNotFound(messageID))
            }
            model.deleteTapped(messageID: messageID)
            await confirm(model.confirmation, with: model.confirmTapped)
            try check()
            guard let deleted = model.deleted else { throw ScreenFailure(message: model.bannerText ?? "") }
            try context.show(deleted) { [WallText.deleted] }
        default:
            throw UsageError(
                AttendeeCommandText.unknownAction("discussion", action, actions: ["list", "post", "delete"]))
        }
    }

    private static func requireArguments(_ context: Context, _ count: Int) throws {
        guard context.arguments.positionals.count >= count else {
            let what =
                count == 4
                ? (context.positional(1) == "delete-reply" ? "POST REPLY" : "POST TEXT")
                : context.positional(1) == "post" ? "TEXT" : AttendeeCommandText.anID
            throw UsageError(
                AttendeeCommandText.needs(
                    context.arguments.commandPath.joined(separator: " ") + " " + context.positional(1), what))
        }
    }

    static func postLines(_ row: WallPostRow) -> [String] {
        var lines = ["\(row.id)  \(row.byline) · \(row.likes)" + (row.isLiked ? " ♥" : "")]
        if !row.text.isEmpty { lines.append("    " + continuing(row.text, indent: "    ")) }
        if let image = row.image { lines.append("    " + WallText.photoLine(image)) }
        if let more = row.moreReplies { lines.append("    ↳ " + more + "  (replies \(row.id))") }
        lines += row.replies.map { "    ↳ \($0.id)  \($0.byline): " + continuing($0.text, indent: "      ") }
        return lines
    }

    static func messageLines(_ row: DiscussionRow) -> [String] {
        ["\(row.id)  \(row.byline)"] + (row.text.isEmpty ? [] : ["    " + continuing(row.text, indent: "    ")])
            + (row.image.map { ["    " + WallText.photoLine($0)] } ?? [])
    }

    /// `text` with every line after its first indented by `indent`, so a post or message of several lines stays
    /// under its heading rather than running into the next.
    static func continuing(_ text: String, indent: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n" + indent)
    }
}
