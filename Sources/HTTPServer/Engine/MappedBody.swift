import Foundation

/// A large request body received into pages of its own, handed to the handler without a copy and given back
/// to the kernel as soon as the last `Data` referring to it is released.
///
/// NB: a 33 MB body from `malloc` is served by mmap the first time, but freeing it raises glibc's dynamic
/// mmap threshold to its size (up to 32 MiB), so the next such body comes from the receiving thread's arena
/// and stays resident after it is freed — one body per MHD thread, every Swift thread that later allocates
/// similar sizes adding its own. Mapping the body (a ``PageBuffer``) keeps the process at one body per request in
/// flight. Pages are committed only as bytes arrive, so a client that declares a large length and sends
/// little costs little.
final class MappedBody {
    /// Bodies whose declared length is at least this are mapped; smaller ones go in an ordinary `Data`.
    static let threshold = 1 << 20

    private var pages: PageBuffer?
    private(set) var count = 0

    /// Maps room for `capacity` bytes; `nil` for no room at all.
    init?(capacity: Int) {
        guard capacity > 0 else { return nil }
        pages = PageBuffer(count: capacity)
    }

    /// Appends `size` bytes; `false` (and nothing appended) when they do not fit.
    func append(_ bytes: UnsafePointer<CChar>, size: Int) -> Bool {
        guard let pages, size <= pages.count - count else { return false }
        (pages.base + count).copyMemory(from: bytes, byteCount: size)
        count += size
        return true
    }

    /// The bytes received, as a `Data` that unmaps the pages when released; the buffer is empty afterwards.
    func takeData() -> Data {
        guard let pages else { return Data() }
        self.pages = nil
        return Data(
            bytesNoCopy: pages.base, count: count, deallocator: .custom { _, _ in withExtendedLifetime(pages) {} })
    }
}
