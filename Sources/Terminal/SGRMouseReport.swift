import Gestures

/// The SGR (mode 1006) mouse report format: `ESC [ < b ; x ; y M` for a press or motion and
/// `... m` for a release, 1-based coordinates in decimal.
///
/// soma decodes these itself rather than through ncurses' `getmouse`, which under tmux's TERM
/// falls back to X10, merges press and release into clicks and reorders bursts (docs/terminal.md §3).
enum SGRMouseReport {
    /// Decodes the part after the `ESC [ <` prefix: `body` is `b;x;y` and `final` is `M` or `m`.
    /// Returns nil for anything malformed, so garbage never turns into a click.
    static func decode(body: Substring, final: Character) -> MouseEvent? {
        guard final == "M" || final == "m" else { return nil }
        let fields = body.split(separator: ";", omittingEmptySubsequences: false)
        guard fields.count == 3,
              fields.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy(\.isASCII) }),
              let code = Int(fields[0]), let x = Int(fields[1]), let y = Int(fields[2]),
              code >= 0, x >= 1, y >= 1
        else { return nil }

        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.alt) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let isMotion = code & 32 != 0
        let low = code & 3
        let column = x - 1, row = y - 1

        if code & 64 != 0 {
            // Wheel "buttons" 4-7; a release of a wheel button is meaningless and dropped.
            guard final == "M" else { return nil }
            let action: MouseAction = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
            return MouseEvent(action, nil, column: column, row: row, modifiers: modifiers)
        }
        guard code & 128 == 0 else { return nil }   // buttons 8-11: not used

        let button: MouseButton? = [.left, .middle, .right, nil][low]
        let action: MouseAction
        if final == "m" {
            action = .release
        } else if isMotion {
            action = button == nil ? .move : .drag
        } else {
            guard button != .none else { return nil }
            action = .press
        }
        return MouseEvent(action, button, column: column, row: row, modifiers: modifiers)
    }
}
