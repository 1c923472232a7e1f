#if !canImport(SwiftCompilerPlugin)
    import Foundation
    import TestSupport
    import Testing

    /// On Linux the plug-in speaks the compiler's wire itself (`PluginPipe`): each message is its JSON's length as
    /// a little-endian `UInt64`, then the JSON. These run the built plug-in as the compiler does.
    @Suite struct PluginPipeTests {
        @Test func theCapabilityQuestionIsAnsweredWhateverPiecesItArrivesIn() throws {
            let question = frame(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#)
            // One write, then the same bytes cut inside the length and inside the JSON.
            for pieces in [[question], [question.prefix(3), question.dropFirst(3).prefix(20), question.dropFirst(23)]] {
                let run = try runPlugin(pieces.map { Data($0) })
                #expect(run.status == 0)
                let answers = try messages(in: run.output)
                #expect(answers.count == 1)
                let answer = try #require(answers.first)
                let capability = try JSONSerialization.jsonObject(with: answer) as? [String: Any]
                let result = capability?["getCapabilityResult"] as? [String: Any]
                #expect((result?["capability"] as? [String: Any])?["protocolVersion"] as? Int == 7)
            }
        }

        @Test func anEmptyMessageEndsTheConversationCleanly() throws {
            let run = try runPlugin([frame("")])
            #expect(run.status == 0)
            #expect(run.output.isEmpty)
            #expect(run.errors.isEmpty)
        }

        @Test func theEndOfInputBetweenMessagesIsACleanEnd() throws {
            let run = try runPlugin([])
            #expect(run.status == 0)
            #expect(run.output.isEmpty)
        }

        @Test func aMessageCutShortOrNotJSONIsAFailureNotAHang() throws {
            let whole = frame(#"{"getCapability":{"capability":{"protocolVersion":7}}}"#)
            for input in [whole.dropLast(5), whole.prefix(4), frame("not json")] {
                let run = try runPlugin([Data(input)])
                #expect(run.status != 0)
                #expect(run.output.isEmpty)
            }
        }

        // MARK: - Helpers

        func frame(_ json: String) -> Data {
            withUnsafeBytes(of: UInt64(json.utf8.count).littleEndian) { Data($0) } + Data(json.utf8)
        }

        func messages(in output: Data) throws -> [Data] {
            var rest = output[...]
            var found: [Data] = []
            while rest.count >= 8 {
                let length = Int(
                    rest.prefix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) })
                rest = rest.dropFirst(8)
                try #require(rest.count >= length)
                found.append(Data(rest.prefix(length)))
                rest = rest.dropFirst(length)
            }
            #expect(rest.isEmpty)
            return found
        }

        /// Starts the built plug-in, writes `pieces` to its standard input one after another, closes it, and
        /// collects what it wrote and how it ended.
        func runPlugin(_ pieces: [Data]) throws -> (status: Int32, output: Data, errors: Data) {
            let executable = try #require(
                BuiltProducts.executable("PublicInitMacros-tool"), "the plug-in is built with the tests")
            // NB: a failure's backtrace would fill the error pipe that is read only after the output.
            let plugin = try ChildProcess(
                executable,
                environment: ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 },
                input: .pipe, output: .pipe, errors: .pipe)
            let input = try #require(plugin.input)
            for piece in pieces {
                try input.write(contentsOf: piece)
                usleep(2_000)
            }
            try input.close()
            let written = try #require(plugin.output).readDataToEndOfFile()
            let complaints = try #require(plugin.errors).readDataToEndOfFile()
            guard case .exit(let status) = plugin.wait() else { return (-1, written, complaints) }
            return (status, written, complaints)
        }
    }
#endif
