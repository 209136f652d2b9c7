import CommandOptions

/// The commonest `soma solve` command lines, read without the argument parser.
///
/// Why: argument-parser learns a command's options by reflection (`Mirror`) and casts each
/// property wrapper to its protocols, and the Swift runtime answers the first such cast by
/// scanning every protocol conformance record in the binary (about 4,900 here). For
/// `soma solve 3x20 --count` that was 17 million instructions of the process's 28 million,
/// more than the search itself (issue 14, start-up). Scripts and benchmarks run exactly these
/// short command lines, over and over.
///
/// The quick path takes a command line only when every word is a figure (a word not starting
/// with `-`), one of the flags `--count`, `--all`, `--raw`, `--json` and `--time`, or
/// `--threads N` or `--limit N`, each at most once; anything else (another option, `--help`,
/// `--draw`, `--`, a repeated one, `--threads=N`, no figure at all) returns nil
/// and goes to the parser, which stays the one definition of the command line. A test checks
/// that both read every accepted command line into the same `SolveRequest`.
public enum QuickCommandLine {
    /// The request for `arguments` (the words after the program's name), or nil when the parser
    /// must read them.
    ///
    /// Written with a switch and plain flags rather than a set of strings: the first use of a
    /// `Set<String>` makes the runtime look up String's Hashable conformance, which is again the
    /// scan of every record this type exists to avoid (a million instructions).
    public static func solveRequest(_ arguments: [String]) -> SolveRequest? {
        guard arguments.first == "solve" else { return nil }
        var request = SolveRequest(figures: [])
        var seen = (count: false, all: false, raw: false, json: false, time: false)
        var words = arguments.dropFirst()
        while let word = words.popFirst() {
            switch word {
            case "--count" where !seen.count: (seen.count, request.count) = (true, true)
            case "--all" where !seen.all: (seen.all, request.all) = (true, true)
            case "--raw" where !seen.raw: (seen.raw, request.raw) = (true, true)
            case "--json" where !seen.json: (seen.json, request.json) = (true, true)
            case "--time" where !seen.time: (seen.time, request.time) = (true, true)
            // The two options with a value that scripts give most, as `--threads 4`, read by the
            // parser's own reader (`WholeNumber`); `--threads=4`, a second `--threads` or a value
            // it refuses are the parser's to read (and to answer).
            case "--threads" where request.threads == nil:
                guard let value = words.popFirst().flatMap(WholeNumber<AtLeastOne>.init(argument:)) else { return nil }
                request.threads = value
            case "--limit" where request.limit == nil:
                guard let value = words.popFirst().flatMap(WholeNumber<AtLeastOne>.init(argument:)) else { return nil }
                request.limit = value
            // Any other option, a repeated one, `--`, `-h`: the parser's to read. So are `help`
            // (as in `soma solve help`) and an empty word.
            case _ where word.hasPrefix("-"), "help", "": return nil
            default: request.figures.append(word)
            }
        }
        return request.figures.isEmpty ? nil : request
    }
}
