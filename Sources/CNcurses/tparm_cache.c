/* A cache in front of ncurses' own parameter formatting (`_nc_tiparm`, behind its TIPARM_n
   macros): the strings it sends to change colour (setaf/setab) and move the cursor.

   Why: the first frame of the game changes colour about 1,750 times, and every change formats
   the foreground and background strings again by interpreting terminfo's little stack language
   (xterm-256color's setaf is `\E[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m`):
   5.4M instructions of a login's start-up (issue 35, item 4). A change's string depends only
   on the format and its numbers, so each (format, numbers) is formatted once; the bytes sent
   are the same.

   How: the release binary is linked statically and with `--wrap=_nc_tiparm` (Package.swift,
   CNcurses), so ncurses' calls reach `__wrap__nc_tiparm` here, which asks the real one
   (`__real__nc_tiparm`) only on a miss. Where ncurses is a shared library (the debug build the
   tests use) its calls inside the library are not redirected; the tests call the cache
   directly (`cn_tparm_cached`).

   Only formats that are pure functions of their numbers are kept: none with terminfo's
   variables (%P, %g: state that persists between calls). A result is returned from the cache's
   own storage, which a later call may overwrite, as ncurses' own result buffer is. */
#include "CNcurses.h"
#include <stdarg.h>

/* ncurses has had `_nc_tiparm` since 6.2.20211010 (6.3); the linker flag is Linux's. */
#if defined(__linux__) && defined(NCURSES_VERSION_PATCH) && \
    (NCURSES_VERSION_MAJOR > 6 || (NCURSES_VERSION_MAJOR == 6 && \
        (NCURSES_VERSION_MINOR > 2 || NCURSES_VERSION_PATCH >= 20211010)))
#define CN_HAS_NC_TIPARM 1
#endif

enum {
    cn_tparm_slots = 1024,         /* direct-mapped entries: colours and cursor moves of a frame */
    cn_tparm_result_room = 40,     /* the longest result kept, its NUL included */
    cn_tparm_format_room = 16,     /* distinct formats remembered (a terminal uses a handful) */
    cn_tparm_max_numbers = 2,      /* setaf/setab take one number, cursor moves one or two */
};

struct cn_tparm_entry {
    int format;                    /* index in `formats` plus one; 0: the slot is empty */
    int count;
    int numbers[cn_tparm_max_numbers];
    char result[cn_tparm_result_room];
};

/* A format as ncurses handed it (its address in the terminal's entry) and a copy of its text:
   the address alone could be reused by another terminal's strings. */
struct cn_tparm_format {
    const char *address;
    char *text;
    int cacheable;
};

/* The slots, allocated at the first format kept (57 KB): from the heap, rather than static
   storage whose 14 pages the first frame faulted in one by one, each twice (read, then
   written: 24 of a login's page faults, issue 35); on the heap only the slots used are
   touched, and each once. NULL until then, and when that allocation failed (nothing is kept then). */
static struct cn_tparm_entry *entries;
static struct cn_tparm_format formats[cn_tparm_format_room];
static int format_count = 0;
static long hits = 0;

long cn_tparm_cache_hits(void) { return hits; }

/* 1 when the format's output depends only on its numbers. */
static int is_pure(const char *format) {
    for (const char *p = format; *p; p++) {
        if (*p != '%') continue;
        p++;
        if (*p == '\0') break;
        if (*p == 'P' || *p == 'g') return 0;
    }
    return 1;
}

static void forget_entries_of(int index) {
    if (entries == NULL) return;
    for (int i = 0; i < cn_tparm_slots; i++)
        if (entries[i].format == index + 1) entries[i].format = 0;
}

/* The format's index, registering it on first sight; -1 when it is not to be cached. */
static int format_index(const char *format) {
    for (int i = 0; i < format_count; i++) {
        if (formats[i].address != format) continue;
        if (strcmp(formats[i].text, format) == 0) return formats[i].cacheable ? i : -1;
        /* The address now holds another string: forget what was kept for the old one. */
        char *text = strdup(format);
        if (text == NULL) return -1;
        free(formats[i].text);
        formats[i].text = text;
        formats[i].cacheable = is_pure(format);
        forget_entries_of(i);
        return formats[i].cacheable ? i : -1;
    }
    if (format_count == cn_tparm_format_room) return -1;
    char *text = strdup(format);
    if (text == NULL) return -1;
    formats[format_count] = (struct cn_tparm_format){ format, text, is_pure(format) };
    format_count++;
    return formats[format_count - 1].cacheable ? format_count - 1 : -1;
}

/* A format's colours 0-1023 take slots of their own: the 256 colours of a foreground or a
   background never evict each other. */
static unsigned slot_of(int index, int count, const int *numbers) {
    unsigned slot = (unsigned)index * 257u + (unsigned)count * 7u;
    if (count > 0) slot += (unsigned)numbers[0];
    if (count > 1) slot += (unsigned)numbers[1] * 37u;
    return slot % cn_tparm_slots;
}

static char *cn_tparm_cached(int count, const char *format, const int *numbers,
                      char *(*format_now)(int, const char *, const int *)) {
    if (format == NULL || count < 0 || count > cn_tparm_max_numbers) return format_now(count, format, numbers);
    int index = format_index(format);
    if (index < 0) return format_now(count, format, numbers);
    if (entries == NULL) entries = calloc(cn_tparm_slots, sizeof *entries);
    if (entries == NULL) return format_now(count, format, numbers);
    struct cn_tparm_entry *entry = &entries[slot_of(index, count, numbers)];
    if (entry->format == index + 1 && entry->count == count) {
        int same = 1;
        for (int i = 0; i < count; i++) same &= entry->numbers[i] == numbers[i];
        if (same) {
            hits++;
            return entry->result;
        }
    }
    char *result = format_now(count, format, numbers);
    if (result == NULL) return NULL;
    size_t length = strlen(result);
    if (length >= cn_tparm_result_room) return result;
    entry->format = index + 1;
    entry->count = count;
    for (int i = 0; i < count; i++) entry->numbers[i] = numbers[i];
    memcpy(entry->result, result, length + 1);
    return entry->result;
}

#ifdef CN_HAS_NC_TIPARM
/* ncurses' own (lib_tparm.c), reached through the linker's --wrap. */
char *__real__nc_tiparm(int expected, const char *string, ...);

/* Calls the real formatter with the numbers ncurses gave (its TIPARM_n pass ints only). */
static char *format_by_ncurses(int count, const char *format, const int *n) {
    switch (count) {
    case 0: return __real__nc_tiparm(0, format);
    case 1: return __real__nc_tiparm(1, format, n[0]);
    case 2: return __real__nc_tiparm(2, format, n[0], n[1]);
    case 3: return __real__nc_tiparm(3, format, n[0], n[1], n[2]);
    case 4: return __real__nc_tiparm(4, format, n[0], n[1], n[2], n[3]);
    case 5: return __real__nc_tiparm(5, format, n[0], n[1], n[2], n[3], n[4]);
    case 6: return __real__nc_tiparm(6, format, n[0], n[1], n[2], n[3], n[4], n[5]);
    case 7: return __real__nc_tiparm(7, format, n[0], n[1], n[2], n[3], n[4], n[5], n[6]);
    case 8: return __real__nc_tiparm(8, format, n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7]);
    default: return __real__nc_tiparm(9, format, n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], n[8]);
    }
}

char *__wrap__nc_tiparm(int expected, const char *string, ...) {
    if (expected < 0 || expected > 9) return NULL;   /* no TIPARM_n passes such a count */
    int numbers[9] = { 0 };
    va_list ap;
    va_start(ap, string);
    for (int i = 0; i < expected; i++) numbers[i] = va_arg(ap, int);
    va_end(ap);
    return cn_tparm_cached(expected, string, numbers, format_by_ncurses);
}

static char *format_by_tiparm(int count, const char *format, const int *n) {
    return format_by_ncurses(count, format, n);
}
#else
/* No `_nc_tiparm` to wrap (another system, an older ncurses): nothing goes through the cache but
   the tests' calls, formatted by `tparm`, which every ncurses has (nine long numbers). */
static char *format_by_tiparm(int count, const char *format, const int *n) {
    long a = count > 0 ? n[0] : 0, b = count > 1 ? n[1] : 0;
    return tparm((char *)format, a, b, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
}
#endif

char *cn_tparm(int count, const char *format, const int *numbers) {
    if (count < 0 || count > cn_tparm_max_numbers) return NULL;
    return cn_tparm_cached(count, format, numbers, format_by_tiparm);
}

char *cn_tparm_uncached(int count, const char *format, const int *numbers) {
    if (count < 0 || count > cn_tparm_max_numbers) return NULL;
    return format_by_tiparm(count, format, numbers);
}
