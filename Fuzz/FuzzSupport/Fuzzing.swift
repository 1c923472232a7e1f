import CFuzzer
import Foundation

/// Runs libFuzzer over `body`, which gets each input, then exits with libFuzzer's status.
///
/// A property that does not hold is reported with ``require(_:_:)``, which aborts, so libFuzzer saves the input.
///
/// ```swift
/// fuzz { input in require(parse(input.bytes) != nil, "parse failed") }
/// ```
public func fuzz(_ body: @escaping (inout FuzzInput) -> Void) -> Never {
    FuzzBody.current = body
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        var input = FuzzInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        FuzzBody.current?(&input)
        return 0
    }
    exit(status)
}

/// The body libFuzzer's C callback calls (it cannot capture).
private enum FuzzBody {
    // NB: set once before libFuzzer starts, then only read from its one thread.
    nonisolated(unsafe) static var current: ((inout FuzzInput) -> Void)?
}

/// Stops the run with `message` when `condition` is false: libFuzzer records the input as a crash.
public func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
    guard condition() else {
        FileHandle.standardError.write(Data("property failed: \(message())\n".utf8))
        abort()
    }
}

/// One fuzz input: its bytes, and choices (where a body is cut into pieces) drawn from them.
///
/// NB: the choices come from a generator seeded with a hash of the bytes, not from bytes of their own, so any
/// file (a hand-made seed, a real feed) is a whole input as it is, and a mutation also moves the cuts.
public struct FuzzInput {
    /// All bytes of the input.
    public let bytes: [UInt8]
    private var state: UInt64

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // FNV-1a.
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        state = hash
    }

    /// A number below `bound` (SplitMix64).
    public mutating func choose(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return bound > 1 ? Int(mixed % UInt64(bound)) : 0
    }

    /// Cuts `count` bytes into pieces of 1 to 64 bytes, now and then all that is left, as a body arrives.
    public mutating func pieces(of count: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        while start < count {
            let length = choose(below: 65)
            let end = length == 0 ? count : min(count, start + length)
            pieces.append(start..<end)
            start = end
        }
        return pieces
    }
}
