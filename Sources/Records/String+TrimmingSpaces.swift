/// A name as typed, compared and stored: shared by `DisplayName` and the game's prompts
/// (package-wide, not part of any module's public face).
extension String {
    /// Without leading and trailing spaces.
    package var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
