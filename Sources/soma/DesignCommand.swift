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
import Game
import Polycube
import Scene
import Store
import Terminal
import App
import SolveJobs

/// `soma design [FILE]`: build a new Soma figure in the terminal, or change an existing one.
///
/// The file side of the designer lives here, at the edge: where figures are saved
/// (`$XDG_CONFIG_HOME/soma/figures`), where the design in progress is autosaved
/// (`$XDG_STATE_HOME/soma/design-autosave.figure`) and how files are written (atomically, so a
/// dropped connection never leaves half a file).
struct DesignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "design",
        abstract: "Design a new figure: draw cubes on the plane facing the camera.",
        discussion: """
            Needs a full-screen terminal. Keys: arrows move the cursor on the drawing plane, \
            [ and ] (PgDn/PgUp) move the plane, Space adds a cube, x removes one, u/U undo/redo, \
            Shift-arrows orbit, s saves (native format), e exports (yass .soma), ? help, q quits. \
            Mouse: click a face to add the cube on it (or a dot of the drawing plane), drag to paint, right-click to remove, \
            drag on empty space to orbit.
            Figures are saved to $XDG_CONFIG_HOME/soma/figures (default ~/.config/soma/figures) \
            as NAME.figure, under a file name safe to type (My Tower is my-tower.figure); play one \
            with `soma play NAME`, list them with `soma figures`. The design in progress is kept in \
            $XDG_STATE_HOME/soma (default ~/.local/state/soma) after every change and comes \
            back when `soma design` starts without FILE.
            """)

    @Argument(help: "A figure to open: a file in the native, yass or standard format, or a name from `soma figures`.")
    var file: String?

    @Option(name: .customLong("figures-dir"), help: "Where saved figures go (default: $XDG_CONFIG_HOME/soma/figures).")
    var figuresDirectory: String?

    @Option(name: .customLong("state-dir"), help: "Where the design in progress is autosaved (default: $XDG_STATE_HOME/soma).")
    var stateDirectory: String?

    @Option(help: "Picture style: auto (what the terminal shows best), ascii or blocks.")
    var style: DesignStyle = .auto

    enum DesignStyle: String, ExpressibleByArgument, CaseIterable {
        case auto, ascii, blocks

        // Written out, as `PictureOptions.Style` does: argument-parser's defaults reflect.
        static var allValueStrings: [String] { allCases.map(\.rawValue) }
        static var allValueDescriptions: [String: String] { [:] }
        var defaultValueDescription: String { rawValue }
    }

    func run() throws {
        let places = XDGPaths.current
        let figures = figuresDirectory ?? places.figuresDirectory
        let autosave = places.designAutosave(in: stateDirectory)
        var autosaveBlocked = false
        var autosaveFailure: String?

        var design = Design()
        var path: String?
        if let file {
            let figure: Figure
            do {
                figure = try FigureReader.load(nameOrPath: file)
                // A figure of the player's, by name or path, is saved back to its own file.
                if !Catalog.names.contains(file) { path = try FigureReader.locate(nameOrPath: file) }
            } catch {
                StandardStreams.printError("soma design: \(error)")
                throw ExitCode(2)
            }
            guard figure.cells.count <= Design.maximumCells else {
                StandardStreams.printError("soma design: \(UntrustedText.shown(file)) has \(figure.cells.count) cubes; "
                    + "the designer draws at most \(Design.maximumCells) (play or show it instead)")
                throw ExitCode(2)
            }
            design = Design(figure: figure)
        } else if FileManager.default.fileExists(atPath: autosave) {
            // A damaged autosave must not lock the player out, nor be lost: it is kept aside
            // under a name of its own (never over an earlier copy), and the design starts afresh.
            do {
                let saved = try FigureReader.load(path: autosave)
                guard saved.cells.count <= Design.maximumCells else {
                    throw DesignTooLarge(cubes: saved.cells.count)
                }
                design = Design(figure: saved)
            } catch {
                do {
                    let kept = try KeptAside.move(autosave, suffix: "damaged")
                    Self.say("soma design: the autosaved design cannot be read (\(error)); kept as \(kept)")
                } catch let aside {
                    // It cannot be moved: leave it where it is and write no autosave over it.
                    Self.say("soma design: the autosaved design cannot be read (\(error)) nor moved aside "
                        + "(\(aside.reason)); it is left as it is and this design will not be autosaved")
                    autosaveBlocked = true
                }
            }
        }

        let settings = try AppearanceOptions.settings(command: "soma design")
        let session: TerminalSession
        do {
            session = try TerminalSession(asksBackground: settings.theme == nil)
        } catch {
            // The terminal's messages speak of `play`; this one is about `design`.
            let message = error == .notATerminal
                ? "soma: design needs a terminal: standard input and output must not be redirected"
                : error.message
            StandardStreams.printError(message)
            throw ExitCode(2)
        }
        let size = session.size
        var designer = DesignerSession(design: design, path: path, width: size.width, height: size.height,
                                       style: renderStyle(session, settings: settings))
        try? designer.remapKeys(settings.designKeys)   // checked as the settings were read
        let program = DesignerProgram(screen: designer, style: designer.style, now: AppLoop.now(),
                                      writeFile: { file in Self.write(file, into: figures) })
        let (_, outcome) = AppLoop.run(program, in: session) { program in
            guard !autosaveBlocked else { return nil }
            autosaveFailure = Self.autosave(program.screen.design, to: autosave)
            return autosaveFailure
        }
        if let autosaveFailure { Self.say("soma design: the design in progress was NOT autosaved: \(autosaveFailure)") }
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
        if autosaveFailure != nil { throw ExitCode(1) }
    }

    /// An autosave larger than the designer draws (written by an older soma): set aside as a
    /// damaged one is, so that it never makes the designer unstartable.
    struct DesignTooLarge: Error, CustomStringConvertible {
        var cubes: Int
        var description: String { "\(cubes) cubes; the designer draws at most \(Design.maximumCells)" }
    }

    // MARK: Files

    /// Writes a figure file into `folder` (created if needed), atomically; an existing file
    /// only when `file.replacing` says so.
    static func write(_ file: DesignFile, into folder: String) -> DesignFileOutcome {
        let path = folder + "/" + file.fileName
        if !file.replacing && FileManager.default.fileExists(atPath: path) {
            return .exists(path: path, format: file.format)
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return .written(path: path, format: file.format)
        } catch {
            return .failed("Cannot write \(path): \(StoreError.words(error))")
        }
    }

    /// Keeps the design in progress: the native text, written atomically; an empty design leaves
    /// no autosave behind. A failure never stops the player: it is returned (the path and the
    /// reason), to be said when the designer ends.
    static func autosave(_ design: Design, to path: String) -> String? {
        if design.isEmpty {
            try? FileManager.default.removeItem(atPath: path)
            return nil
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(FigureWriter.native(design.figure).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "\(path): \(StoreError.words(error))"
        }
    }

    static func say(_ line: String) {
        StandardStreams.printError(line)
    }

    /// What the picture is drawn with: `--style`, or what the terminal shows best.
    private func renderStyle(_ session: TerminalSession, settings: Settings) -> RenderStyle {
        var automatic = AppearanceOptions.style(for: session, settings: settings)
        switch style {
        case .auto: break
        case .ascii: automatic.glyphs = .ascii
        case .blocks: automatic.glyphs = .blocks
        }
        return automatic
    }
}
