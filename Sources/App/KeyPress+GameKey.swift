import Game
import Terminal

extension KeyPress {
    /// The key as the games' key maps name it, or nil for keys the games have no use for
    /// (Alt combinations, function keys, Ctrl-arrows).
    var gameKey: GameKey? {
        let plain = modifiers.subtracting(.shift).isEmpty
        switch key {
        case .character(let c):
            if modifiers == .control { return .control(c) }
            return plain ? .character(c) : nil
        case .up: return modifiers == .shift ? .shiftUp : modifiers.isEmpty ? .up : nil
        case .down: return modifiers == .shift ? .shiftDown : modifiers.isEmpty ? .down : nil
        case .left: return modifiers == .shift ? .shiftLeft : modifiers.isEmpty ? .left : nil
        case .right: return modifiers == .shift ? .shiftRight : modifiers.isEmpty ? .right : nil
        case .tab: return modifiers == .shift ? .backTab : modifiers.isEmpty ? .tab : nil
        case .pageUp: return plain ? .pageUp : nil
        case .pageDown: return plain ? .pageDown : nil
        case .home: return plain ? .home : nil
        case .end: return plain ? .end : nil
        case .enter: return plain ? .enter : nil
        case .escape: return plain ? .escape : nil
        case .backspace: return plain ? .backspace : nil
        case .delete: return plain ? .delete : nil
        case .insert, .function: return nil
        }
    }
}
