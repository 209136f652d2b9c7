import Files
import Generator
import Polycube

extension PlayCommand {
    /// Keeps a generated figure the player plays from a file among the generated figures (by
    /// its id), so that `soma play ID` and `soma figures` find it later; its progress is kept
    /// under its name, the id, like any figure's. A figure whose name is an id but whose shape
    /// is not that id's is someone's own figure, and left alone.
    static func keepIfGenerated(_ figure: Figure) {
        guard figure.pieceSet.name == PieceSet.soma.name, let id = FigureID(parsing: figure.name),
              FigureID(figure) == id else { return }
        let kept = GeneratedFigures()
        guard kept.path(of: id.text) == nil else { return }
        kept.keep(id: id.text, text: "; A generated figure kept when it was played.\n" + FigureWriter.native(figure))
    }
}
