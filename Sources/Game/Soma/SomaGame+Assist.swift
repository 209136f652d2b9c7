import Polycube

/// The assist (`Assist`): the selected piece's fits, the chosen one as a ghost, and the commands
/// that move the ghost from fit to fit and put the piece on it.
extension SomaGame {
    /// The chosen fit's placement, while the assist is on and the selected piece has fits.
    public var ghost: Placement? {
        guard let fits, let k = fitChoice, fits.fits.indices.contains(k) else { return nil }
        return fits.fits[k].placement
    }

    /// True when the chosen fit leaves the figure unsolvable.
    var ghostIsDeadEnd: Bool {
        guard let fits, let k = fitChoice, fits.fits.indices.contains(k) else { return false }
        return fits.fits[k].deadEnd
    }

    /// Computes the selected piece's fits again when the piece, the other pieces or the assist
    /// changed, and chooses the fit where the piece lies (or the nearest to it).
    mutating func refreshFits() {
        guard assist != .off, let i = selection, !isComplete else {
            (fits, fitChoice, fitCycle, fitsKey) = (nil, nil, nil, nil)
            return
        }
        let key = FitsKey(piece: i, others: pieces.indices.filter { $0 != i }.map { poses[$0] }, assist: assist)
        guard key != fitsKey else { return }
        fitsKey = key
        var occupied = Set(fixed.keys)
        for j in pieces.indices where j != i { occupied.formUnion(cells(ofPiece: j)) }
        let options = self.options.value(for: figure)
        var found = Fits(options: options.placements[pieces[i].letter] ?? [], shape: pieces[i].shape,
                         empty: target.subtracting(occupied))
        if assist == .solvable, options.checksSolvable, let solver = options.solver {
            let placed = pieces.indices.filter { $0 != i && isInPlace($0) }.map { poses[$0] }
            found.markDeadEnds { solver.isSolvable(placed + [$0]) }
        }
        fits = found
        fitCycle = nil
        let mine = cells(ofPiece: i)
        // The hint's place first (one ghost per piece), then where the piece lies, then the
        // nearest fit; with judging on, the nearest that keeps the figure solvable.
        let live = found.fits.indices.filter { !found.fits[$0].deadEnd }
        fitChoice = hintedFit(in: found, piece: i) ?? found.index(ofCells: mine)
            ?? found.nearest(to: mine, among: live.isEmpty ? nil : live)
    }

    /// The fit of piece `i` the shown hint suggests, when the hint names its letter.
    func hintedFit(in fits: Fits, piece i: Int) -> Int? {
        guard let suggestion = hint?.suggestion, suggestion.piece == pieces[i].letter else { return nil }
        return fits.index(ofCells: suggestion.cells(of: pieces[i].shape))
    }

    /// A hint arrived: when it names the selected piece, its ghost goes there (one place for it).
    mutating func followHint() {
        guard let fits, let i = selection, let k = hintedFit(in: fits, piece: i) else { return }
        (fitChoice, fitCycle) = (k, nil)
    }

    /// The hint's place as drawn on its own (plan and picture): not while its piece is in hand
    /// with the assist on, when the piece's ghost is the hint (`refreshFits` put it there).
    var shownHint: Placement? {
        guard let suggestion = hint?.suggestion else { return nil }
        if assist != .off, let i = selection, pieces[i].letter == suggestion.piece, ghost != nil { return nil }
        return suggestion
    }

    /// Judging on or off: help the player asks for, said on the top line and recorded.
    mutating func toggleJudging() {
        assist = assist == .solvable ? .fits : .solvable
        feedback = .note(assist == .solvable
                         ? "Judging on: solvable fits first, dead ends named; the solve records it"
                         : "Judging off: every fit the geometry allows, unjudged")
    }

    /// The assist a solve now records: judging at any time in this attempt counts (`solvable`);
    /// the hints go with it (`Solved.hints`), and either ranks the solve apart from plain ones.
    var recordedAssist: Assist { judged ? .solvable : assist }

    /// The top line's word on the help asked for: `judging on`, `hints 2`.
    var helpLabels: [String] {
        [assist.label, hintsTaken > 0 ? "hints \(hintsTaken)" : nil].compactMap { $0 }
    }

    /// Where the chosen fit is in the cycle `c` goes through (or the plan cell's): `k` of `n`;
    /// before any cycle, the chosen fit is the first of all the piece's fits.
    var fitPosition: (k: Int, n: Int)? {
        guard let fits, let k = fitChoice, !isComplete else { return nil }
        if let cycle = fitCycle, let at = cycle.order.firstIndex(of: k) { return (at + 1, cycle.order.count) }
        return (1, fits.count)
    }

    /// The cube of `cells` nearest the figure's centre (the first of equals in scan order): what
    /// a key turn pivots about, so the piece turns in place inside the figure.
    func cubeNearestCentre(of cells: [Cell]) -> Cell? {
        let sum = Fits.sum(figure.cells), n = figure.cells.count
        return cells.sorted().min { a, b in
            Fits.distance(Cell(a.x &* n, a.y &* n, a.z &* n), sum) < Fits.distance(Cell(b.x &* n, b.y &* n, b.z &* n), sum)
        }
    }

    mutating func steer(by delta: Cell) {
        guard let fits, let k = fitChoice else { return }
        guard let next = fits.step(from: k, by: delta) else {
            feedback = .note("No fit further that way")
            return
        }
        choose(next)
    }

    mutating func steerTurn(about axis: Axis, quarterTurns: Int) {
        guard let fits, let k = fitChoice, let pivot = cubeNearestCentre(of: fits.fits[k].cells) else { return }
        let r = axis.rotation(quarterTurns: quarterTurns)
        let shift = pivot - r.apply(pivot)
        let turned = fits.fits[k].cells.map { r.apply($0) + shift }
        guard let next = fits.turn(from: k, to: turned) else {
            feedback = .note("No fit turned that way")
            return
        }
        choose(next)
    }

    /// The next (or previous) fit of the cycle: the plan cell's while a click chose one, else
    /// every fit of the piece from the chosen one, in `Fits.cycleOrder` (lying as the piece does
    /// first; with judging on, every solvable fit before a dead end).
    mutating func cycleFit(forward: Bool) {
        guard let fits, let k = fitChoice, let i = selection else { return refuseNoFit() }
        let cycle: FitCycle
        if let current = fitCycle, current.order.contains(k) {
            cycle = current
        } else {
            cycle = FitCycle(cell: nil, order: fits.cycleOrder(Array(fits.fits.indices), first: k,
                                                              orientation: poses[i].orientation))
        }
        fitCycle = cycle
        guard cycle.order.count > 1, let at = cycle.order.firstIndex(of: k) else {
            feedback = .note("No other fit")
            return
        }
        let n = cycle.order.count
        choose(cycle.order[(at + (forward ? 1 : n - 1)) % n], keepCycle: true)
    }

    /// A click on the plan: the piece goes on a fit covering `cell`. The first click there takes
    /// the fit nearest the piece's chosen fit (among those keeping the figure solvable, when
    /// any do); clicking the same cell again takes the next one in cycle order.
    mutating func putOnFit(covering cell: Cell, forward: Bool = true, now: Double) {
        guard let fits else { return refuseNoFit() }
        if let cycle = fitCycle, cycle.cell == cell, let k = fitChoice, let at = cycle.order.firstIndex(of: k) {
            let n = cycle.order.count
            choose(cycle.order[(at + (forward ? 1 : n - 1)) % n], keepCycle: true)
        } else {
            let order = fits.covering(cell)
            guard !order.isEmpty else {
                feedback = .note(target.contains(cell) ? "\(pieces[selection!].letter) has no fit covering that cell"
                                                      : "That cell is not in the figure")
                return
            }
            let live = order.filter { !fits.fits[$0].deadEnd }
            let reference = fitChoice.map { fits.fits[$0].cells } ?? cells(ofPiece: selection!)
            let first = fits.nearest(to: reference, among: live.isEmpty ? order : live) ?? order[0]
            // The cycle starts at the chosen fit and goes on lying as the piece does first.
            fitCycle = FitCycle(cell: cell, order: fits.cycleOrder(order, first: first, orientation: poses[selection!].orientation))
            choose(first, keepCycle: true)
        }
        // Clicks cycling on one cell are one handling of the piece: one move.
        let message = feedback
        place(now: now, endsHandling: false)
        if feedback == nil { feedback = message }
    }

    /// The fit nearest the selected piece where it is now (a carry over the figure).
    mutating func snapToPiece() {
        guard let fits, let i = selection, let k = fits.nearest(to: cells(ofPiece: i)) else { return }
        if k != fitChoice { choose(k) }
    }

    /// Puts the selected piece on the chosen fit: one move, like a drop (which ends the handling
    /// unless `endsHandling` is false).
    mutating func place(now: Double, endsHandling: Bool = true) {
        guard let fits, let k = fitChoice, let i = selection else { return refuseNoFit() }
        let fit = fits.fits[k]
        guard Set(cells(ofPiece: i)) != Set(fit.cells) else {
            feedback = .note("\(pieces[i].letter) is there already")
            return
        }
        let deadEnd = fit.deadEnd
        change(now: now) { (_, _) throws(Refusal) in fit.placement }
        if deadEnd, feedback == nil { feedback = .note(deadEndMessage(pieces[i].letter)) }
        if endsHandling { handling = nil }
    }

    private mutating func choose(_ k: Int, keepCycle: Bool = false) {
        fitChoice = k
        if !keepCycle { fitCycle = nil }
        if let fits, fits.fits[k].deadEnd, let i = selection { feedback = .note(deadEndMessage(pieces[i].letter)) }
    }

    private func deadEndMessage(_ letter: Character) -> String {
        "Dead end: with \(letter) there the figure cannot be finished"
    }

    private mutating func refuseNoFit() {
        if assist == .off {
            feedback = .note("Fits need the assist: assist = \"fits\" in config.toml, or --assist fits")
        } else {
            feedback = selection == nil ? .refused(.noSelection) : .note("No fit: no room for this piece in the figure")
        }
    }

    /// True when some cube of the selected piece is over the figure's footprint (a carry there
    /// snaps to a fit; elsewhere the piece is just carried).
    func isOverFigure(_ i: Int) -> Bool {
        let footprint = Set(target.map { Cell($0.x, $0.y, 0) })
        return cells(ofPiece: i).contains { footprint.contains(Cell($0.x, $0.y, 0)) }
    }
}
