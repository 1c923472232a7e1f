#ifndef QUARTET_CLIBPQ_SHIM_H
#define QUARTET_CLIBPQ_SHIM_H
#include <libpq-fe.h>

/// Diagnostic field codes are character-literal macros Swift does not import.
static const int clibpq_diag_sqlstate = PG_DIAG_SQLSTATE;
static const int clibpq_diag_message_primary = PG_DIAG_MESSAGE_PRIMARY;

static inline void clibpq_ignore_notice(void *arg, const char *message) {
    (void)arg;
    (void)message;
}

/// libpq prints server NOTICEs to stderr by default; a library must stay quiet.
static inline void clibpq_silence_notices(PGconn *conn) {
    PQsetNoticeProcessor(conn, clibpq_ignore_notice, NULL);
}
#endif
