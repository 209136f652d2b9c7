/* Header-only shim over ncursesw for Swift 6 (see ../shared/notes/terminal.md §1).
   Swift cannot import function-like macros or the mutable globals stdscr/LINES/COLS
   in Swift 6 language mode, so they are wrapped in static inline functions here. */
#ifndef SOMA_CNCURSES_SHIM_H
#define SOMA_CNCURSES_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1   /* SwiftPM drops pkg-config's -D_XOPEN_SOURCE, which normally sets this */
#endif
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <signal.h>
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
#endif
