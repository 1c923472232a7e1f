import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// A body dripped slower than ``Server/MinimumBodyRate`` (just inside the idle timeout, which counts only silence)
/// gets 408 and loses its connection; one that arrives at a steady pace is answered. NB: the rule is shrunk to
/// 1,000 bytes/s after 100 ms, saving at most 200 ms, and the drip is 20 bytes/s: fifty times too slow, however long
/// a loaded machine takes over each step, so no test here depends on how fast it runs.
@Suite struct SlowBodyTests {
    private static func configuration(log: LogCollector) -> Server.Configuration {
        var configuration = testConfiguration()
        configuration.minimumBodyRate = Server.MinimumBodyRate(
            bytesPerSecond: 1_000, grace: .milliseconds(100), longestStall: .milliseconds(200))
        configuration.accessLog = log.sink
        return configuration
    }

    private static let head = "POST /checksum HTTP/1.1\r\nHost: q\r\nContent-Length: 200\r\n\r\n"

    /// A byte every 50 ms of a 200-byte body. NB: bounded: without the rule the body is whole after 200 drips and
    /// answered 200, which fails the test instead of hanging it.
    @Test func aBodyDrippedTooSlowlyGets408AndItsConnectionCloses() async throws {
        let log = LogCollector()
        try await withServer(Self.configuration(log: log), router: echoRouter()) { server in
            let port = server.port
            let (reply, closed) = try await blocking { () -> (RawConnection.Reply?, Bool) in
                let drip = try RawConnection(port: port, timeoutSeconds: 10)
                try drip.send(Self.head)
                for _ in 0..<200 {
                    Thread.sleep(forTimeInterval: 0.05)
                    if drip.hasBytesToRead() { break }
                    do { try drip.send("x") } catch { break }
                }
                let reply = try? drip.readResponse()
                return (reply, drip.isClosedByPeer())
            }
            #expect(reply?.status == 408, "\(reply?.text ?? "no answer")")
            #expect(reply?.header("Content-Type") == "application/problem+json")
            #expect(reply?.header("Connection") == "close")
            #expect(reply?.header("Date") != nil)
            #expect(closed)
            #expect(log.all.contains { $0.contains("status=408") && $0.contains("refused_by=engine") }, "\(log.text)")
        }
    }

    /// The same 200 bytes sent at a steady pace, on the same server, are answered as usual; so is a body that comes
    /// slowly only during the grace period.
    @Test func aSteadyBodyIsAnswered() async throws {
        let log = LogCollector()
        try await withServer(Self.configuration(log: log), router: echoRouter()) { server in
            let port = server.port
            let replies = try await blocking { () -> [RawConnection.Reply] in
                let connection = try RawConnection(port: port, timeoutSeconds: 10)
                try connection.send(Self.head + String(repeating: "x", count: 200))
                let steady = try connection.readResponse()
                try connection.send(Self.head + String(repeating: "x", count: 100))
                try connection.send(String(repeating: "x", count: 100))
                return [steady, try connection.readResponse()]
            }
            #expect(replies.map(\.status) == [200, 200])
            #expect(replies.first?.text.hasPrefix("200 ") == true)
            #expect(!log.text.contains("status=408"))
        }
    }

    /// The rule itself, on a clock the test moves: the grace is time bought before the first byte; each byte buys
    /// a hundredth of a second; a piece after the time bought fails.
    @Test func eachByteBuysTimeAndADripRunsOutOfIt() {
        let rule = Server.MinimumBodyRate(bytesPerSecond: 100, grace: .seconds(10), longestStall: .seconds(30))
        let start = ContinuousClock.now
        var pace = BodyPace(rule, now: start)
        // 1 byte in the grace, then 500 bytes at 9 s (paid until 15 s), then a drip of a byte every 5 s.
        let answers = [(1, 9), (500, 9), (1, 14), (1, 19)].map { bytes, second in
            pace.arrived(bytes, at: start.advanced(by: .seconds(second)), rule: rule)
        }
        #expect(answers == [true, true, true, false])
    }

    /// A body that kept well ahead of the pace survives a stall of up to `longestStall` (a phone in a tunnel): a
    /// rule judged per window cut it off when the window that held the stall brought too little, however much came
    /// before. What it saved is capped, so a fast start does not buy room for a long drip after it.
    @Test func aStallAfterAGoodStartIsSparedUpToTheLongestStall() {
        let rule = Server.MinimumBodyRate(bytesPerSecond: 100, grace: .seconds(10), longestStall: .seconds(30))
        let start = ContinuousClock.now
        var phone = BodyPace(rule, now: start)
        // 100 kB in the first second buys far more than 30 s, of which 30 s is kept: a 29 s silence passes.
        let stalled = [(100_000, 1), (1_000, 30), (1_000, 31)].map { bytes, second in
            phone.arrived(bytes, at: start.advanced(by: .seconds(second)), rule: rule)
        }
        #expect(stalled == [true, true, true])

        var dripper = BodyPace(rule, now: start)
        // The same start, then a byte every 10 s: the 30 s saved run out, and the drip fails within a minute.
        var answers = [dripper.arrived(100_000, at: start.advanced(by: .seconds(1)), rule: rule)]
        for second in stride(from: 11, through: 61, by: 10) {
            answers.append(dripper.arrived(1, at: start.advanced(by: .seconds(second)), rule: rule))
        }
        #expect(answers == [true, true, true, true, false, false, false])
    }
}

extension RawConnection {
    /// Whether the server has sent something (or closed) that a read would get now.
    fileprivate func hasBytesToRead() -> Bool {
        var probe = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&probe, 1, 0) > 0
    }
}
