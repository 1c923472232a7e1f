import Foundation

/// A child process started with `posix_spawn`, for the tests that kill a writer or restart a server.
///
/// NB: not `Foundation.Process`: its wait never returned for `pg_ctl start` (whose server daemon lives on)
/// and it leaks under AddressSanitizer. Every descriptor above stderr is closed in the child, so a daemon
/// started here never holds another test's pipe open.
struct ChildProcess {
    let pid: pid_t
    /// The read end of the child's stdout, when captured.
    let output: FileHandle?

    /// Starts `executable`; stdout goes to ``output`` when `captureOutput`, else to /dev/null like stderr.
    static func spawn(_ executable: String, _ arguments: [String], captureOutput: Bool = false) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&pipeEnds) == 0 else { throw failure("pipe: errno \(errno)") }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 && !pipeEnds.contains(descriptor) {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        if captureOutput { close(pipeEnds[1]) }
        guard spawned == 0 else {
            if captureOutput { close(pipeEnds[0]) }
            throw failure("cannot spawn \(executable): errno \(spawned)")
        }
        return ChildProcess(
            pid: pid, output: captureOutput ? FileHandle(fileDescriptor: pipeEnds[0], closeOnDealloc: true) : nil)
    }

    /// Runs `executable` to completion and throws unless it exits with status 0.
    static func run(_ executable: String, _ arguments: [String]) throws {
        let status = try spawn(executable, arguments).wait()
        guard status == 0 else { throw failure("\(executable) \(arguments) exited with status \(status)") }
    }

    /// Waits for the child to end and returns its raw wait status.
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        return status
    }

    private static func failure(_ message: String) -> Error {
        NSError(domain: "ChildProcess", code: 1, userInfo: [NSLocalizedDescriptionKey: message])
    }
}
