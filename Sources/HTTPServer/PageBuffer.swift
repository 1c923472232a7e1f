import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scratch memory in pages of its own, given back to the kernel the moment it is released.
///
/// NB: for the megabyte buffers of an upload in flight. From `malloc`, freeing one raises glibc's mmap
/// threshold to its size, so the next ones come from each thread's arena and stay resident after they are
/// freed (see MappedBody): with an upload's chunks allocated on one thread and its staging buffer on another,
/// the server kept ~20 MB it no longer used.
public final class PageBuffer: @unchecked Sendable {
    // NB: `@unchecked Sendable`: the owner decides who writes the bytes; this object only maps and unmaps.

    /// The first byte.
    public let base: UnsafeMutableRawPointer
    /// The number of bytes.
    public let count: Int
    /// Whether `base` is a mapping (else the heap gave it, when the kernel refused one).
    private let isMapped: Bool

    /// `count` bytes (at least one), zeroed.
    public init(count: Int) {
        let size = max(1, count)
        self.count = size
        if let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        {
            base = mapped
            isMapped = true
        } else {
            base = .allocate(byteCount: size, alignment: 64)
            base.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            isMapped = false
        }
    }

    deinit {
        if isMapped { munmap(base, count) } else { base.deallocate() }
    }

    /// A buffer of `count` bytes, one that an earlier owner gave back when there is one (its bytes are then
    /// what that owner left: write before you read).
    ///
    /// NB: a fresh mapping costs a page fault and a zeroed page per 4 KiB on first touch — ~6% of an upload's
    /// CPU for its 5 MiB of buffers; a buffer given back is already faulted in.
    public static func reusable(count: Int) -> PageBuffer {
        idle.withLock { idle in idle[count]?.popLast() } ?? PageBuffer(count: count)
    }

    /// Gives the buffer back for ``reusable(count:)``; the caller must not touch it afterwards. Up to
    /// ``idleLimit`` buffers of each size are kept; the others are unmapped when released.
    public func recycle() {
        Self.idle.withLock { idle in
            if idle[count, default: []].count < Self.idleLimit { idle[count, default: []].append(self) }
        }
    }

    /// How many buffers of one size wait for reuse at most.
    public static let idleLimit = 8

    private static let idle = Locked<[Int: [PageBuffer]]>([:])
}
