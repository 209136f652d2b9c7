// SQLite's C interface, from the system (Debian: libsqlite3-dev, which also ships the static
// library the release binary links). Package.swift says why soma uses it directly.
#include <sqlite3.h>
