/* Header-only shim over ncursesw for Swift 6 (see docs/terminal.md §1).
   Swift cannot import function-like macros or the mutable globals stdscr/LINES/COLS
   in Swift 6 language mode, so they are wrapped in static inline functions here.
   The signal handlers live here too: a handler must be async-signal-safe, which plain C with
   `volatile sig_atomic_t` and write(2) guarantees and a Swift closure does not. */
#ifndef SOMA_CNCURSES_SHIM_H
#define SOMA_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1   /* SwiftPM drops pkg-config's -D_XOPEN_SOURCE, which normally sets this */
#endif
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <termios.h>
#include <wchar.h>
#include <time.h>
#include <langinfo.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline SCREEN *cn_newterm(const char *term) { return newterm(term, stdout, stdin); }
static inline void cn_eprint(const char *s) { fputs(s, stderr); fflush(stderr); }
static inline void cn_putraw(const char *s) { fputs(s, stdout); fflush(stdout); }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/* Seconds on the monotonic clock: the app loop's time source (never the wall clock). */
static inline double cn_monotonic_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* True when the terminal description has the capability (tigetstr returns NULL when absent
   and (char *)-1 when the name is not a string capability). */
static inline int cn_has_string_cap(const char *name) {
    char *s = tigetstr(name);
    return s != NULL && s != (char *)-1;
}

/* Draws one cell: `text` is a NUL-terminated wide string (a base character and its combining
   marks), drawn with attributes `attrs` and colour pair `pair`. */
static inline int cn_put_cell(WINDOW *w, int row, int col, const wchar_t *text, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, (short)pair, NULL) != OK) return ERR;
    return mvwadd_wch(w, row, col, &cell);
}
static inline attr_t cn_A_BOLD(void) { return A_BOLD; }
static inline attr_t cn_A_DIM(void) { return A_DIM; }
static inline attr_t cn_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t cn_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t cn_A_NORMAL(void) { return A_NORMAL; }

/* ---- Signals: flag-only handlers polled by the app loop ---- */

/* Storage lives in function-local statics: Swift's importer emits the functions it uses from a
   header, but not file-scope arrays or structs. */
static inline __attribute__((always_inline)) volatile sig_atomic_t *cn_pending_signals(void) {
    static volatile sig_atomic_t flags[65];
    return flags;
}

static void cn_flag_handler(int sig) {
    if (sig > 0 && sig < 65) cn_pending_signals()[sig] = 1;
}

/* Installs the flag handler for `sig` without SA_RESTART, so a blocking read returns early. */
static inline int cn_install_flag_handler(int sig) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = cn_flag_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    return sigaction(sig, &sa, NULL);
}

static inline int cn_default_handler(int sig) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL);
}

/* Returns 1 and clears the flag when `sig` arrived since the last call. */
static inline int cn_take_signal(int sig) {
    volatile sig_atomic_t *flags = cn_pending_signals();
    if (sig <= 0 || sig >= 65 || !flags[sig]) return 0;
    flags[sig] = 0;
    return 1;
}

/* ---- Last-resort restore for crashes and exit() paths ---- */

static inline __attribute__((always_inline)) struct termios *cn_saved_termios(void) {
    static struct termios saved;
    return &saved;
}
static volatile sig_atomic_t cn_termios_saved = 0;
static volatile sig_atomic_t cn_modes_on = 0;

/* What undoes every mode the session turns on: focus, SGR, drag and click reporting off,
   cursor visible, normal screen. */
static const char cn_restore_sequence[] =
    "\033[?1004l\033[?1006l\033[?1002l\033[?1000l\033[?25h\033[?1049l";

static inline void cn_save_termios(void) {
    if (tcgetattr(0, cn_saved_termios()) == 0) cn_termios_saved = 1;
}

static inline void cn_set_modes_on(int on) { cn_modes_on = on; }

/* Async-signal-safe: only write(2) and tcsetattr(3). */
static void cn_emergency_restore(void) {
    if (!cn_modes_on) return;
    cn_modes_on = 0;
    ssize_t ignored = write(1, cn_restore_sequence, sizeof cn_restore_sequence - 1);
    (void)ignored;
    if (cn_termios_saved) tcsetattr(0, TCSANOW, cn_saved_termios());
}

static void cn_fatal_handler(int sig) {
    cn_emergency_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void cn_atexit_restore(void) { cn_emergency_restore(); }

/* Crash signals restore the terminal and then die as they would have; exit() paths (a
   fatal error that calls exit, a library's exit) restore through atexit. */
static inline void cn_install_fatal_handlers(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], cn_fatal_handler);
    atexit(cn_atexit_restore);
}
#endif
