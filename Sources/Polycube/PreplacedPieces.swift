/// Turns the lettered cells of a drawn figure into pre-placed pieces.
///
/// Cells drawn with the same character that touch face to face form one piece; a character that
/// forms several separate groups places several copies. Each group is checked against the piece
/// it names, so that a typo in a drawing is reported where it is rather than producing a figure
/// the solver silently cannot fill.
enum PreplacedPieces {
    struct Mark {
        var character: Character
        var cell: Cell
        var line: Int
        var column: Int
    }

    /// - Parameter identify: given the drawn character and the group's shape, the letter of the
    ///   piece it is, or a message saying why it is not one.
    static func group(
        _ marks: [Mark], pieceSet: PieceSet, path: String,
        identify: (Character, Shape) -> Result<Character, Message>
    ) throws -> [(letter: Character, cells: [Cell])] {
        var byCharacter: [Character: [Mark]] = [:]
        var order: [Character] = []
        for m in marks {
            if byCharacter[m.character] == nil { order.append(m.character) }
            byCharacter[m.character, default: []].append(m)
        }
        var result: [(letter: Character, cells: [Cell])] = []
        var used: [Character: Int] = [:]
        for ch in order {
            for component in components(byCharacter[ch]!) {
                let first = component[0]
                func fail(_ text: String) -> FigureFileError {
                    FigureFileError(path: path, line: first.line, column: first.column, message: text)
                }
                let shape = Shape(component.map(\.cell))
                let letter: Character
                switch identify(ch, shape) {
                case .success(let l): letter = l
                case .failure(let m): throw fail(m.text)
                }
                let piece = pieceSet.piece(letter)!
                used[letter, default: 0] += 1
                if used[letter]! > piece.copies {
                    throw fail("pre-placed piece `\(ch)` is drawn \(used[letter]!) times; "
                        + "the set has \(piece.copies) \(piece.copies == 1 ? "copy" : "copies")")
                }
                result.append((letter, component.map(\.cell).sorted()))
            }
        }
        return result.sorted { a, b in
            a.letter != b.letter ? a.letter < b.letter : a.cells.lexicographicallyPrecedes(b.cells)
        }
    }

    /// The usual check: `character` must be a piece letter of the set, drawn in that piece's shape.
    static func identifyByLetter(in pieceSet: PieceSet) -> (Character, Shape) -> Result<Character, Message> {
        { ch, shape in
            guard let piece = pieceSet.piece(ch) else {
                return .failure(Message("`\(ch)` is not a piece of the \(pieceSet.name) set"))
            }
            return matches(shape, piece, pieceSet)
                ? .success(ch)
                : .failure(Message(describeMismatch(ch, shape, piece)))
        }
    }

    /// True when `shape` is the piece turned by one of the set's orientations: the turns stop
    /// at the first that fits, where comparing canonical forms turned both shapes every way.
    static func matches(_ shape: Shape, _ piece: Piece, _ pieceSet: PieceSet) -> Bool {
        shape.count == piece.shape.count
            && pieceSet.orientationGroup.contains { piece.shape.transformed(by: $0) == shape }
    }

    static func describeMismatch(_ ch: Character, _ shape: Shape, _ piece: Piece) -> String {
        shape.count != piece.shape.count
            ? "pre-placed piece `\(ch)` covers \(shape.count) cells; piece \(piece.letter) has \(piece.shape.count)"
            : "pre-placed piece `\(ch)` is not drawn in the shape of piece \(piece.letter)"
    }

    /// Face-connected groups, each in file order.
    private static func components(_ marks: [Mark]) -> [[Mark]] {
        var remaining = Dictionary(marks.map { ($0.cell, $0) }, uniquingKeysWith: { a, _ in a })
        var result: [[Mark]] = []
        for m in marks where remaining[m.cell] != nil {
            var group: [Mark] = []
            var stack = [m.cell]
            remaining[m.cell] = nil
            group.append(m)
            while let c = stack.popLast() {
                for n in c.neighbours {
                    if let found = remaining.removeValue(forKey: n) { group.append(found); stack.append(n) }
                }
            }
            let fileOrder = group.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            result.append(fileOrder)
        }
        return result
    }

    /// An error text, wrapped so it can travel in a `Result`.
    struct Message: Error {
        var text: String
        init(_ text: String) { self.text = text }
    }
}
