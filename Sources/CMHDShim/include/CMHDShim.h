#ifndef QUARTET_CMHDSHIM_H
#define QUARTET_CMHDSHIM_H
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
// NB: epoll_ctl's operations and error codes, for `cmhd_absent_removal_is_done` (Glibc's module has no epoll).
#include <sys/epoll.h>
#include <microhttpd.h>

/// Makes the response that replaces one libmicrohttpd was about to send for a request it refused before any
/// access-handler call (MHD has no option for its error bodies: they are HTML compiled into the library).
/// `path` is the request target up to its query, or NULL when MHD refused before it had parsed the request line
/// (a 414). Returns a new response (the caller queues and destroys it) or NULL to let MHD's own go out.
typedef struct MHD_Response *(*cmhd_refusal_callback)(void *context, struct MHD_Connection *connection,
                                                      unsigned int status, const char *path);

/// Options for `cmhd_start`: everything Quartet passes to MHD_start_daemon's variadic list.
typedef struct cmhd_options {
    /// MHD_USE_* flags.
    unsigned int flags;
    /// Address to bind (IPv4 or IPv6); NULL binds every interface on `port`.
    const struct sockaddr *address;
    uint16_t port;
    /// 0 means MHD's default.
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    /// Most connections open at once from one client address (MHD_OPTION_PER_IP_CONNECTION_LIMIT; MHD closes
    /// further ones at once, unanswered); 0 for no limit.
    unsigned int per_ip_connection_limit;
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
    unsigned int listen_backlog;
    /// Non-zero: hand the request target to the access handler undecoded (the caller decodes it).
    int keep_url_encoded;
    /// How long a connection may take to send a request's headers, from its first byte's connection (or the
    /// end of its previous request, plus the idle timeout); 0 for no limit. MHD's own timeout counts only
    /// inactivity, so a client dripping a byte at a time would otherwise hold its connection for ever.
    unsigned int header_timeout_seconds;
    /// Words a refusal libmicrohttpd makes itself (414, 431, 505, a malformed header or chunk, 500); NULL keeps
    /// MHD's own HTML page. See `cmhd_refusal_callback`.
    cmhd_refusal_callback refusal;
    void *refusal_context;
} cmhd_options;

/// What watches the daemon's connections: it answers 400 to a request line MHD cannot parse, and, when
/// `header_timeout_seconds` is set, keeps each connection's deadline and runs a watchdog thread that shuts down
/// the socket of a connection past it (MHD then sees the end of the stream and closes it).
typedef struct cmhd_guard cmhd_guard;

/// Starts a daemon (MHD_start_daemon is C-variadic and so unreachable from Swift).
/// On failure returns NULL and stores `errno` (0 when MHD gave no reason) in `*error_number`.
struct MHD_Daemon *cmhd_start(const cmhd_options *options,
                              MHD_AcceptPolicyCallback accept_policy, void *accept_policy_context,
                              MHD_AccessHandlerCallback handler, void *handler_context,
                              MHD_RequestCompletedCallback completed, void *completed_context,
                              cmhd_guard **guard, int *error_number);

/// Queues a response the application made (MHD_queue_response itself is taken over by this shim, to reword the
/// library's own refusals: see CMHDShim.c).
enum MHD_Result cmhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                    struct MHD_Response *response);

/// Writes `bytes` to the connection's socket at once, without blocking (a response libmicrohttpd cannot queue
/// while a body arrives); returns what `send` returns. The caller then has MHD close the connection.
ssize_t cmhd_send_now(struct MHD_Connection *connection, const void *bytes, size_t length);

/// Stops the guard's watchdog and frees it; call after MHD_stop_daemon. NULL does nothing.
void cmhd_guard_release(cmhd_guard *guard);

/// How many connections the guard has cut off for taking too long over their headers.
unsigned long cmhd_guard_expired(cmhd_guard *guard);

/// The port the daemon listens on (for port 0), or 0 when unknown.
uint16_t cmhd_bound_port(struct MHD_Daemon *daemon);

/// The number of open connections.
unsigned int cmhd_current_connections(struct MHD_Daemon *daemon);

/// Writes the peer's numeric address (`127.0.0.1`, `::1`) into `buffer`; returns 0 on success.
/// (MHD_get_connection_info is C-variadic.)
int cmhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length);

/// The calling thread's inline job queue (see HTTPServer's InlineExecutor), or NULL when the thread is
/// not draining one. Swift has no thread-local variables of its own.
void *cmhd_inline_queue(void);

/// Sets (or, with NULL, clears) the calling thread's inline job queue.
void cmhd_set_inline_queue(void *queue);

/// Whether `address` lies in libmicrohttpd's code (the library that `MHD_start_daemon` belongs to).
int cmhd_is_engine_code(const void *address);

/// Whether a failed `epoll_ctl` is reported as done: a removal (`EPOLL_CTL_DEL`) that found nothing to remove
/// (`ENOENT`), called from libmicrohttpd's code. See the note at `epoll_ctl` in CMHDShim.c.
int cmhd_absent_removal_is_done(int op, int error, const void *caller);

#endif
