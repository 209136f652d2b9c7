import Polycube
import Scene

extension SomaGame {
    /// The scene the renderer draws for this position: the figure as a ghost, the pieces in
    /// their colours (the selected one marked, and hatched while its last move is refused, so a
    /// refusal shows where the player is looking), pre-placed cubes in grey, and the hint's
    /// suggested placement as a quiet ghost piece.
    /// `letters` writes every piece's letter on it; the selected piece's is always written.
    /// `lit`, during the solved moment, names the pieces drawn as selected (with their letter)
    /// instead of the selection.
    func sceneModel(letters: Bool = false, lit: Set<Int>? = nil) -> SceneModel {
        var pieces: [ScenePiece] = []
        for i in self.pieces.indices {
            var marks: ScenePiece.Marks = letters ? .lettered : []
            if let lit {
                if lit.contains(i) { marks.insert([.selected, .lettered]) }
            } else if selection == i {
                marks.insert([.selected, .lettered])
                if feedback?.isRefusal == true { marks.insert(.invalid) }
                // On the chosen fit, judged a dead end: marked in the picture too (issue 34).
                if ghostIsDeadEnd, let ghost, Set(ghost.cells(of: self.pieces[i].shape)) == Set(cells(ofPiece: i)) {
                    marks.insert(.deadEnd)
                }
            }
            let colour = PiecePalette.color(for: self.pieces[i].letter, in: figure.pieceSet)
            pieces.append(ScenePiece(id: i, cells: cells(ofPiece: i), color: colour, marks: marks, label: self.pieces[i].letter))
        }
        if !fixed.isEmpty {
            pieces.append(ScenePiece(id: SceneObjectID.fixedCubes.id, cells: fixed.keys.sorted(), color: .neutral))
        }
        if let suggestion = shownHint, let piece = figure.pieceSet.piece(suggestion.piece) {
            pieces.append(ScenePiece(id: SceneObjectID.hint.id, cells: suggestion.cells(of: piece.shape),
                                     color: PiecePalette.color(for: piece.letter, in: figure.pieceSet), marks: .hint))
        }
        // The assist's chosen fit, where Space or a release puts the selected piece: a ghost in
        // the piece's colour (not while the piece already lies there).
        if lit == nil, let ghost, let i = selection {
            let cells = ghost.cells(of: self.pieces[i].shape)
            if Set(cells) != Set(self.cells(ofPiece: i)) {
                pieces.append(ScenePiece(id: SceneObjectID.fit.id, cells: cells,
                                         color: PiecePalette.color(for: self.pieces[i].letter, in: figure.pieceSet),
                                         marks: ghostIsDeadEnd ? [.hint, .deadEnd] : .hint))
            }
        }
        var model = SceneModel(ghostCells: target.sorted(), pieces: pieces)
        model.floor = model.floorAround(margin: 1)
        return model
    }
}
