import APIClient
import AttendeeCore
import AttendeeModels
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `quartet attendee …`: the Attendee app on the command line, over the same core as the phone app.
enum AttendeeCommand {
    /// A screen's banner after a failed step, printed as `quartet: …` with exit code 1.
    struct ScreenFailure: LocalizedError {
        var message: String
        var errorDescription: String? { message }
    }

    static var spec: CommandSpec {
        CommandSpec(
            "attendee",
            summary:
                "conference companion: events, agenda and seats, feedback, people, wall, discussions, messages, notes, "
                + "documents, gallery",
            options: ClientOptions.specs + [.flag("json", help: "print JSON instead of text")],
            subcommands: [
                signUp, signIn, signOut, events, event, register, agenda, attend, leave, session, feedback, speakers,
                speaker, attendees, attendee, share, profile, myAgenda, importCommand,
                messages, notes,
                wall, discussion,
                docs, gallery,
                poll, quiz, watch,
            ]
        )
    }

    /// What every Attendee command works with: the client, the output, the chosen format, and how times read.
    struct Context: Sendable {
        var client: AttendeeClient
        var tokens: TokenStore
        var options: ClientOptions
        var console: Console
        var json: Bool
        var arguments: ParsedArguments
        /// How dates and times are written: `QUARTET_LOCALE` (`en_GB`, `de_DE` …), else this machine's locale.
        var locale: Locale
        /// The device's clock: `TZ`, else this machine's zone.
        var timeZone: TimeZone
        /// The time the screens' rules read (whether a session has started or ended).
        var now: @Sendable () -> Date

        init(_ context: CommandContext) throws {
            options = try ClientOptions(
                context.arguments, environment: context.environment, badServer: AttendeeCommandText.badServer)
            tokens = TokenStore.file(options.dataDirectory.appendingPathComponent("attendee/token"))
            client = AttendeeClient.live(baseURL: options.server, transport: .live(), tokens: tokens)
            console = context.console
            json = context.arguments.flag("json")
            arguments = context.arguments
            // NB: read as `quartet quakes` reads them, from the environment the tool was given, so a test pins both.
            locale = context.locale
            timeZone = context.timeZone
            now = context.now
        }

        /// The positional argument at `index` (the parser already checked it is there).
        func positional(_ index: Int) -> String {
            arguments.positionals.indices.contains(index) ? arguments.positionals[index] : ""
        }

        /// Prints `value` as JSON with `--json`, else the lines `text` makes.
        func show<T: Encodable>(_ value: T, _ text: () -> [String]) throws {
            if json {
                try console.json(value, encoder: AttendeeCoding.encoder())
            } else {
                for line in text() { console.line(line) }
            }
        }
    }

    /// Wraps a command body: builds the context and turns API failures into one line and exit code 1.
    static func body(_ run: @escaping @Sendable (Context) async throws -> Void) -> CommandSpec.Body {
        { context in
            let attendee = try Context(context)
            do {
                try await run(attendee)
                return 0
            } catch let error as UsageError {
                throw error
            } catch {
                context.console.failure(AttendeeFailure.message(error))
                return 1
            }
        }
    }
}
