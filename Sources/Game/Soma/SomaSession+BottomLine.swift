import Polycube

/// The Soma game's bottom line (issue 38: the key that acts is always on screen), as ranked
/// items the midend fits to the width (`BottomItem`, `StatusLayout`): the key that acts now
/// first (`Space: put`, or how to select a piece), what the last command said, the turn and move
/// keys, then where the piece in hand is, a sentence that shortens to fit (`L  layer 1, behind,
/// right` at 80 columns) before any key gives way. Every key is named from the key tables as
/// bound.
extension SomaSession {
    /// Which of the piece's fits its ghost shows (`fit 3 of 22`), so a player cycling with `c`/`C`
    /// knows how far round they are; none while the plan cursor's own line is shown.
    var fitText: String? {
        planCursor != nil ? nil : game.fitPosition.map { "fit \($0.k) of \($0.n)" }
    }

    /// The bottom line's wordings (one line of ranked items; plain mode's sentence whole).
    func bottom(solved: Bool) -> [BottomLine] {
        // The plan (a walk over the figure's cells) is made only for the lines that read it: the
        // plan cursor's, a piece's place and plain mode's sentence. The line of a game with no
        // piece in hand, a login's first, made two a frame for nothing (issue 35).
        // Once solved, the line belongs to the solved moment: what the last step said (a wall
        // kick, say) would hide what the next key does.
        let message = solved ? nil : game.feedback
        if !solved, planCursor != nil, let cursor = planCursorLine(SomaPlan(game: game)) { return [cursor] }
        var items = actions(solved: solved)
        let hint = solved ? nil : game.hintMessage
        if let message { items.append(message.message == hint ? hintItem(rank: BottomRank.message) : Self.answerItem(message)) }
        // The hint's sentence, unless the last command's note already says it.
        if let hint, message?.message != hint { items.append(hintItem(rank: BottomRank.message - 1)) }
        if let piece = game.selection, !solved {
            let plan = SomaPlan(game: game)
            items += [BottomItem([keys.reminder([.tumble(.up), .tumble(.left), .tumble(.down), .tumble(.right),
                                                 .spin(clockwise: false)], "turn")], rank: BottomRank.turns),
                      BottomItem([Reminder(keys: moveKeys, "move"), keys.reminder([.move(.up), .move(.down), .move(.left),
                                                                                .move(.right)], "move")],
                                 ranks: [BottomRank.allMoveKeys, BottomRank.moves])]
            if let fitText { items.append(BottomItem([fitText], rank: BottomRank.fit)) }
            // Plain mode's sentence is what a screen reader reads: it stays whole, keys give way.
            items.append(plain ? BottomItem([PlainStatus(game: game, plan: plan).line], rank: BottomRank.plainSentence, look: .position)
                               : positionItem(piece, plan: plan))
            items.append(BottomItem([keys.reminder(.command(.hint), "hint")], rank: BottomRank.more))
        } else if let piece = game.selection {
            let letter = game.pieces[piece].letter
            items.append(BottomItem([game.support(ofPiece: piece).describe(letter, drop: dropKey), "\(letter)"],
                                    rank: BottomRank.position, look: .position))
        } else if plain {
            items.append(BottomItem([PlainStatus(game: game, plan: SomaPlan(game: game)).line], rank: BottomRank.plainSentence,
                                    look: .position))
        } else if !solved {
            // Where both do not fit, the keys matter more.
            let goal = game.moves == 0 && game.piecesInPlace == 0
                ? "Put the \(game.pieces.count) pieces into the grey \(game.figure.name.lowercased() == "cube" ? "cube" : "figure")"
                : "drag: orbit"
            items.append(BottomItem([goal], rank: BottomRank.more))
        }
        return [BottomLine(items: items)]
    }

    /// The key that acts now, first on the line: after a solve, the reset and the menu; with a
    /// piece in hand, the drop key (`put` where the assist shows a ghost to put it on); else how
    /// to select a piece.
    private func actions(solved: Bool) -> [BottomItem] {
        if solved {
            return [common.reminder(.reset, "all pieces back for a new attempt").map {
                        BottomItem([$0, Reminder(keys: $0.keys, "all pieces back")], rank: BottomRank.action) },
                    common.reminder(.menu, "another figure").map { BottomItem([$0], rank: BottomRank.more) }]
                .compactMap { $0 }
        }
        guard game.selection != nil else {
            return [BottomItem([Reminder(keys: selectionKeys, "select a piece")], rank: BottomRank.action)]
        }
        // On its ghost already, the piece is put: what acts next is another piece (or `c`, whose
        // fit count follows).
        if let i = game.selection, game.assist != .off, let ghost = game.ghost,
           Set(ghost.cells(of: game.pieces[i].shape)) == Set(game.cells(ofPiece: i)) {
            return [BottomItem([Reminder(keys: selectionKeys, "next piece")], rank: BottomRank.action)]
        }
        let puts = game.assist != .off && game.ghost != nil
        return [BottomItem([Reminder(keys: dropKey, puts ? "put" : "drop")], rank: BottomRank.action)]
    }

    /// What the last command said, in its colour, whole where there is room; where its words
    /// have a head (`Dead end`, `Judging on`, the hint's `Hint: try V where its ghost is`
    /// without its count), the head alone before the fit count or the piece's place give way.
    static func answerItem(_ message: StatusMessage, rank: Int = BottomRank.message) -> BottomItem {
        let look: BottomItem.Look = message.isRefusal ? .refusal : .note
        guard let head = head(of: message.message) else { return BottomItem([message.message], rank: rank, look: look) }
        return BottomItem([message.message, head], ranks: [BottomRank.fullMessage, rank], look: look)
    }

    /// The hint's sentence whole (its count and the key that hides it), its head (`Hint: try
    /// L where its ghost is`), or the least that says it (`Hint: L on its ghost`), so that at
    /// 80 columns the fit count and the piece's place stay beside it.
    private func hintItem(rank: Int) -> BottomItem {
        guard let whole = game.hintMessage, let letter = game.hint?.suggestion?.piece else { return BottomItem([], rank: rank) }
        let head = Self.head(of: whole) ?? whole
        return BottomItem([whole, head, "Hint: \(letter) on its ghost"], ranks: [BottomRank.fullMessage, BottomRank.shortPosition - 1, rank],
                          look: .note)
    }

    /// The head of a sentence: before its parenthesis (`Hint: try V where its ghost is`), else
    /// before its first colon (`Dead end`); nil when it has neither.
    static func head(of sentence: String) -> String? {
        let cut = sentence.firstRange(of: " (") ?? sentence.firstRange(of: ": ")
        return cut.map { String(sentence[..<$0.lowerBound]) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The drop key's name as bound (`Space`).
    var dropKey: String { keys.keyName(for: .command(.drop)) }

    /// The keys that move the piece (or the plan cursor), as bound: `arrows PgUp PgDn`.
    var moveKeys: String {
        keys.keyNames([.move(.up), .move(.down), .move(.left), .move(.right)]) + " "
            + keys.keyNames([.command(.move(Axis.z.unit)), .command(.move(Cell(0, 0, -1)))])
    }

    /// Where piece `piece` is, fullest first: its place in the plan's numbers and what holds it
    /// up; its place with the sides named alone and what holds it; that place alone (`L  layer 1,
    /// behind, right`), which ranks above the move keys' full wording; its letter.
    func positionItem(_ piece: Int, plan: SomaPlan) -> BottomItem {
        let letter = game.pieces[piece].letter
        let place = PlainStatus.place(of: piece, game: game, plan: plan)
        let compact = PlainStatus.place(ofCells: game.cells(ofPiece: piece), game: game, plan: plan, state: nil, compact: true)
        let holds = game.support(ofPiece: piece).phrase(drop: dropKey)
        return BottomItem(["\(letter)  \(place), \(holds)", "\(letter)  \(compact), \(holds)", "\(letter)  \(compact)", "\(letter)"],
                          ranks: [BottomRank.position, BottomRank.position, BottomRank.shortPosition, BottomRank.more + 1],
                          look: .position)
    }
}
