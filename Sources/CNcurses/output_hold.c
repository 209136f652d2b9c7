/* A frame written to the terminal in one piece.

   Why: ncurses flushes its output buffer at every cursor movement of `doupdate`, so the game's
   first frame (25 KB at 100x30) reached the terminal in 54 writes. Over SSH each write is a
   wake-up of soma-server, a packet encrypted and sent: a login's cost on both sides
   (issue 35, item 4). Held while ncurses draws and written at once, the frame is the same
   bytes in one or two writes.

   How: the release binary is linked with `--wrap=write` on Linux (Package.swift, CNcurses), so
   ncurses' calls to write(2) reach `__wrap_write` here. Between `cn_hold_output(fd)` and
   `cn_release_output()` (Presenter, around `doupdate`) what is written to that descriptor is
   appended to a buffer (at most 1 MB: past that the buffer is written out first); any other
   descriptor, or any write outside a hold, goes straight through. Where ncurses is a shared
   library its calls are not redirected and nothing is held: the bytes and their order are the
   same either way. The emergency restore of a signal handler writes through
   `cn_write_through`, never into a held buffer. */
#include "CNcurses.h"
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
ssize_t __real_write(int fd, const void *bytes, size_t count);
#define CN_REAL_WRITE __real_write
#else
#define CN_REAL_WRITE write
#endif

enum { cn_hold_limit = 1 << 20 };

static int held_fd = -1;
static char *held;
static size_t held_count;
static size_t held_room;

ssize_t cn_write_through(int fd, const void *bytes, size_t count) {
    return CN_REAL_WRITE(fd, bytes, count);
}

/* Writes all of `count` bytes, waiting (at most a second each time) when the descriptor is
   non-blocking and full; 0, or -1 with errno set. */
static int write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = CN_REAL_WRITE(fd, bytes, count);
        if (written > 0) {
            bytes += written;
            count -= (size_t)written;
        } else if (written < 0 && errno == EINTR) {
            continue;
        } else if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd ready = { .fd = fd, .events = POLLOUT };
            if (poll(&ready, 1, 1000) <= 0) return -1;
        } else {
            return -1;
        }
    }
    return 0;
}

static int flush_held(void) {
    if (held_count == 0 || held_fd < 0) return 0;
    int status = write_all(held_fd, held, held_count);
    held_count = 0;
    return status;
}

/* Anything held for `fd` goes first, so the bytes keep their order. */
int cn_write_all(int fd, const void *bytes, size_t count) {
    if (held_fd == fd && flush_held() != 0) return -1;
    return write_all(fd, bytes, count);
}

void cn_hold_output(int fd) {
    if (held_fd >= 0) flush_held();
    held_fd = fd;
    held_count = 0;
}

int cn_release_output(void) {
    int status = flush_held();
    held_fd = -1;
    /* A frame's buffer is kept for the next; a large one (a 1 MB frame) is given back. */
    if (held_room > (256 << 10)) {
        free(held);
        held = NULL;
        held_room = 0;
    }
    return status;
}

size_t cn_held_bytes(void) { return held_count; }

#if defined(__linux__)
ssize_t __wrap_write(int fd, const void *bytes, size_t count) {
    if (fd != held_fd || held_fd < 0 || count == 0) return __real_write(fd, bytes, count);
    if (count > cn_hold_limit - held_count) {
        if (flush_held() != 0) return -1;
        if (count > cn_hold_limit) return __real_write(fd, bytes, count);
    }
    if (held_count + count > held_room) {
        size_t room = held_room ? held_room : 32 << 10;
        while (room < held_count + count) room *= 2;
        if (room > cn_hold_limit) room = cn_hold_limit;
        char *grown = realloc(held, room);
        if (grown == NULL) {
            if (flush_held() != 0) return -1;
            return __real_write(fd, bytes, count);
        }
        held = grown;
        held_room = room;
    }
    memcpy(held + held_count, bytes, count);
    held_count += count;
    return (ssize_t)count;
}
#endif
