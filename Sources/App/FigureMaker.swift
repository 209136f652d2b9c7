#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files
import Game
import Generator

/// Makes the figures the play menu asks for (`Game.FigureRequest`), on a worker thread of the
/// loop: today's figure by the daily rule, a new one of a grade from a seed drawn here, at the
/// edge (the generator itself only ever gets a seed); the board menu's today's pentomino puzzle
/// by the daily pento rule. Each is kept among the generated figures,
/// as `soma generate` keeps them, so `soma play ID` finds it again.
public enum FigureMaker {
    public static func make(_ request: FigureRequest) -> MadeFigure {
        let generated: Result<GeneratedFigure, GenerationFailure>
        let text: (GeneratedFigure) -> String
        var day: PuzzleDay?
        do {
            switch request {
            case .today:
                let date = Self.today()
                day = date
                generated = try DailyRule.figure(for: date)
                text = { DailyRule.fileText($0, day: date) }
            case .todaysPuzzle(let day):
                return makePuzzle(request, day: day)
            case .new(let grade):
                generated = try FigureGenerator.generate(GenerationRequest(grade: grade), seed: UInt64.random(in: .min ... .max))
                text = \.fileText
            }
        } catch {
            return MadeFigure(request: request, problem: "stopped")
        }
        switch generated {
        case .success(let figure):
            GeneratedFigures().keep(id: figure.id.text, text: text(figure))
            var made = figure.figure
            made.title = GeneratedFigures.title(id: figure.id.text, grade: figure.grade.value, day: day.map { "\($0)" })
            return MadeFigure(request: request, figure: made)
        case .failure(let failure):
            return MadeFigure(request: request, problem: failure.description)
        }
    }

    /// The daily pentomino puzzle of `day` (the board menu's "Today's puzzle"): the same board
    /// and fixed tiles as `soma daily pento` plays for that day.
    private static func makePuzzle(_ request: FigureRequest, day text: String) -> MadeFigure {
        guard let day = PuzzleDay(parsing: text) else { return MadeFigure(request: request, problem: "the day is not a date") }
        do {
            return MadeFigure(request: request, figure: try DailyPentoRule.puzzle(for: day).figure)
        } catch {
            return MadeFigure(request: request, problem: "stopped")
        }
    }

    /// Today (UTC), or `$SOMA_TODAY` when it is a date; never a message (the game is on screen).
    static func today() -> PuzzleDay {
        ProgressOptions.served("SOMA_TODAY").flatMap(PuzzleDay.init(parsing:))
            ?? PuzzleDay(secondsSince1970: Date().timeIntervalSince1970)
    }
}
