extension String {
    /// Whether `part`'s bytes occur in this string's UTF-8. `contains(_:)` with a string goes
    /// through the generic search of the string-processing module: 10,000-20,000 instructions a
    /// call, at every login, for a terminal name or a terminfo string a few bytes long (issue 35).
    func holds(_ part: String) -> Bool {
        let text = Array(utf8), wanted = Array(part.utf8)
        guard !wanted.isEmpty else { return true }
        guard wanted.count <= text.count else { return false }
        for start in 0...(text.count - wanted.count) where text[start] == wanted[0] {
            var index = 1
            while index < wanted.count && text[start + index] == wanted[index] { index += 1 }
            if index == wanted.count { return true }
        }
        return false
    }
}
