import Dispatch
import Foundation
import Locking

/// Process signals (SIGINT, SIGTERM…) turned into something a task can wait for, watched from the moment
/// ``start(_:)`` returns until ``stop()``.
///
/// A server that has more to do before it serves (open a database, migrate) watches from the start, so a SIGTERM
/// that arrives meanwhile stops it cleanly instead of killing it by the signal's default action:
///
/// ```swift
/// let watch = await SignalWatch.start([SIGINT, SIGTERM])
/// let building = Task { try await buildApplication(configuration) }
/// watch.onArrival { _ in building.cancel() }
/// _ = await building.result
/// _ = await watch.wait()   // returns at once if the signal came during the build
/// watch.stop()
/// await server.shutdown()
/// ```
public final class SignalWatch: Sendable {
    private typealias Hook = @Sendable (Int32) -> Void

    private struct State {
        var arrived: Int32?
        var waiters: [CheckedContinuation<Int32, Never>] = []
        var hooks: [Hook] = []
        var sources: [any DispatchSourceSignal] = []
    }

    private let signals: [Int32]
    private let state = Locked(State())

    private init(signals: [Int32]) { self.signals = signals }

    /// Starts watching `signals` and returns once every one is watched: a signal sent after this returns is
    /// never lost and no longer runs its default action (ending the process).
    public static func start(_ signals: [Int32]) async -> SignalWatch {
        let watch = SignalWatch(signals: signals)
        let sources = signals.map { number in
            // NB: the default action must be off, or the signal kills the process before Dispatch sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak watch] in watch?.arrive(number) }
            return source
        }
        watch.state.withLock { $0.sources = sources }
        // NB: Dispatch installs its signal handler after resume() returns; wait for every source's registration,
        // or a signal arriving in between would be ignored.
        await withCheckedContinuation { (registered: CheckedContinuation<Void, Never>) in
            let remaining = Locked(sources.count)
            if sources.isEmpty { registered.resume() }
            for source in sources {
                source.setRegistrationHandler {
                    let left = remaining.withLock { count in
                        count -= 1
                        return count
                    }
                    if left == 0 { registered.resume() }
                }
                source.resume()
            }
        }
        return watch
    }

    /// The first signal that arrived, if one has.
    public var arrived: Int32? { state.withLock { $0.arrived } }

    /// Waits for the first signal (returns at once if it already came) and answers its number.
    public func wait() async -> Int32 {
        await withCheckedContinuation { continuation in
            let arrived = state.withLock { state -> Int32? in
                if state.arrived == nil { state.waiters.append(continuation) }
                return state.arrived
            }
            if let arrived { continuation.resume(returning: arrived) }
        }
    }

    /// Runs `hook` once, when the first signal arrives (at once if it already has).
    public func onArrival(_ hook: @escaping @Sendable (Int32) -> Void) {
        let arrived = state.withLock { state -> Int32? in
            if state.arrived == nil { state.hooks.append(hook) }
            return state.arrived
        }
        if let arrived { hook(arrived) }
    }

    /// Stops watching: each signal has its default action again, so a second Ctrl-C ends a shutdown that hangs.
    public func stop() {
        let sources = state.withLock { state in
            defer { state.sources = [] }
            return state.sources
        }
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }

    private func arrive(_ number: Int32) {
        let (waiters, hooks) = state.withLock { state -> ([CheckedContinuation<Int32, Never>], [Hook]) in
            guard state.arrived == nil else { return ([], []) }
            state.arrived = number
            defer {
                state.waiters = []
                state.hooks = []
            }
            return (state.waiters, state.hooks)
        }
        for hook in hooks { hook(number) }
        for waiter in waiters { waiter.resume(returning: number) }
    }
}
