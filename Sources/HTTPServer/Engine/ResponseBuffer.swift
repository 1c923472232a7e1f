import CMicroHTTPD
import Foundation

/// A byte body MHD sends straight out of the response's `Data`, kept alive until MHD frees the response.
///
/// NB: `MHD_RESPMEM_MUST_COPY` duplicates every body, so a 25 MB download briefly held 50 MB and paid a
/// 25 MB `memcpy`. A large `Data` keeps its bytes in one heap storage object: while this box holds a
/// reference to it, nobody can free or mutate it in place (a mutation elsewhere copies on write), so the
/// pointer taken here stays valid until ``release`` runs. Small bodies may be stored inline in the `Data`
/// value itself, where no such pointer exists; they are copied, which costs nothing that matters.
final class ResponseBuffer {
    /// Bodies shorter than this are copied into MHD.
    static let copyLimit = 64 << 10

    private let data: Data

    private init(_ data: Data) {
        self.data = data
    }

    /// An MHD response that sends `data`, or `nil` when MHD cannot make one.
    static func makeResponse(_ data: Data) -> OpaquePointer? {
        guard data.count >= copyLimit else {
            return data.withUnsafeBytes { bytes in
                MHD_create_response_from_buffer(
                    bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
            }
        }
        let box = ResponseBuffer(data)
        guard let base = box.data.withUnsafeBytes({ $0.baseAddress }) else { return nil }
        let retained = Unmanaged.passRetained(box)
        let response = MHD_create_response_from_buffer_with_free_callback_cls(
            box.data.count, UnsafeMutableRawPointer(mutating: base), release, retained.toOpaque())
        // NB: MHD calls the free callback only for a response it made.
        if response == nil { retained.release() }
        return response
    }

    /// MHD is done with the bytes: drop the reference that kept them alive.
    private static let release: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<ResponseBuffer>.fromOpaque(cls).release()
    }
}
