import Scene

extension TextStyle {
    /// The style in 22 bits: each colour as 9 (the default, or a palette index), then the four
    /// attributes. Two styles are equal exactly when their keys are. Cells are compared at every
    /// cell of every frame (`CanvasDiff`, `FrameEncoder`), and the derived `==`, a call into the
    /// Scene module with a branch per field, was 44 instructions a comparison (issue 35).
    var key: UInt32 {
        var key: UInt32 = 0
        if case .index(let value) = foreground { key = 0x100 | UInt32(value) }
        if case .index(let value) = background { key |= (0x100 | UInt32(value)) << 9 }
        if bold { key |= 1 << 18 }
        if dim { key |= 1 << 19 }
        if reverse { key |= 1 << 20 }
        if underline { key |= 1 << 21 }
        return key
    }
}
