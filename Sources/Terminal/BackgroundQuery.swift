/// The question the session asks the terminal about its background colour (OSC 11), and then
/// never waits for: the first frame is drawn at once in the default theme, and the answer,
/// which comes with the input whenever the terminal and the network deliver it (a local
/// terminal in a few milliseconds, a player across an ocean in hundreds), is decoded there
/// (`InputDecoder`) and redraws the screen in the theme it picks.
///
/// Asked once ncurses has put the terminal in raw mode without echo, so that an answer is never
/// echoed or held in a line buffer whenever it comes, and before ncurses' first refresh
/// clears the screen, which wipes whatever a terminal that does not know the query prints of it
/// (the Linux console shows `11;?`).
enum BackgroundQuery {
    /// OSC 11 with `?` for the colour, ended by ST. Terminals that do not know it stay silent.
    static let query = "\u{1b}]11;?\u{1b}\\"
}
