import QuakesModels

extension Array where Element == Quake {
    /// Sorts in ``Quake/newestFirst(_:_:)`` order, stably, without borrowing room for the quakes.
    ///
    /// NB: the standard library's sort merges through a buffer of half the elements: 0.8 MB of 336-byte
    /// quakes for the week feed. Freeing a block that large makes glibc raise its mmap threshold, so the
    /// archive and SQLite's copies of it that follow come from the heap and stay resident once freed.
    /// Sorting positions (one `Int` a quake) and then moving each quake along its permutation's cycles
    /// gives the same order with no large block.
    mutating func sortNewestFirst() {
        let order: [Int] = withUnsafeBufferPointer { quakes in
            var order = [Int](quakes.indices)
            order.sort { left, right in
                if quakes[left].time != quakes[right].time { return quakes[left].time > quakes[right].time }
                if quakes[left].id != quakes[right].id { return quakes[left].id < quakes[right].id }
                return left < right
            }
            return order
        }
        applyPermutation(order)
    }

    /// Keeps the first quake of each id and drops the later ones.
    ///
    /// A feed that lists one event twice showed it twice, and deleting one row hid both (rows are hidden by id).
    /// Sorted newest first, the one kept is the one with the latest origin time.
    mutating func removeRepeatedIDs() {
        var seen = Set<String>(minimumCapacity: count)
        guard contains(where: { !seen.insert($0.id).inserted }) else { return }
        seen.removeAll(keepingCapacity: true)
        removeAll { !seen.insert($0.id).inserted }
    }

    /// Reorders so that position `i` holds the quake that was at `order[i]` (`order` is a permutation).
    mutating func applyPermutation(_ order: [Int]) {
        var order = order
        for start in indices {
            var current = start
            while order[current] != start {
                let next = order[current]
                swapAt(current, next)
                order[current] = current
                current = next
            }
            order[current] = current
        }
    }
}
