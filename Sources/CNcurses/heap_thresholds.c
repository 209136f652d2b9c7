/* glibc malloc's thresholds raised before `main`, in a process that may be a game: blocks up to
   4 MB come from the heap, and the heap is not given back to the system below 8 MB.

   Why: a game's canvases (140-190 KB at 100x30, several a frame) are above malloc's first
   threshold for a mapping of their own (128 KB). Each would be mapped at its allocation and
   unmapped at its free, so every frame faulted its canvases' pages in afresh: some 90 of a
   login's page faults, and more at every redraw. From the heap they are reused frame after
   frame.

   How, with glibc's public interface only: a 4 MB block is allocated and freed at once. A
   block that large is a mapping of its own; freeing it raises malloc's threshold for mappings
   to its size and the heap's trim threshold to twice that (glibc's dynamic thresholds, which
   stay on: `mallopt` would turn them off for good). Only its header page is touched.

   What this file no longer does (issue 35): it put the heap's start in one 2 MB transparent
   huge page, one page fault for the ~300 a first frame takes on 4 KB pages. On the virtual
   machines soma is measured on, free memory in 2 MB blocks is handed back to the host (the
   balloon's free page reporting), so zeroing a new huge page faulted in all of its 512 pieces
   from the host: 8-10 ms for some games of a burst of logins instead of 0.2 ms, where 4 KB
   pages come mostly from memory still backed. Games of 8-32 logins at once: 4.0-4.9 ms of CPU
   each on 4 KB pages, no game above 7.4 ms; with the huge page, games of 10-14 ms in six of
   nine runs.

   Under another malloc (valgrind's) nothing happens: nothing is wrong, only nothing is gained. */
#include <stdint.h>
#include <stdlib.h>   /* first: it says whether this is glibc */
#include <string.h>

/* Declared in CNcurses.h for Swift; here for the constructor below. */
int cn_heap_thresholds_wanted(int argc, const char *const *argv);

/* 1 when, right after the probe, a canvas-sized block came from the heap; -1 when it did not;
   0 when the probe was not made (not a game, or not glibc). */
static int checked = 0;

int cn_heap_thresholds_checked(void) { return checked; }

#if defined(__linux__) && defined(__GLIBC__)
#include <unistd.h>

/* The probe, held here so that the compiler cannot drop its allocation as unused (it may, for
   a malloc freed unused; the effect on malloc's thresholds is the point here). */
static void *volatile probe;

static void cn_heap_thresholds_raise(void) {
    probe = malloc(4 << 20);
    if (probe == NULL) return;
    free(probe);
    probe = NULL;
    /* A block the size of a large canvas: from the heap now, below its break. */
    void *volatile block = malloc(256 << 10);
    if (block == NULL) return;
    checked = (uintptr_t)block < (uintptr_t)sbrk(0) ? 1 : -1;
    free(block);
}

/* glibc calls a constructor with the program's arguments, static binaries too (csu's call_init). */
__attribute__((constructor)) static void cn_heap_thresholds_at_start(int argc, char **argv, char **envp) {
    (void)envp;
    if (cn_heap_thresholds_wanted(argc, (const char *const *)argv)) cn_heap_thresholds_raise();
}
#endif

/* The commands that draw no game: a solve, a merge, a listing. Their processes are short and
   keep malloc as glibc sets it. Everything else is, or may be, a game (`soma`, `soma play`, what
   the server starts, `pento`, `daily`, `design`, options of the default `play`), or does not
   care (help). */
int cn_heap_thresholds_wanted(int argc, const char *const *argv) {
    if (argc < 2 || argv == NULL || argv[1] == NULL) return 1;
    static const char *const not_games[] = {
        "solve", "merge", "show", "figures", "generate", "scores", "serve", "--version",
    };
    for (size_t i = 0; i < sizeof not_games / sizeof not_games[0]; i++)
        if (strcmp(argv[1], not_games[i]) == 0) return 0;
    return 1;
}
