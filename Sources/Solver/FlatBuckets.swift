/// Values grouped by an integer key in one flat array, the way the search wants its option
/// lists: the values of key `k` are `values[start[k] ..< start[k + 1]]`.
///
/// Built by a counting sort: the producer runs twice, once to count and once to place, so no
/// per-key array is ever allocated (a figure can have a hundred thousand keys, most empty, and
/// setting a solver up must take well under a millisecond). Within a key, values keep the
/// order the producer emitted them.
struct FlatBuckets {
    private(set) var start: [Int32]
    private(set) var values: [Int32]

    init(keyCount: Int, _ produce: ((_ key: Int, _ value: Int32) -> Void) -> Void) {
        var counts = [Int32](repeating: 0, count: keyCount + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            produce { key, _ in counts[key + 1] &+= 1 }
            for k in 0..<keyCount { counts[k + 1] &+= counts[k] }
        }
        start = counts
        var next = counts
        var values = [Int32](repeating: 0, count: Int(counts[keyCount]))
        values.withUnsafeMutableBufferPointer { values in
            next.withUnsafeMutableBufferPointer { next in
                produce { key, value in
                    values[Int(next[key])] = value
                    next[key] &+= 1
                }
            }
        }
        self.values = values
    }
}
