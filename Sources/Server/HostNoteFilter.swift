/// Takes the game's notes to its host out of what the game writes to its terminal: an
/// operating-system command `ESC ] 5379 ; TEXT BEL` (the game's `Terminal/HostNote`; this module
/// knows no game, so the contract is written twice, here and there). Everything else passes
/// through unchanged and in order, whatever the chunks a read splits it into; at most the few
/// bytes of a possible note's opening are held back until the next chunk shows what they are.
/// A note longer than `maximumLength` is no note of the game's: it is dropped whole.
struct HostNoteFilter {
    static let opening = Array("\u{1b}]5379;".utf8)
    static let bell: UInt8 = 0x07
    static let maximumLength = 240

    private enum State {
        /// `matched` bytes of `opening` seen (0: none).
        case opening(matched: Int)
        /// Inside a note: its text so far, or nil once too long (swallowed to its BEL).
        case note([UInt8]?)
    }

    private var state = State.opening(matched: 0)

    /// The bytes to pass on and the notes found, from the next chunk of output.
    mutating func feed(_ bytes: [UInt8]) -> (output: [UInt8], notes: [String]) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var notes: [String] = []
        for byte in bytes {
            switch state {
            case .opening(let matched):
                if byte == Self.opening[matched] {
                    state = matched + 1 == Self.opening.count ? .note([]) : .opening(matched: matched + 1)
                } else {
                    // Not a note: what was held back goes out as it came, then this byte, which
                    // may open a note itself.
                    output += Self.opening[..<matched]
                    if byte == Self.opening[0] {
                        state = .opening(matched: 1)
                    } else {
                        output.append(byte)
                        state = .opening(matched: 0)
                    }
                }
            case .note(let text):
                if byte == Self.bell {
                    if let text { notes.append(String(decoding: text, as: UTF8.self)) }
                    state = .opening(matched: 0)
                } else if let text, text.count < Self.maximumLength {
                    state = .note(text + [byte])
                } else {
                    state = .note(nil)
                }
            }
        }
        return (output, notes)
    }
}
