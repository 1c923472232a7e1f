import Database
import HTTPServer
import Locking

/// `GET /health` (readiness: the server is built and reaches its database) and `GET /health/live` (liveness: the
/// process answers), for orchestrators, load balancers and `make run` users.
///
/// An orchestrator restarts a server whose liveness fails, and sends no traffic to one whose readiness fails:
/// a lost database must fail readiness only, or every instance would be restarted for an outage none of them
/// can fix. Neither answer names the database, its engine or its error.
struct HealthController: Sendable {
    var version: String
    var readiness: ReadinessProbe

    struct Status: Codable, Equatable {
        var status: String
        var version: String
    }

    /// What a probe that fails learns: that it should wait, not why.
    static let notReady = HTTPError(
        .serviceUnavailable, detail: "The server cannot reach its database. Try again in a moment.",
        headers: ["Retry-After": "1", "Cache-Control": "no-store"])

    static let operations = [
        APIOperation(
            .get,
            "/health",
            summary:
                "Readiness: 200 once the server is built and its database answers (checked at most once a second); "
                + "503 with Retry-After while it starts or while the database is unreachable",
            tag: "server",
            responses: [200: "Ready", 503: "Starting, or the database is unreachable"],
            responseBody: [
                "type": "object",
                "properties": ["status": ["type": "string"], "version": ["type": "string"]],
                "required": ["status", "version"],
            ]
        ),
        APIOperation(
            .get,
            "/health/live",
            summary: "Liveness: 200 while the process answers, also while it starts (status `starting`)",
            tag: "server",
            responseBody: [
                "type": "object",
                "properties": ["status": ["type": "string"], "version": ["type": "string"]],
                "required": ["status", "version"],
            ]
        ),
    ]

    func register(on router: inout Router) {
        router.get("/health") { _ in
            guard await readiness.isReady() else { throw HealthController.notReady }
            return try .json(Status(status: "ok", version: version), headers: ["Cache-Control": "no-store"])
        }
        router.get("/health/live") { _ in
            try .json(Status(status: "ok", version: version), headers: ["Cache-Control": "no-store"])
        }
    }

    /// What `/health` and `/health/live` answer while the application is still being built (migrations, seed):
    /// alive, not ready; `nil` for every other path.
    static func whileStarting(_ request: Request, version: String) -> Response? {
        switch request.path {
        case "/health/live":
            try? .json(Status(status: "starting", version: version), headers: ["Cache-Control": "no-store"])
        default:
            nil
        }
    }
}

/// Whether the database answers, asked at most once per `interval`: a probe (or anyone) calling `/health` in a
/// loop costs the database one trivial query a second, however many calls arrive, and calls that arrive while a
/// check runs wait for that one — for at most `timeout`. A check that takes longer (a database host that stopped
/// answering, whose TCP connection only times out after minutes) answers "not ready" then, and is kept as that
/// answer for `interval`; the check runs on, and its own answer counts once it comes.
final class ReadinessProbe: Sendable {
    private struct State {
        var checked: (ready: Bool, at: ContinuousClock.Instant)?
        var running: Task<Bool, Never>?
    }

    private let check: @Sendable () async -> Bool
    private let interval: Duration
    private let timeout: Duration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = Locked(State())

    /// A probe running `check`; `now` is injectable for tests.
    init(
        interval: Duration = .seconds(1), timeout: Duration = .seconds(5),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now },
        check: @escaping @Sendable () async -> Bool
    ) {
        self.check = check
        self.interval = interval
        self.timeout = timeout
        self.now = now
    }

    /// A probe that asks `database` for `SELECT 1` (read-only, no table).
    convenience init(database: any SQLDatabase) {
        self.init {
            (try? await database.read { connection in _ = try connection.query("SELECT 1") }) != nil
        }
    }

    /// The last answer if it is recent, or a fresh one (`false` if the check takes longer than `timeout`).
    func isReady() async -> Bool {
        let started = now()
        let lock = state
        let task = state.withLock { state -> Task<Bool, Never>? in
            if let checked = state.checked, started - checked.at < interval { return nil }
            if let running = state.running { return running }
            let running = Task { [check, now] in
                let ready = await check()
                lock.withLock { state in
                    state.running = nil
                    state.checked = (ready, now())
                }
                return ready
            }
            state.running = running
            return running
        }
        guard let task else { return state.withLock { $0.checked?.ready ?? false } }
        if let ready = await Self.value(of: task, within: timeout) { return ready }
        // NB: kept as the answer for an interval, so the calls meanwhile answer at once instead of each waiting.
        state.withLock { state in
            if state.running == task { state.checked = (false, now()) }
        }
        return false
    }

    /// `task`'s value, or `nil` once `timeout` has passed without it (the task runs on).
    private static func value(of task: Task<Bool, Never>, within timeout: Duration) async -> Bool? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool?, Never>) in
            let pending = Locked<CheckedContinuation<Bool?, Never>?>(continuation)
            let resume: @Sendable (Bool?) -> Void = { value in
                pending.withLock { pending in
                    pending?.resume(returning: value)
                    pending = nil
                }
            }
            let timer = Task {
                try? await Task.sleep(for: timeout)
                resume(nil)
            }
            Task {
                resume(await task.value)
                timer.cancel()
            }
        }
    }
}
