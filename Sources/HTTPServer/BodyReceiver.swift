import Foundation

/// Takes a request body piece by piece as it arrives, instead of the engine gathering it whole.
///
/// A route registered with ``Router/on(_:_:receiving:handler:)`` names the receiver to make when a request's
/// headers arrive. The engine then hands it each piece of the body in order and calls ``finish()`` after
/// the last; only then does the route's handler run, with the receiver and an empty ``Request/body``. A
/// 35 MB upload is then handled while it arrives — decoded, written out — rather than held in memory and
/// worked on afterwards.
///
/// The engine calls a receiver from one thread at a time and never again once it has handed it to the
/// handler; a receiver keeps its own failure (bad input, a full disk) and lets the handler report it.
/// A request that never reaches its handler (the client left, the body was too large) simply drops its
/// receiver: release what it holds in `deinit`.
///
/// ```swift
/// final class Counter: BodyReceiver, @unchecked Sendable {
///     private(set) var count = 0
///     func receive(_ piece: UnsafeRawBufferPointer) { count += piece.count }
///     func finish() {}
/// }
/// router.on(.post, "/count", receiving: { _ in Counter() }, handler: { _, counter in .text("\(counter.count)") })
/// ```
public protocol BodyReceiver: AnyObject, Sendable {
    /// The next piece of the body (the bytes are valid only during the call).
    func receive(_ piece: UnsafeRawBufferPointer)
    /// The body is complete.
    func finish()
}

/// Makes the receiver for a request whose route takes its body piece by piece, or `nil` for one that
/// gathers it (see ``Router/bodyReceivers()``).
///
/// The request has its head only (method, path, parameters, headers); it runs on an engine thread.
public typealias BodyReceiverFactory = @Sendable (Request) -> (any BodyReceiver)?

extension BodyReceiver {
    /// Hands `body` over in pieces of at most `pieceSize` bytes and finishes, as the engine would.
    ///
    /// NB: used when the body was gathered anyway (``TestClient``, a server built without
    /// ``Router/bodyReceivers()``), so a receiving route has one code path however it is reached.
    public func receiveWhole(_ body: Data, pieceSize: Int = 64 << 10) {
        body.withUnsafeBytes { bytes in
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + max(1, pieceSize))
                receive(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                start = end
            }
        }
        finish()
    }
}
