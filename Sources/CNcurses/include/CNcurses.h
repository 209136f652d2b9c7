/* The C side of the terminal: ncurses as Swift can call it, and the process-global state that
   signal handlers share with the app loop.

   Two kinds of thing live here, and the split between this header and `terminal_state.c` is
   the point of the file:
   - Stateless wrappers (`static inline` below). Swift cannot import function-like macros or
     the mutable globals stdscr/LINES/COLS in Swift 6 language mode (docs: terminal notes §1),
     so each is wrapped in a function. Inlining them into every Swift object file is harmless:
     they only read ncurses' own globals.
   - State that must exist exactly once: the pending-signal flags, the saved termios, whether
     our modes are on. It is declared here and defined in `terminal_state.c`. It must never be
     `static` storage of a header: every Swift object file that inlines such a header gets its
     own copy, and in the optimised build the signal handler set its copy of the flags while
     the app loop polled another, so SIGTERM, SIGHUP, SIGINT and SIGQUIT were ignored. */
#ifndef SOMA_CNCURSES_H
#define SOMA_CNCURSES_H
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
#include <stdint.h>
#include <langinfo.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* ---- Stateless wrappers over ncurses macros and globals ---- */

static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline WINDOW *cn_newscr(void) { return newscr; }
/* Sends what ncurses holds in its output buffer (the alternate screen, the keypad mode) without
   a refresh: the game draws its frames itself (FrameEncoder), and a refresh at start cleared the
   screen through ncurses' whole-screen update, 0.43M instructions a login (issue 35). ncurses
   exports it (libtinfo) but declares it only in its private header. */
extern void _nc_flush(void);
static inline void cn_flush_output(void) { _nc_flush(); }
/* ncurses forgets what it has pending (a clear, touched lines) without sending it: the game's
   next frame repaints the whole screen itself. */
static inline void cn_forget_pending(void) {
    untouchwin(stdscr);
    clearok(curscr, FALSE);
    clearok(newscr, FALSE);
}
/* Whether ncurses has anything to send at its next refresh (a clear after start, a resize or
   a resume, or lines touched). */
static inline int cn_has_pending(void) {
    return is_wintouched(stdscr) || is_cleared(curscr) || is_cleared(newscr);
}
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline SCREEN *cn_newterm(const char *term) { return newterm(term, stdout, stdin); }
static inline void cn_putraw(const char *s) { fputs(s, stdout); fflush(stdout); }
/* What the terminal has sent, up to `size` bytes in one read(2) of standard input (the session
   reads input itself, in bulk, instead of ncurses' byte at a time: RawInputSplitter.swift). */
static inline ssize_t cn_read_input(void *buffer, size_t size) { return read(0, buffer, size); }
/* 1 when standard input has something to read (or has ended) within `milliseconds`; 0 when time
   ran out or a signal came. */
static inline int cn_wait_input(int milliseconds) {
    struct pollfd input = { .fd = 0, .events = POLLIN, .revents = 0 };
    return poll(&input, 1, milliseconds < 0 ? 0 : milliseconds) > 0;
}
/* The scrolling region set to the whole screen of `rows` lines, where the terminal has one. */
static inline void cn_reset_scroll_region(int rows) {
    if (change_scroll_region != NULL && rows > 1) putp(tiparm(change_scroll_region, 0, rows - 1));
}
/* The terminal's size from the kernel (TIOCGWINSZ on standard output); 0 when it is not known. */
static inline int cn_window_size(int *rows, int *cols) {
    struct winsize size;
    if (ioctl(1, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return 0;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 1;
}
/* Standard error and the check of standard output, for Swift code that cannot name the C
   globals stdout/stderr in Swift 6 mode. A failed write to stderr is ignored: the exit status
   still tells. */
static inline void cn_write_stderr(const char *s) { fputs(s, stderr); fflush(stderr); }
/* 1 when something written to standard output could not be written (full disk, closed pipe). */
static inline int cn_stdout_failed(void) { return fflush(stdout) != 0 || ferror(stdout) != 0; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t cn_A_BOLD(void) { return A_BOLD; }
static inline attr_t cn_A_DIM(void) { return A_DIM; }
static inline attr_t cn_A_REVERSE(void) { return A_REVERSE; }
static inline attr_t cn_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t cn_A_NORMAL(void) { return A_NORMAL; }

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

/* The text of the string capability `name` of the terminal ncurses runs on; NULL when absent. */
static inline const char *cn_string_cap(const char *name) {
    char *s = tigetstr(name);
    return (s == NULL || s == (char *)-1) ? NULL : s;
}

/* 1 when the terminal has the boolean capability `name`. */
static inline int cn_flag_cap(const char *name) { return tigetflag(name) > 0; }

/* The terminal's numeric capability `name`; -1 when absent. */
static inline int cn_number_cap(const char *name) {
    int n = tigetnum(name);
    return n < 0 ? -1 : n;
}

/* The columns `c` takes on the terminal (the locale's view): -1 unprintable. wcwidth is
   declared by <wchar.h> only under _XOPEN_SOURCE, which SwiftPM does not set. */
extern int wcwidth(wchar_t c);
static inline int cn_wcwidth(wchar_t c) { return wcwidth(c); }

/* Draws one cell: `text` is a NUL-terminated wide string (a base character and its combining
   marks), drawn with attributes `attrs` and colour pair `pair`. */
static inline int cn_put_cell(WINDOW *w, int row, int col, const wchar_t *text, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attrs, (short)pair, NULL) != OK) return ERR;
    return mvwadd_wch(w, row, col, &cell);
}

/* ---- Signals: flag-only handlers polled by the app loop (state in terminal_state.c) ---- */

/* Installs the flag handler for `sig` without SA_RESTART, so a blocking read returns early. */
int cn_install_flag_handler(int sig);
/* Puts back the default action for `sig` (before stopping ourselves with SIGTSTP). */
int cn_default_handler(int sig);
/* Returns 1 and clears the flag when `sig` arrived since the last call. */
int cn_take_signal(int sig);
/* Raises the flag for `sig` as the handler would: for tests of the polling side. */
void cn_raise_flag(int sig);

/* ---- Last-resort restore for crashes and exit() paths ---- */

/* Remembers the terminal's modes (termios of fd 0) to put back on an emergency restore. */
void cn_save_termios(void);
/* The game's frames reach the terminal as they are, without the kernel's output processing
   (OPOST), which the terminal driver does a byte at a time: a 23 KB first frame cost about
   0.1 ms more of system time with it (issue 35). Only for frames the game writes itself
   (FrameEncoder): they never rely on a newline or tab being translated. Kept in ncurses'
   program mode; endwin gives the shell its own modes back. */
void cn_send_output_unprocessed(void);
/* Whether our terminal modes are on, i.e. whether an emergency restore has anything to undo. */
void cn_set_modes_on(int on);
int cn_modes_are_on(void);
/* Async-signal-safe: mouse and focus reporting off, cursor visible, normal screen, termios. */
void cn_emergency_restore(void);
/* Crash signals restore the terminal and then die as they would have; exit() paths restore
   through atexit. Idempotent. */
void cn_install_fatal_handlers(void);

/* ---- Formatting of parameterised strings, cached (tparm_cache.c) ---- */

/* The string of terminfo capability `format` for `count` (0 to 2) numbers, from the cache where
   it was formatted before; what ncurses' own calls go through in the release binary. NULL where
   ncurses gives none. The result is valid until the next call. */
char *cn_tparm(int count, const char *format, const int *numbers);

/* output_hold.c: what is written to `fd` between these two is written at once by the second
   (a frame in one piece); `cn_write_through` writes past any hold (signal handlers). */
void cn_hold_output(int fd);
int cn_release_output(void);
size_t cn_held_bytes(void);
ssize_t cn_write_through(int fd, const void *bytes, size_t count);
/* Writes all `count` bytes to `fd` past any hold, waiting (a second at most each time) while a
   non-blocking descriptor is full: a frame the game made itself (FrameEncoder). 0, or -1. */
int cn_write_all(int fd, const void *bytes, size_t count);
/* The same, formatted by ncurses every time: what the cache must equal. */
char *cn_tparm_uncached(int count, const char *format, const int *numbers);
/* How many calls the cache answered, since the process started (for the tests). */
long cn_tparm_cache_hits(void);

/* ---- malloc's thresholds raised before main (heap_thresholds.c) ---- */

/* 1 when, right after the raise, a block of a canvas's size came from the heap; -1 when it did
   not; 0 when nothing was done (a command that draws no game, or not glibc). For the tests. */
int cn_heap_thresholds_checked(void);
/* 1 when a process started with these arguments is (or may be) a game and has its thresholds
   raised; 0 for `soma solve`, `merge` and the other commands that draw no game. */
int cn_heap_thresholds_wanted(int argc, const char *const *argv);
#endif
