#if !canImport(SwiftCompilerPlugin)
    import Foundation
    import Glibc
    @_spi(PluginMessage) import SwiftCompilerPluginMessageHandling

    /// The compiler's plug-in wire: each message is its JSON's length as a little-endian `UInt64`, then the JSON,
    /// over the plug-in's standard input (from the compiler) and standard output (to it).
    ///
    /// It reads and writes the two descriptors itself: a buffered reader may take more than one message off the
    /// pipe, and the bytes it keeps are lost to the next read.
    struct PluginPipe: MessageConnection {
        func sendMessage<TX: Encodable>(_ message: TX) throws {
            let json = try JSONEncoder().encode(message)
            try write(withUnsafeBytes(of: UInt64(json.count).littleEndian) { Data($0) } + json)
        }

        func waitForNextMessage<RX: Decodable>(_ type: RX.Type) throws -> RX? {
            guard let header = try read(count: 8) else { return nil }
            let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            guard let json = try read(count: Int(length)) else { throw PluginPipeError.truncated }
            // NB: the compiler was seen to send an empty message now and then as it finished (in a busy build, a
            // few of its hundreds of plug-in processes); that is the end of the conversation, not one to decode.
            if json.isEmpty { return nil }
            return try JSONDecoder().decode(RX.self, from: json)
        }

        /// Exactly `count` bytes from standard input, or `nil` at a clean end of input before the first.
        private func read(count: Int) throws -> Data? {
            var data = Data(count: count)
            var filled = 0
            while filled < count {
                let result = data.withUnsafeMutableBytes {
                    Glibc.read(STDIN_FILENO, $0.baseAddress! + filled, count - filled)
                }
                if result < 0, errno == EINTR { continue }
                if result < 0 { throw PluginPipeError.failed(errno) }
                if result == 0 {
                    if filled == 0 { return nil }
                    throw PluginPipeError.truncated
                }
                filled += result
            }
            return data
        }

        /// All of `data` to standard output.
        private func write(_ data: Data) throws {
            var sent = 0
            while sent < data.count {
                let result = data.withUnsafeBytes {
                    Glibc.write(STDOUT_FILENO, $0.baseAddress! + sent, data.count - sent)
                }
                if result < 0, errno == EINTR { continue }
                if result < 0 { throw PluginPipeError.failed(errno) }
                sent += result
            }
        }
    }

    enum PluginPipeError: Error {
        /// The compiler closed the pipe in the middle of a message.
        case truncated
        /// Reading or writing failed with this `errno`.
        case failed(Int32)
    }
#endif
