/* The start of the heap in one 2 MB page, before anything much is allocated.

   Why: a game touches about 1.2 MB of heap to its first frame (the Swift runtime's objects,
   ncurses' three screens of 84 KB at 100x30, the canvases, SQLite's pages): some 300 pages, and
   on the virtual machine serve runs on each first touch of a page costs 4-5 us of system time,
   a trap and a zeroed page (issue 35, item 4). One transparent huge page costs one fault and
   2 MB zeroed (about 0.1 ms here) and is freed at exit in one piece too.

   How, with glibc's malloc and its public interface only: the heap (brk) is grown by a
   throw-away block past the next 2 MB boundary, that 2 MB is marked MADV_HUGEPAGE (the
   system's setting is `madvise` on the machines we know), and the block is given back and
   taken again exactly up to the boundary, where it stays: the space below the boundary is
   then never handed out (address space only, never touched), and the heap's next blocks come
   from the huge page.

   Where the kernel has no transparent huge pages (madvise fails) the heap is left as it was.
   Where they are switched off, or none is free, the kernel gives ordinary pages as before.
   Under another malloc (valgrind's) the blocks are elsewhere: nothing is wrong, only nothing
   is gained.
   The cost: a game holds 2 MB of heap from its start rather than what it touched (about
   1.2 MB). Only a process that may be a game does it (`cn_huge_heap_wanted`): `soma solve`
   and the other commands that draw nothing keep the heap as glibc makes it. */
#include <stdint.h>
#include <stdlib.h>   /* first: it says whether this is glibc */
#include <string.h>

/* Declared in CNcurses.h for Swift; here for the constructor below. */
int cn_huge_heap_wanted(int argc, const char *const *argv);
#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

enum { cn_huge_page = 2 << 20 };

/* glibc's block header: one size_t before the block's address, the previous block's size
   (or the end of its data) before that. */
static const uintptr_t cn_chunk_header = 2 * sizeof(size_t);

/* The block kept below the huge page, and the probe given back at once, held here so that the
   compiler cannot drop their allocations as unused (it may, for a malloc whose result goes
   nowhere, and for a malloc freed unused; the effects on the heap are the point here). */
static void *volatile below_huge_page;
static void *volatile probe;

/* Where the huge page starts; 0 when none was marked. */
static uintptr_t huge_page_start;

uintptr_t cn_huge_heap_page(void) { return huge_page_start; }

uintptr_t cn_huge_heap_kept_end(void) {
    void *kept = below_huge_page;
    return kept == NULL ? 0 : (uintptr_t)kept + malloc_usable_size(kept);
}

/* Whether `size` bytes at `block` lie in the heap (below the break, above where the break was
   before they were taken), not in a mapping of their own. */
static int in_heap(void *block, size_t size, uintptr_t break_before) {
    uintptr_t end = (uintptr_t)sbrk(0);
    return (uintptr_t)block >= break_before - cn_huge_page && (uintptr_t)block + size <= end;
}

/* Marks the heap for one huge page; returns 1 when it did. Once, at start (the constructor
   below): a second call would keep another block below a second boundary. */
static int cn_huge_heap_start(void) {
    /* The boundary is at least `margin` above the heap's top: the block kept below it is then
       too large to come from any of malloc's lists of freed blocks (none so large is free this
       early), so it comes from the top of the heap, ending where the huge page starts. */
    const uintptr_t margin = 128 << 10;
    const size_t reach = cn_huge_page + margin + cn_huge_page + 4096;
    /* A block this large is a mapping of its own; freed, it raises malloc's threshold for
       mappings to its size and the heap's trim threshold to twice that (glibc's dynamic
       thresholds, which stay on: mallopt would turn them off for good). From then on, blocks up
       to 4 MB come from the heap (the canvases, 140-190 KB, too), and the heap's top is kept
       up to 8 MB, so the huge page is not split by a trim. */
    probe = malloc(reach);
    if (probe == NULL) return 0;
    free(probe);
    probe = NULL;
    uintptr_t break_before = (uintptr_t)sbrk(0);
    void *block = malloc(reach);
    if (block == NULL) return 0;
    if (!in_heap(block, reach, break_before)) {   /* the thresholds were set by hand */
        free(block);
        return 0;
    }
    uintptr_t start = (uintptr_t)block - cn_chunk_header;
    uintptr_t boundary = (start + margin + cn_huge_page - 1) & ~(uintptr_t)(cn_huge_page - 1);
    /* The block reaches past boundary + 2 MB; only its headers, at its two ends, were written. */
    int marked = madvise((void *)boundary, cn_huge_page, MADV_HUGEPAGE) == 0;
    free(block);
    if (!marked) return 0;
    huge_page_start = boundary;
    /* Taken again from the same place (the freed block went back to the top of the heap), now
       ending at the boundary: the next block's header, written at the boundary, is the huge
       page's first touch. The request is the block's size less the one size_t of header an
       allocated block carries. Never freed. */
    below_huge_page = malloc((size_t)(boundary - start) - sizeof(size_t));
    return 1;
}

/* glibc calls a constructor with the program's arguments, static binaries too (csu's call_init). */
__attribute__((constructor)) static void cn_huge_heap_at_start(int argc, char **argv, char **envp) {
    (void)envp;
    if (cn_huge_heap_wanted(argc, (const char *const *)argv)) (void)cn_huge_heap_start();
}
#endif

/* The commands that draw no game: a solve, a merge, a listing. Their processes are short (`soma
   solve 3x20 --count` takes under 2 ms of CPU), and 2 MB zeroed for a page they barely use was
   a tenth of that (issue 37's rows measured 3-4 % slower). Everything else is, or may be, a game
   (`soma`, `soma play`, what the server starts, `pento`, `daily`, `design`, options of the default
   `play`), or does not care (help). */
int cn_huge_heap_wanted(int argc, const char *const *argv) {
    if (argc < 2 || argv == NULL || argv[1] == NULL) return 1;
    static const char *const not_games[] = {
        "solve", "merge", "show", "figures", "generate", "scores", "serve", "--version",
    };
    for (size_t i = 0; i < sizeof not_games / sizeof not_games[0]; i++)
        if (strcmp(argv[1], not_games[i]) == 0) return 0;
    return 1;
}

#if !(defined(__linux__) && defined(__GLIBC__))
uintptr_t cn_huge_heap_page(void) { return 0; }
uintptr_t cn_huge_heap_kept_end(void) { return 0; }
#endif
