/// One thing the user did at the terminal, decoded from bytes: the vocabulary between the
/// terminal and everything above it (`TouchSynthesizer`, programs).
public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    case mouse(MouseEvent)
    /// The terminal now has this size (columns, rows).
    case resize(ScreenSize)
    /// The terminal window gained (`true`) or lost (`false`) focus (mode 1004).
    case focus(Bool)
}

/// A terminal size in cells.
public struct ScreenSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// True when both dimensions are at least those of `other`.
    func fits(_ other: ScreenSize) -> Bool { width >= other.width && height >= other.height }

    public var description: String { "\(width)x\(height)" }
}

/// Shift, Alt (Meta) and Control, as terminals report them with keys and mouse events.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
}

/// A key, independent of how the terminal encoded it.
public enum Key: Hashable, Sendable {
    /// A printable character. Control-letter arrives as the lowercase letter with `.control`.
    case character(Character)
    case up, down, left, right
    case home, end, pageUp, pageDown, insert, delete
    case backspace, enter, tab, escape
    /// F1...F24 (some terminals report Shift-F1 as F13).
    case function(Int)
}

/// A key with the modifiers held while it was pressed. Terminals report no key releases.
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
}

/// A mouse button as SGR mouse reports name them.
public enum MouseButton: Hashable, Sendable {
    case left, middle, right
    /// Motion reports with no button held (mode 1003) and releases that name no button.
    case none
}

/// What happened with the mouse.
public enum MouseAction: Hashable, Sendable {
    case press, drag, release
    /// Motion with no button held (only in mode 1003, which soma does not enable).
    case move
    case wheelUp, wheelDown, wheelLeft, wheelRight
}

/// One decoded mouse report. Column and row are 0-based screen cells.
public struct MouseEvent: Hashable, Sendable {
    public var action: MouseAction
    public var button: MouseButton
    public var column: Int
    public var row: Int
    public var modifiers: KeyModifiers

    init(_ action: MouseAction, _ button: MouseButton, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
