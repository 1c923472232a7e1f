import Locking

extension Locked where Value == Int {
    /// Counts one more call and returns its number, from 1: which call of a test's fake client this is.
    ///
    /// ```swift
    /// let reads = Locked(0)
    /// client.polls = { _ in reads.next() == 1 ? [] : [newest] }
    /// ```
    public func next() -> Int {
        withLock { count in
            count += 1
            return count
        }
    }
}
