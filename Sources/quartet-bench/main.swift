import Foundation

// `quartet-bench AREA [ARGS…]`: the Swift side of `make bench`. scripts/bench starts the peers
// (nginx, Python) and prints each figure beside its peer; each area lives in its own file here.
let areas: [String: @Sendable ([String]) async throws -> Void] = [
    "attendee": AttendeeBench.run,
    "changejar": ChangeJarBench.run,
    "database": DatabaseBench.run,
    "fanout": FanoutBench.run,
    "http": HTTPBench.run,
    "quakes": QuakesBench.run,
    "sales": SalesBench.run,
]

let arguments = Array(CommandLine.arguments.dropFirst())
guard let area = arguments.first, let run = areas[area] else {
    FileHandle.standardError.write(
        Data("usage: quartet-bench \(areas.keys.sorted().joined(separator: "|")) [ARGS…]\n".utf8))
    exit(2)
}
do {
    try await run(Array(arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("quartet-bench \(area): \(error)\n".utf8))
    exit(1)
}
