import Dispatch
import Foundation
import Locking

/// A ``BodyReceiver`` that hands the work to another thread: the engine's thread only copies each piece
/// into a chunk and goes back to reading the socket, while `wrapped` works on full chunks in order on a
/// queue of its own. Reading and working then run on two cores at once.
///
/// A few chunks may wait for `wrapped`; when they are all taken, the engine's thread waits for one, which
/// slows the client down through TCP instead of holding more of the body in memory. ``finish()`` returns
/// once `wrapped` has taken everything and finished, so the handler finds it done.
///
/// ```swift
/// router.on(.post, "/upload", receiving: { _ in PipelinedReceiver(Decoder()) }, handler: { _, upload in
///     try upload.wrapped.result()
/// })
/// ```
public final class PipelinedReceiver<Wrapped: BodyReceiver>: BodyReceiver, @unchecked Sendable {
    // NB: `@unchecked Sendable`: `current` and `filled` belong to the engine's thread (one at a time);
    // `wrapped` is used only on `queue` until `finish()` has waited for it, and by the handler after that.
    // Work still queued holds this object, so the chunks outlive it.

    /// The receiver that does the work.
    public let wrapped: Wrapped

    private let chunkSize: Int
    /// A body known to fit in one chunk goes straight to `wrapped`: nothing would run in parallel.
    private let isInline: Bool
    private let queue = DispatchQueue(label: "quartet.http.pipelined-body")
    private let memory: PageBuffer?
    private let chunks: [UnsafeMutableRawPointer]
    /// How many chunks are not in use: taken by the engine's thread, given back by the queue.
    private let free: DispatchSemaphore
    /// The indices of the chunks not in use.
    private let pool: Locked<[Int]>
    /// The chunk being filled, and how far.
    private var current: Int?
    private var filled = 0

    /// Wraps `wrapped`, handing it chunks of `chunkSize` bytes, with at most `chunks` in memory. A body whose
    /// `expectedLength` (its `Content-Length`) fits in one chunk is handed straight through instead.
    public init(_ wrapped: Wrapped, expectedLength: Int? = nil, chunkSize: Int = 1 << 20, chunks: Int = 4) {
        let chunkSize = max(1, chunkSize)
        let count = max(2, chunks)
        self.wrapped = wrapped
        self.chunkSize = chunkSize
        isInline = expectedLength.map { $0 <= chunkSize } ?? false
        let memory = isInline ? nil : PageBuffer.reusable(count: chunkSize * count)
        self.memory = memory
        self.chunks = memory.map { memory in (0..<count).map { memory.base + $0 * chunkSize } } ?? []
        pool = Locked(Array(self.chunks.indices))
        free = DispatchSemaphore(value: self.chunks.count)
    }

    deinit {
        // Work still queued holds this object, so nothing touches the chunks any more.
        // NB: a body cut off midway (the client left) never reaches `finish()`, and the chunk being filled was
        // never given back. Dispatch ends the process when a semaphore goes away with less than it started with
        // ("Semaphore object deallocated while in use"), so one client leaving mid-upload took the server down.
        if current != nil { free.signal() }
        memory?.recycle()
    }

    /// Copies `piece` into chunks and queues each full one for `wrapped`, waiting while every chunk is taken; a body
    /// that fits in one chunk goes straight to `wrapped`.
    public func receive(_ piece: UnsafeRawBufferPointer) {
        if isInline { return wrapped.receive(piece) }
        guard let base = piece.baseAddress else { return }
        var offset = 0
        while offset < piece.count {
            let chunk = current ?? take()
            current = chunk
            let length = min(piece.count - offset, chunkSize - filled)
            (chunks[chunk] + filled).copyMemory(from: base + offset, byteCount: length)
            filled += length
            offset += length
            if filled == chunkSize { send() }
        }
    }

    /// Queues the last, partly filled chunk and returns once `wrapped` has taken everything and finished.
    public func finish() {
        if isInline { return wrapped.finish() }
        send()
        queue.sync { wrapped.finish() }
    }

    /// A free chunk, waiting for the queue to give one back if none is.
    private func take() -> Int {
        free.wait()
        return pool.withLock { $0.removeLast() }
    }

    /// Queues the current chunk for `wrapped`.
    private func send() {
        guard let chunk = current else { return }
        let count = filled
        current = nil
        filled = 0
        queue.async { [self] in
            wrapped.receive(UnsafeRawBufferPointer(start: chunks[chunk], count: count))
            pool.withLock { $0.append(chunk) }
            free.signal()
        }
    }
}
