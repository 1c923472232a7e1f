import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, for the tests that run one of the package's executables (the
/// plug-in, `quartet serve`, the test bundle itself as a child to kill) or a PostgreSQL program.
///
/// The child gets standard input, output and error only: every other descriptor of the test process is closed in
/// it, so a daemon it leaves behind (`pg_ctl start`) never holds another test's socket or pipe open.
///
/// NB: not Foundation's `Process`. On Linux its `run()` copies a whole `dirent` while it lists `/proc/self/fd`,
/// and now and then reads past the end of the page into nothing: the test process died with "Bad pointer
/// dereference" in `memcpy` under `Process.run()` (swift-corelibs-foundation PR #5472, merged after the Swift 6.3.1
/// this project builds with).
public final class ChildProcess: Sendable {
    /// What a standard stream of the child is joined to.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case discard
        /// A pipe whose other end the test holds (``input``, ``output``, ``errors``).
        case pipe
        /// A file, created or emptied (output and error only).
        case file(URL)
    }

    /// How the child ended.
    public enum Ending: Sendable, Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exit(Int32)
        /// A signal ended it.
        case signal(Int32)

        public var description: String {
            switch self {
            case .exit(let status): "exited with status \(status)"
            case .signal(let signal): "was ended by signal \(signal)"
            }
        }
    }

    /// The child's process id.
    public let processIdentifier: pid_t
    /// The write end of the child's standard input, when it is a pipe.
    public let input: FileHandle?
    /// The read end of the child's standard output, when it is a pipe.
    public let output: FileHandle?
    /// The read end of the child's standard error, when it is a pipe.
    public let errors: FileHandle?
    private let ending = Locked<Ending?>(nil)

    /// Starts `executable` with `arguments` and `environment` (this process's when `nil`).
    public init(
        _ executable: URL, arguments: [String] = [], environment: [String: String]? = nil,
        input: Stream = .discard, output: Stream = .discard, errors: Stream = .discard
    ) throws {
        #if os(Linux)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // NB: the child starts with no signal blocked and every signal at its default. Both would otherwise be
        // inherited from the test process, whose runtime blocks some; a server would then ignore SIGTERM.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        var all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var parentEnds: [Int32?] = []
        var childEnds: [Int32] = []
        for (target, stream) in [(Int32(0), input), (1, output), (2, errors)] {
            switch stream {
            case .discard:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
                parentEnds.append(nil)
            case .file(let url):
                posix_spawn_file_actions_addopen(&actions, target, url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
                parentEnds.append(nil)
            case .pipe:
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { throw ChildProcessError.system("pipe", errno) }
                // NB: close-on-exec, so no other child inherits them; dup2 gives the child its own copy without it.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (childEnd, parentEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
                parentEnds.append(parentEnd)
                childEnds.append(childEnd)
            }
        }

        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }

        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let environ =
            (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
            + [nil]
        defer { for pointer in argv + environ { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable.path, &actions, &attributes, argv, environ)
        for end in childEnds { close(end) }
        guard status == 0 else {
            for end in parentEnds.compactMap({ $0 }) { close(end) }
            throw ChildProcessError.system("posix_spawn \(executable.lastPathComponent)", status)
        }
        processIdentifier = pid
        self.input = parentEnds[0].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.output = parentEnds[1].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
        self.errors = parentEnds[2].map { FileHandle(fileDescriptor: $0, closeOnDealloc: true) }
    }

    /// Runs `executable` to its end, and throws ``ChildProcessError/failed(_:_:errors:)`` with what it wrote to
    /// standard error unless it exits with status 0.
    public static func run(_ executable: URL, arguments: [String] = []) throws {
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString).err")
        defer { try? FileManager.default.removeItem(at: errors) }
        let ending = try ChildProcess(executable, arguments: arguments, errors: .file(errors)).wait()
        guard ending == .exit(0) else {
            let written = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw ChildProcessError.failed(
                ([executable.path] + arguments).joined(separator: " "), ending,
                errors: written.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    /// Whether the child has not ended yet (it is reaped, and its ending kept, once it has).
    public var isRunning: Bool { reap(blocking: false) == nil }

    /// Sends `signal` (`SIGTERM`, `SIGKILL`) to the child, unless it has ended.
    public func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Waits for the child to end.
    @discardableResult
    public func wait() -> Ending {
        // NB: a wait only ends without an ending when it was interrupted; it is asked again.
        while true { if let ending = reap(blocking: true) { return ending } }
    }

    /// The descriptors open in this process, read from `/proc/self/fd` (none where there is no such folder).
    private static func openDescriptors() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        let own = dirfd(folder)
        var descriptors: [Int32] = []
        while let entry = readdir(folder) {
            // NB: the name is read where it lies, never by copying the `dirent`: the kernel's entry may be shorter
            // than the struct, and a copy can read past the end of the page (the bug that rules out `Process`).
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            if let descriptor = Int32(name), descriptor != own { descriptors.append(descriptor) }
        }
        return descriptors
    }

    private func reap(blocking: Bool) -> Ending? {
        ending.withLock { ending in
            if let ending { return ending }
            var status: Int32 = 0
            guard waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG) == processIdentifier else { return nil }
            // NB: the low seven bits are the signal that ended it (0 for an exit); the exit status sits above.
            let signal = status & 0x7f
            ending = signal == 0 ? .exit((status >> 8) & 0xff) : .signal(signal)
            return ending
        }
    }
}

/// A system call that failed while starting a child.
public enum ChildProcessError: Error, CustomStringConvertible {
    /// The call and its `errno`.
    case system(String, Int32)
    /// The command ran and did not exit with status 0; `errors` is what it wrote to standard error.
    case failed(String, ChildProcess.Ending, errors: String)

    public var description: String {
        switch self {
        case .system(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
        case .failed(let command, let ending, let errors):
            "\(command) \(ending)" + (errors.isEmpty ? "" : ": \(errors)")
        }
    }
}
