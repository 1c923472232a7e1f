import Foundation
import QuakesCore

/// `quartet quakes …`: the Quakes app on the command line (list, show, delete, map).
enum QuakesCommand {
    /// Where `map` writes when not given `--output`.
    static let defaultMapFile = "quakes.svg"

    static var spec: CommandSpec {
        CommandSpec(
            "quakes",
            summary:
                "earthquakes of the past \(QuakeFeed.allMonth.period.days) days from USGS (or the server's replay)",
            options: ClientOptions.specs + [
                OptionSpec(
                    "feed", value: "NAME|URL|FILE",
                    help: "summary feed name on the server's replay (all_month, 4.5_week…), a URL or a file",
                    environment: "QUARTET_QUAKES_FEED", default: QuakeFeed.allMonth.name),
                OptionSpec("min-magnitude", value: "M", help: "only quakes of at least this magnitude"),
                OptionSpec("since", value: "DURATION", help: "only quakes this recent (90m, 24h, 7d)"),
                OptionSpec("search", value: "TEXT", help: "only quakes whose place has a word starting with TEXT"),
                OptionSpec("limit", value: "N", help: "show at most N rows"),
                .flag("reload", help: "ask the server again and show everything, deleted rows included"),
                .flag("json", help: "print rows as JSON for scripts"),
                .flag("no-color", help: "no colours even on a terminal"),
            ],
            subcommands: [listSpec, showSpec, deleteSpec, mapSpec],
            defaultSubcommand: "list"
        )
    }

    static var listSpec: CommandSpec {
        CommandSpec("list", summary: "the list, newest first (the default)") { context in
            try await QuakesSession(context).list()
        }
    }

    static var showSpec: CommandSpec {
        CommandSpec("show", summary: "the detail of one quake, with its event page", arguments: ["ID"]) { context in
            try await QuakesSession(context).show(id: context.arguments.positionals[0])
        }
    }

    static var deleteSpec: CommandSpec {
        CommandSpec("delete", summary: "remove a quake from the list until the next --reload", arguments: ["ID"]) {
            context in
            try await QuakesSession(context).delete(id: context.arguments.positionals[0])
        }
    }

    static var mapSpec: CommandSpec {
        CommandSpec(
            "map",
            summary:
                "draw the quakes of magnitude \(QuakeMapAnnotation.minimumMagnitude) (or --min-magnitude, when higher)"
                + " or more as an SVG map",
            options: [OptionSpec("output", value: "FILE", help: "where to write the SVG", default: defaultMapFile)]
        ) { context in
            try await QuakesSession(context).map(output: context.arguments.value("output") ?? defaultMapFile)
        }
    }
}
