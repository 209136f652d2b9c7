/// The colours of the terminal palette as xterm draws them by default: what the block encoder
/// compares samples by (`BlockEncoder`), and what the presenter maps 256 colours onto 16 by.
/// Only approximate for a terminal with a palette of its own, but the choices made from it (which
/// two of three colours a cell shows, the nearest of sixteen) are the same for any palette near
/// xterm's.
extension TerminalColor {
    /// Red, green and blue (0-255) of palette entry `index`.
    public static func rgb(index: UInt8) -> (red: Int, green: Int, blue: Int) {
        let i = Int(index)
        if i < 16 { return ansiRGB[i] }
        if i < 232 {
            let c = i - 16
            return (cubeLevels[c / 36], cubeLevels[(c / 6) % 6], cubeLevels[c % 6])
        }
        let grey = 8 + (i - 232) * 10
        return (grey, grey, grey)
    }

    /// The six levels of each channel of the xterm 6x6x6 colour cube (entries 16-231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// xterm's default ANSI colours (entries 0-15).
    public static let ansiRGB: [(red: Int, green: Int, blue: Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
}
