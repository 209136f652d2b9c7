import ArgumentParser
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Polycube
import Scene
import SolveJobs

/// `soma show FIGURE|FILE`: the figure's isometric picture on stdout, pre-placed pieces in their
/// colours, so a player can see a figure before playing or solving it.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print the isometric picture of a figure.")

    @Argument(help: "A figure: a name from `soma figures` or a figure file.")
    var figure: String

    @OptionGroup var picture: PictureOptions

    func run() throws {
        let loaded: Figure
        do {
            loaded = try FigureReader.load(nameOrPath: figure)
        } catch {
            StandardStreams.printError("soma show: \(error)")
            throw ExitCode(2)
        }
        print(loaded.name)
        print(FigurePicture.render(figureCells: loaded.cells, pieces: loaded.preplaced, pieceSet: loaded.pieceSet,
                                   style: picture.glyphs, view: picture.view, width: picture.width,
                                   color: picture.colors))
    }
}
