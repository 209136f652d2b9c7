import Polycube
import Testing

/// The one sanitiser: what a terminal would act on is shown as its code, the rest as it is.
@Suite struct UntrustedTextTests {
    @Test func controlsAndBidiOverridesAreShownAsCodes() {
        #expect(UntrustedText.shown("\u{1B}[2Jgone") == "\\u{1b}[2Jgone")
        #expect(UntrustedText.shown("Cube\u{0}") == "Cube\\u{0}")
        #expect(UntrustedText.shown("\u{202E}ebuC") == "\\u{202e}ebuC")
        #expect(UntrustedText.shown("a\u{2066}b\u{2069}\u{200F}\u{9B}\u{7F}") == "a\\u{2066}b\\u{2069}\\u{200f}\\u{9b}\\u{7f}")
        #expect(UntrustedText.shown("café, 6x10 — Ünïcode") == "café, 6x10 — Ünïcode")
        #expect(UntrustedText.isSafe("Tower 3") && !UntrustedText.isSafe("x\u{202E}"))
    }

    @Test func longTextIsCut() {
        #expect(UntrustedText.shown(String(repeating: "a", count: 30), limit: 5) == "aaaaa…")
        #expect(UntrustedText.shown("abc", limit: 3) == "abc")
    }
}
