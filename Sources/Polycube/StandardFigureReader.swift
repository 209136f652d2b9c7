/// Reads the standard notation of the Soma community (see `FigureFormat.standard`).
///
/// A published figure in this notation shows one solution: the digits say which piece fills
/// each cell. A figure is the puzzle, not its answer, so the digits only mark cells.
struct StandardFigureReader {
    var path: String

    func read(_ text: String) throws -> Figure {
        var cells: [Cell] = []
        var layerCount: Int?
        var row = 0
        let lines = SourceLine.lines(of: text)
        for line in lines {
            func fail(_ column: Int, _ message: String) -> FigureFileError {
                FigureFileError(path: path, line: line.number, column: column, message: message)
            }
            let body = SourceLine.trimming(line.text)
            if body.isEmpty || body.contains(";") || body.hasPrefix("/SOMA") { continue }
            guard body.first == "/" else {
                throw fail(line.column(of: body.startIndex), "expected a row starting with `/`")
            }
            var layers = body.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
            if layers.count > 1, layers.last!.isEmpty { layers.removeLast() }  // a closing `/`
            if let expected = layerCount, layers.count != expected {
                throw fail(line.column(of: body.endIndex),
                           "this row has \(layers.count) layers; expected \(expected) like the first row")
            }
            layerCount = layers.count
            for (k, layer) in layers.enumerated() {
                for (x, (index, ch)) in zip(layer.indices, layer).enumerated() {
                    switch ch {
                    case "1"..."7": cells.append(Cell(x, -row, layers.count - 1 - k))
                    case ".", "-", "0": continue
                    default:
                        throw fail(line.column(of: index),
                                   "unexpected `\(ch)`; expected a piece digit 1-7 or `.`, `-`, `0` for empty")
                    }
                }
            }
            row += 1
        }
        guard !cells.isEmpty else {
            throw FigureFileError(path: path, line: max(lines.count, 1), column: 1,
                                  message: "no cells: expected rows like `/111/.2./...`")
        }
        return Figure(name: FigureReader.defaultName(for: path), cells: normalising(cells, []).cells)
    }
}
