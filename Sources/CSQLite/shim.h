// SQLite from Debian (libsqlite3-dev): the store under SwiftData.
#include <sqlite3.h>
