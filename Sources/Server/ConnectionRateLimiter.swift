/// New connections per address, as a token bucket: an address may open `perMinute` connections
/// at once and then one every `60 / perMinute` seconds. A flood from one address is refused at
/// once, before any SSH work, and every other address is untouched. Time is passed in.
struct ConnectionRateLimiter {
    let perMinute: Int
    private var buckets: [String: (tokens: Double, at: Double)] = [:]

    init(perMinute: Int) {
        self.perMinute = max(1, perMinute)
    }

    /// Takes a token for `address` at `now` (seconds); false when it has none left.
    mutating func admit(_ address: String, now: Double) -> Bool {
        let capacity = Double(perMinute)
        var bucket = buckets[address] ?? (capacity, now)
        bucket.tokens = min(capacity, bucket.tokens + (now - bucket.at) * capacity / 60)
        bucket.at = now
        let admitted = bucket.tokens >= 1
        if admitted { bucket.tokens -= 1 }
        buckets[address] = bucket
        if buckets.count > 10_000 { forgetFull(now: now) }
        return admitted
    }

    /// Drops the addresses whose bucket has filled up again (they are as good as new), so a
    /// scan from many addresses cannot grow the table without end.
    private mutating func forgetFull(now: Double) {
        let capacity = Double(perMinute)
        buckets = buckets.filter { $0.value.tokens + (now - $0.value.at) * capacity / 60 < capacity }
    }
}
