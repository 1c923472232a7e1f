import Foundation
import Testing

@testable import HTTPServer

/// The engine's one-pass framing check (``RequestFraming/Scan``) against the rule as written
/// (``RequestFraming/Fields``): the same refusal, or none, for every set of header lines.
@Suite struct RequestFramingScanTests {
    /// Both readings of the same header lines (a `nil` value stands for a line MHD kept without one).
    private static func verdicts(_ lines: [(String, String?)], http11: Bool) -> (fast: String, reference: String) {
        let names = lines.map { strdup($0.0)! }
        let values = lines.map { $0.1.map { strdup($0)! } }
        defer {
            for name in names { free(name) }
            for value in values { free(value) }
        }
        var scan = RequestFraming.Scan()
        var fields = RequestFraming.Fields()
        for (name, value) in zip(names, values) {
            scan.add(name: name, value: value)
            fields.add(name: name, value: value)
        }
        let fast = scan.problem(http11: http11) { fields }
        let reference = fields.problem(http11: http11)
        return (describe(fast), describe(reference))
    }

    private static func describe(_ problem: HTTPError?) -> String {
        guard let problem else { return "none" }
        return "\(problem.status.rawValue) \(problem.detail ?? "") \(problem.headers["Connection"] ?? "")"
    }

    @Test(
        arguments: [
            [],
            [("Host", "q")],
            [("host", "q"), ("Accept", "*/*")],
            [("Host", "a"), ("HOST", "b")],
            [("Host", "q"), ("Content-Length", "12")],
            [("Host", "q"), ("content-length", "0")],
            [("Host", "q"), ("Content-Length", "007")],
            [("Host", "q"), ("Content-Length", "")],
            [("Host", "q"), ("Content-Length", nil)],
            [("Host", "q"), ("Content-Length", " 12 ")],
            [("Host", "q"), ("Content-Length", "12, 12")],
            [("Host", "q"), ("Content-Length", "12,13")],
            [("Host", "q"), ("Content-Length", "-1")],
            [("Host", "q"), ("Content-Length", "1e3")],
            [("Host", "q"), ("Content-Length", "2"), ("Content-Length", "2")],
            [("Host", "q"), ("Content-Length", "2"), ("Content-Length", "02")],
            [("Host", "q"), ("Content-Length", "2"), ("Content-Length", "40")],
            [("Host", "q"), ("Transfer-Encoding", "chunked")],
            [("Host", "q"), ("Transfer-Encoding", "Chunked")],
            [("Host", "q"), ("Transfer-Encoding", nil)],
            [("Host", "q"), ("Transfer-Encoding", "")],
            [("Host", "q"), ("Transfer-Encoding", "gzip, chunked")],
            [("Host", "q"), ("Transfer-Encoding", "gzip"), ("Transfer-Encoding", "chunked")],
            [("Host", "q"), ("Transfer-Encoding", "chunked, gzip")],
            [("Host", "q"), ("Content-Length", "2"), ("Transfer-Encoding", "chunked")],
            [("Host", "a"), ("Host", "b"), ("Content-Length", "x")],
            [("Content-Length", "12")],
            [("Contents", "1"), ("Hostname", "x"), ("Transfer", "y"), ("T", "z"), ("C", "")],
            [("\u{e9}t\u{e9}", "x"), ("Host", "q")],
        ] as [[(String, String?)]])
    func theScanAnswersAsTheRuleDoes(_ lines: [(String, String?)]) {
        for http11 in [true, false] {
            let verdicts = Self.verdicts(lines, http11: http11)
            #expect(verdicts.fast == verdicts.reference, "\(lines) HTTP/1.1: \(http11)")
        }
    }

    /// Every mix of up to three lines from a small alphabet of names and values, in every order.
    @Test func theScanAnswersAsTheRuleDoesForEveryMix() {
        let names = ["Host", "content-length", "Transfer-Encoding", "X-Other"]
        let values: [String?] = ["1", "01", "2", "", nil, "chunked", "gzip, chunked", " 1"]
        let alphabet = names.flatMap { name in values.map { (name, $0) } }
        var checked = 0
        for first in alphabet {
            for second in alphabet {
                for third in alphabet.prefix(16) {
                    let lines = [first, second, third]
                    let verdicts = Self.verdicts(lines, http11: true)
                    if verdicts.fast != verdicts.reference {
                        Issue.record("\(lines): fast \(verdicts.fast), reference \(verdicts.reference)")
                        return
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == 32 * 32 * 16)
    }

    /// What headersArrived reads from the pass instead of looking the fields up again: the first line's value.
    @Test func theScanKeepsTheFirstLengthAndWhetherACodingHasAValue() {
        let names = (["Content-Length", "CONTENT-LENGTH", "Transfer-Encoding"] as [String]).map { strdup($0)! }
        let values = (["12", "40", "chunked"] as [String]).map { strdup($0)! }
        defer { for pointer in names + values { free(pointer) } }
        var scan = RequestFraming.Scan()
        for (name, value) in zip(names, values) { scan.add(name: name, value: value) }
        #expect(scan.firstContentLength.map { String(cString: $0) } == "12")
        #expect(scan.contentLengths == 2)
        #expect(scan.hasTransferEncoding)
        var bare = RequestFraming.Scan()
        bare.add(name: names[2], value: nil)
        #expect(!bare.hasTransferEncoding)
        #expect(bare.firstContentLength == nil)
    }

    @Test func aRefusalsPathStopsAtTheQuery() {
        #expect(
            ServerCore.path(of: "/services/data/v59.0/sobjects/Account?x=1") == "/services/data/v59.0/sobjects/Account")
        #expect(ServerCore.path(of: "/a/b") == "/a/b")
        #expect(ServerCore.path(of: "") == "")
    }
}
