// SQLite's C interface, from the system (Debian: libsqlite3-dev, which also ships the static
// library the release binary links). Package.swift says why soma uses it directly.
#include <sqlite3.h>

// SQLite's page cache without its first bulk allocation: by default the first connection
// allocates room for 20 pages at once and writes a header into each (87 KB, some 20 fresh
// pages of memory faulted in at every game's start, issue 35), where a login reads a handful.
// Pages then come one malloc each, as they are read. Only before SQLite is initialised (the
// first open); later it answers SQLITE_MISUSE and changes nothing. `sqlite3_config` takes
// variable arguments, which Swift cannot call.
static inline int csqlite_page_cache_without_bulk(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
