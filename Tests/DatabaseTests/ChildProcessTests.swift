import Foundation
import TestSupport
import Testing

/// The programs the database tests run (`pg_ctl`, `psql`, a writer to kill) say why they failed, and a server they
/// leave running holds nothing of the test process open.
@Suite struct ChildProcessTests {
    static let shell = URL(fileURLWithPath: "/bin/sh")

    @Test func aFailedRunSaysHowItEndedAndWhatItWroteToStandardError() throws {
        do {
            try ChildProcess.run(Self.shell, arguments: ["-c", "echo 'port in use' >&2; exit 3"])
            Issue.record("a program that exits with status 3 must throw")
        } catch let ChildProcessError.failed(command, ending, errors) {
            #expect(command.hasPrefix("/bin/sh -c"))
            #expect(ending == .exit(3))
            #expect(errors == "port in use")
            #expect(
                "\(ChildProcessError.failed(command, ending, errors: errors))".hasSuffix(
                    "exited with status 3: port in use"))
        }
        try ChildProcess.run(Self.shell, arguments: ["-c", "exit 0"])
    }

    @Test func aSignalIsToldApartFromAnExit() throws {
        let child = try ChildProcess(Self.shell, arguments: ["-c", "kill -TERM $$"])
        #expect(child.wait() == .signal(SIGTERM))
        #expect("\(child.wait())" == "was ended by signal \(SIGTERM)")
    }

    @Test func theChildInheritsNoDescriptorButTheStandardThree() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)  // NB: without close-on-exec, as a socket opened elsewhere may be
        defer { for end in ends { close(end) } }
        for end in ends {
            try ChildProcess.run(Self.shell, arguments: ["-c", "test ! -e /proc/self/fd/\(end)"])
        }
        try ChildProcess.run(Self.shell, arguments: ["-c", "test -e /proc/self/fd/2"])
    }
}
