import CZlib
import Foundation

/// gzip (RFC 1952) through zlib: what ``CompressionMiddleware`` compresses a response's body with.
///
/// ```swift
/// let compressed = try Gzip.compress(Data(json.utf8))
/// ```
public enum Gzip {
    /// Why zlib could not compress: its return code (`Z_MEM_ERROR`, `Z_STREAM_ERROR`…).
    public struct Failure: Error, Equatable {
        /// zlib's return code.
        public var code: Int32
    }

    /// zlib's level when none is given: 1 is the fastest and 9 the smallest; 6 is zlib's own default and keeps
    /// almost all of 9's gain on JSON at a fraction of its time.
    public static let defaultLevel: Int32 = 6

    /// `data` as one gzip member, compressed at `level` (1…9).
    public static func compress(_ data: Data, level: Int32 = defaultLevel) throws(Failure) -> Data {
        // NB: zlib counts a call's input in 32 bits; a body held in memory is far smaller than 4 GiB.
        guard data.count <= Int(UInt32.max) else { throw Failure(code: Z_BUF_ERROR) }
        var stream = z_stream()
        let opened = quartet_deflate_init_gzip(&stream, level)
        guard opened == Z_OK else { throw Failure(code: opened) }
        defer { deflateEnd(&stream) }
        // NB: deflateBound is what one call with Z_FINISH can write at most (gzip's header and trailer included), so
        // the whole input goes in one call and never waits for room.
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var output = Data(count: bound)
        let result: Int32 = data.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                // NB: zlib's next_in is not const, yet deflate only reads it.
                stream.next_in = UnsafeMutablePointer(
                    mutating: input.bindMemory(to: Bytef.self).baseAddress ?? UnsafePointer(bitPattern: 1)!)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.bindMemory(to: Bytef.self).baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard result == Z_STREAM_END else { throw Failure(code: result) }
        output.count = Int(stream.total_out)
        return output
    }
}
