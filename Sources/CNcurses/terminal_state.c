/* The process-global state of the terminal session, defined exactly once.
   See CNcurses.h for why this cannot live in the header. Everything a signal handler touches
   is `volatile sig_atomic_t` or written with write(2)/tcsetattr(3), which are async-signal-safe. */
#include "CNcurses.h"

enum { cn_signal_count = 65 };

static volatile sig_atomic_t pending_signals[cn_signal_count];
static struct termios saved_termios;
static volatile sig_atomic_t termios_saved = 0;
static volatile sig_atomic_t modes_on = 0;

/* What undoes every mode the session turns on: focus, SGR, drag and click reporting off,
   cursor visible, normal screen. */
static const char restore_sequence[] =
    "\033[?1004l\033[?1006l\033[?1003l\033[?1002l\033[?1000l\033[?25h\033[?1049l";

static void flag_handler(int sig) {
    if (sig > 0 && sig < cn_signal_count) pending_signals[sig] = 1;
}

int cn_install_flag_handler(int sig) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = flag_handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;
    return sigaction(sig, &sa, NULL);
}

int cn_default_handler(int sig) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    return sigaction(sig, &sa, NULL);
}

int cn_take_signal(int sig) {
    if (sig <= 0 || sig >= cn_signal_count || !pending_signals[sig]) return 0;
    pending_signals[sig] = 0;
    return 1;
}

void cn_raise_flag(int sig) { flag_handler(sig); }

void cn_save_termios(void) {
    if (tcgetattr(0, &saved_termios) == 0) termios_saved = 1;
}

void cn_send_output_unprocessed(void) {
    struct termios mode;
    if (tcgetattr(1, &mode) != 0 || !(mode.c_oflag & OPOST)) return;
    mode.c_oflag &= ~(tcflag_t)OPOST;
    /* ncurses' program mode takes it, so that a resume after Ctrl-Z puts it back too. */
    if (tcsetattr(1, TCSANOW, &mode) == 0) def_prog_mode();
}

void cn_set_modes_on(int on) { modes_on = on; }

int cn_modes_are_on(void) { return modes_on; }

void cn_emergency_restore(void) {
    if (!modes_on) return;
    modes_on = 0;
    ssize_t ignored = cn_write_through(1, restore_sequence, sizeof restore_sequence - 1);
    (void)ignored;
    if (termios_saved) tcsetattr(0, TCSANOW, &saved_termios);
}

static void fatal_handler(int sig) {
    cn_emergency_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void atexit_restore(void) { cn_emergency_restore(); }

void cn_install_fatal_handlers(void) {
    static int installed = 0;
    if (installed) return;
    installed = 1;
    int sigs[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) signal(sigs[i], fatal_handler);
    atexit(atexit_restore);
}
