import Solver

/// Which figure is the daily one: a rule from the date alone, so that every player on every
/// machine gets the same figure on the same UTC day, with nothing to fetch.
///
/// Rule 1: the seed is the 64-bit FNV-1a hash of `soma-daily-1-YYYY-MM-DD`, and the figure is
/// `FigureGenerator` version 1's first unique figure (exactly one distinct solution) of that
/// seed. A published day must never change: the rule, and the generator it uses, are frozen
/// (`DailyRuleTests` pins thirty dates to their ids). A better generator gets a new version and
/// a rule of its own for days from its first day on; the days before keep rule 1.
public enum DailyRule {
    public static let version = 1

    /// The request every day's figure meets.
    public static let request = GenerationRequest(solutions: 1)

    /// The day's seed.
    public static func seed(for day: PuzzleDay) -> UInt64 { fnv1a("soma-daily-\(version)-\(day)") }

    /// 64-bit FNV-1a of the text's UTF-8 bytes: the daily rules' seeds.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The day's figure, or why none was made (never, for rule 1's request: unique figures are
    /// one candidate in twenty).
    public static func figure(for day: PuzzleDay, control: SearchControl = SearchControl())
        throws(SearchCancelled) -> Result<GeneratedFigure, GenerationFailure> {
        try FigureGenerator.generate(request, seed: seed(for: day), control: control)
    }

    /// The day's figure file: the generated file with a first line naming the day.
    public static func fileText(_ figure: GeneratedFigure, day: PuzzleDay) -> String {
        "; The daily figure of \(day) (daily rule \(version)).\n" + figure.fileText
    }
}
