import Foundation
import PublicInit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The head of a streaming response and its body as chunks of bytes.
@PublicInit
public struct StreamedResponse: Sendable {
    /// Status and headers.
    public var response: HTTPURLResponse
    /// The body, chunk by chunk; finishes when the server closes, throws when the connection drops.
    public var chunks: AsyncThrowingStream<Data, any Error>
}
