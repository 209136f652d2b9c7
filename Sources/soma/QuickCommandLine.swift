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
/// with `-`) or one of the flags `--count`, `--all`, `--raw`, `--json` and `--time` (no value,
/// each at most once); anything else (any option with a value, `--help`, `--draw`, `--`, a
/// repeated flag, no figure at all) returns nil
/// and goes to the parser, which stays the one definition of the command line. A test checks
/// that both read every accepted command line into the same `SolveRequest`.
enum QuickCommandLine {
    /// The request for `arguments` (the words after the program's name), or nil when the parser
    /// must read them.
    ///
    /// Written with a switch and plain flags rather than a set of strings: the first use of a
    /// `Set<String>` makes the runtime look up String's Hashable conformance, which is again the
    /// scan of every record this type exists to avoid (a million instructions).
    static func solveRequest(_ arguments: [String]) -> SolveRequest? {
        guard arguments.first == "solve" else { return nil }
        var request = SolveRequest(figures: [])
        var seen = (count: false, all: false, raw: false, json: false, time: false)
        for word in arguments.dropFirst() {
            switch word {
            case "--count" where !seen.count: (seen.count, request.count) = (true, true)
            case "--all" where !seen.all: (seen.all, request.all) = (true, true)
            case "--raw" where !seen.raw: (seen.raw, request.raw) = (true, true)
            case "--json" where !seen.json: (seen.json, request.json) = (true, true)
            case "--time" where !seen.time: (seen.time, request.time) = (true, true)
            // Any other option, a repeated flag, `--`, `-h`: the parser's to read. So are `help`
            // (as in `soma solve help`) and an empty word.
            case _ where word.hasPrefix("-"), "help", "": return nil
            default: request.figures.append(word)
            }
        }
        return request.figures.isEmpty ? nil : request
    }
}
