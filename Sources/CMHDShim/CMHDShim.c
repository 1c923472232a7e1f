#define _GNU_SOURCE
#include "CMHDShim.h"
#include <dlfcn.h>
#include <arpa/inet.h>
#include <errno.h>
#include <linux/tcp.h>
#include <stddef.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/ioctl.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// One open connection: its socket and the time by which its request's headers must be in (0: none now).
typedef struct cmhd_tracked {
    int fd;
    int64_t deadline_ms;
    struct cmhd_guard *guard;
    /// The current request's path (up to its query, cut at 255 bytes), once MHD has parsed its request line.
    char path[256];
    int has_path;
    struct cmhd_tracked *previous;
    struct cmhd_tracked *next;
} cmhd_tracked;

struct cmhd_guard {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t watchdog;
    int stopping;
    int64_t header_timeout_ms;  // 0: no deadline, and no watchdog thread
    int has_watchdog;
    int64_t idle_timeout_ms;
    unsigned long expired;
    cmhd_tracked connections;  // sentinel of a circular list
    MHD_AccessHandlerCallback handler;
    void *handler_context;
    MHD_RequestCompletedCallback completed;
    void *completed_context;
    cmhd_refusal_callback refusal;
    void *refusal_context;
};

/// MHD's default unescaper decodes `%2F` in the path before anyone can split it; the Swift side decodes
/// each part itself, so this one leaves the text as it came (MHD has already turned `+` into space in
/// query arguments, which is what form encoding means).
static size_t cmhd_keep_encoded(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}


// MARK: - 400 for a request line MHD cannot parse

// NB: libmicrohttpd 0.9.75 (Debian 12) closes a connection whose request line it cannot parse
// (`GARBAGE\r\n\r\n`, no space, no method) without a word: parse_initial_message_line() fails and
// CONNECTION_CLOSE_ERROR_CHECK(connection, NULL) shuts the socket down for writing at once, before any hook of
// ours runs. nginx answers such a line 400 Bad Request, and a client deserves to know its request was read and
// refused. So this file defines shutdown(2) itself: the dynamic linker binds libmicrohttpd's call to it (an
// executable's definition comes first), and before the real shutdown of a connection it tracks it writes a
// 400 when, since that connection's last request ended, the peer sent bytes, MHD parsed no request line
// (MHD_OPTION_URI_LOG_CALLBACK never fired) and the server sent nothing (MHD's own 505s and 414s stand).
// Every other descriptor goes straight to the system call.

// NB: atomics, not a lock: a descriptor number is reused by connections on other MHD threads, and the kernel's
// ordering of close and accept is invisible to ThreadSanitizer. Relaxed order is enough: each connection's
// own callbacks and its shutdown run on its one MHD thread.
typedef struct {
    _Atomic uint8_t tracked;
    _Atomic uint8_t line_seen;
    _Atomic uint64_t received_mark;
    _Atomic uint64_t sent_mark;
} cmhd_fd_state;

static void cmhd_fd_reset(cmhd_fd_state *state, uint8_t tracked) {
    atomic_store_explicit(&state->line_seen, 0, memory_order_relaxed);
    atomic_store_explicit(&state->received_mark, 0, memory_order_relaxed);
    atomic_store_explicit(&state->sent_mark, 0, memory_order_relaxed);
    atomic_store_explicit(&state->tracked, tracked, memory_order_relaxed);
}

static cmhd_fd_state *cmhd_fds = NULL;
static _Atomic size_t cmhd_fd_capacity = 0;  // published with release once cmhd_fds is filled in
static pthread_once_t cmhd_fds_once = PTHREAD_ONCE_INIT;

static void cmhd_fds_allocate(void) {
    struct rlimit limit;
    size_t capacity = 65536;
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_max != RLIM_INFINITY && limit.rlim_max < (1u << 22)) {
        capacity = (size_t)limit.rlim_max;
    }
    cmhd_fds = calloc(capacity, sizeof(cmhd_fd_state));
    atomic_store_explicit(&cmhd_fd_capacity, cmhd_fds == NULL ? 0 : capacity, memory_order_release);
}

static cmhd_fd_state *cmhd_fd(int fd) {
    size_t capacity = atomic_load_explicit(&cmhd_fd_capacity, memory_order_acquire);
    return (fd >= 0 && (size_t)fd < capacity) ? &cmhd_fds[fd] : NULL;
}

/// Bytes received from and sent to the peer so far (Linux TCP_INFO); 0 and 0 when the kernel will not say.
static void cmhd_traffic(int fd, uint64_t *received, uint64_t *sent) {
    struct tcp_info info;
    socklen_t length = sizeof(info);
    memset(&info, 0, sizeof(info));
    *received = 0;
    *sent = 0;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) {
        return;
    }
    if (length >= offsetof(struct tcp_info, tcpi_bytes_received) + sizeof(info.tcpi_bytes_received)) {
        *received = info.tcpi_bytes_received;
    }
    if (length >= offsetof(struct tcp_info, tcpi_bytes_sent) + sizeof(info.tcpi_bytes_sent)) {
        *sent = info.tcpi_bytes_sent;
    }
}

static int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

static cmhd_tracked *cmhd_tracked_of(struct MHD_Connection *connection);

static void *cmhd_request_line_seen(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls;
    cmhd_tracked *tracked = cmhd_tracked_of(connection);
    if (tracked != NULL && uri != NULL) {
        size_t length = strcspn(uri, "?");
        if (length >= sizeof(tracked->path)) length = sizeof(tracked->path) - 1;
        memcpy(tracked->path, uri, length);
        tracked->path[length] = 0;
        tracked->has_path = 1;
    }
    cmhd_fd_state *state = cmhd_fd(cmhd_connection_fd(connection));
    if (state != NULL) {
        atomic_store_explicit(&state->line_seen, 1, memory_order_relaxed);
    }
    return NULL;  // NB: becomes the request's first *req_cls, which the handler expects to be NULL.
}

static void cmhd_request_ended(struct MHD_Connection *connection) {
    int fd = cmhd_connection_fd(connection);
    cmhd_fd_state *state = cmhd_fd(fd);
    if (state != NULL) {
        uint64_t received, sent;
        cmhd_traffic(fd, &received, &sent);
        atomic_store_explicit(&state->received_mark, received, memory_order_relaxed);
        atomic_store_explicit(&state->sent_mark, sent, memory_order_relaxed);
        atomic_store_explicit(&state->line_seen, 0, memory_order_relaxed);
    }
}

static const char cmhd_bad_request[] =
    "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
    "Content-Length: 85\r\n\r\n"
    "{\"status\":400,\"title\":\"Bad Request\",\"detail\":\"The request line could not be parsed.\"}";

int shutdown(int fd, int how) {
    cmhd_fd_state *state = cmhd_fd(fd);
    if (state != NULL && atomic_load_explicit(&state->tracked, memory_order_relaxed) &&
        !atomic_load_explicit(&state->line_seen, memory_order_relaxed) && how != SHUT_RD) {
        uint64_t received, sent;
        cmhd_traffic(fd, &received, &sent);
        uint64_t received_mark = atomic_load_explicit(&state->received_mark, memory_order_relaxed);
        uint64_t sent_mark = atomic_load_explicit(&state->sent_mark, memory_order_relaxed);
        // NB: only bytes the server has read count: a keep-alive connection closed when idle just as the client's
        // next request arrived holds that request unread in the kernel, and must close without a word so the
        // client sends it again, not get a 400 for a request nobody parsed.
        int unread = 0;
        if (ioctl(fd, FIONREAD, &unread) != 0 || unread < 0) {
            unread = 0;
        }
        uint64_t read_bytes = received > (uint64_t)unread ? received - (uint64_t)unread : 0;
        // NB: Linux counts the peer's FIN as one byte received, so a client that connected and left without a
        // word shows one more byte; it gets no answer.
        if (read_bytes > received_mark + 1 && sent == sent_mark) {
            (void)send(fd, cmhd_bad_request, sizeof(cmhd_bad_request) - 1, MSG_NOSIGNAL | MSG_DONTWAIT);
        }
        atomic_store_explicit(&state->tracked, 0, memory_order_relaxed);
    }
    return (int)syscall(SYS_shutdown, fd, how);
}

ssize_t cmhd_send_now(struct MHD_Connection *connection, const void *bytes, size_t length) {
    int fd = cmhd_connection_fd(connection);
    return fd < 0 ? -1 : send(fd, bytes, length, MSG_NOSIGNAL | MSG_DONTWAIT);
}

// MARK: - Removing the listening socket from an epoll set twice

// NB: libmicrohttpd 0.9.75 (Debian 12) races with itself when a server stops. MHD_quiesce_daemon, on the thread
// that stops the server, marks each worker quiesced and then removes the listening socket from the worker's epoll
// set; the worker, woken meanwhile by any event, sees the mark and removes the socket itself. Whichever comes
// second gets ENOENT, and both places call MHD_PANIC for it (daemon.c:5531, in the worker-pool branch of
// MHD_quiesce_daemon, and daemon.c:4973 in MHD_epoll), which aborts the process: a server stopping while it
// served ended every server in the process. A 30-line C program that quiesces a two-worker daemon under
// traffic aborts within a few hundred rounds. The socket is out of the set either way, which is what both
// callers want, so this file defines epoll_ctl (bound ahead of libc's, as shutdown above) and answers a
// removal that finds nothing removed as done, for calls from libmicrohttpd only. Every other call, and every
// other outcome, is the system's.

// NB: ThreadSanitizer intercepts epoll_ctl (a weak definition that this one replaces); when it is linked in,
// calls go through its wrapper so it still sees the synchronisation epoll gives.
extern int __interceptor_epoll_ctl(int epfd, int op, int fd, struct epoll_event *event) __attribute__((weak));

static const void *cmhd_engine_base = NULL;
static pthread_once_t cmhd_engine_base_once = PTHREAD_ONCE_INIT;

static void cmhd_find_engine_base(void) {
    Dl_info info;
    if (dladdr((const void *)&MHD_start_daemon, &info) != 0) {
        cmhd_engine_base = info.dli_fbase;
    }
}

int cmhd_is_engine_code(const void *address) {
    pthread_once(&cmhd_engine_base_once, cmhd_find_engine_base);
    Dl_info info;
    return address != NULL && cmhd_engine_base != NULL && dladdr(address, &info) != 0 &&
           info.dli_fbase == cmhd_engine_base;
}

int cmhd_absent_removal_is_done(int op, int error, const void *caller) {
    return op == EPOLL_CTL_DEL && error == ENOENT && cmhd_is_engine_code(caller);
}

int epoll_ctl(int epfd, int op, int fd, struct epoll_event *event) {
    int result = __interceptor_epoll_ctl != NULL ? __interceptor_epoll_ctl(epfd, op, fd, event)
                                                 : (int)syscall(SYS_epoll_ctl, epfd, op, fd, event);
    if (result != 0) {
        int error = errno;
        if (cmhd_absent_removal_is_done(op, error, __builtin_return_address(0))) {
            return 0;
        }
        errno = error;
    }
    return result;
}

// MARK: - The engine's own refusals in our words

// NB: libmicrohttpd answers some requests itself, before any hook of ours runs: a request line longer than its
// buffer (414), header fields that do not fit the connection's memory pool (431), an HTTP version other than 1.x
// (505), a header line without a colon, a Content-Length that is not a number or a malformed chunk (400), and a
// response it cannot build for lack of memory (500). Its bodies are HTML pages compiled into the library
// (connection.c's REQUEST_TOO_BIG, REQUEST_MALFORMED, …) and no option replaces them. But the library queues each
// through its own exported MHD_queue_response (transmit_error_response -> MHD_queue_response@plt), and an
// executable's definition of an exported function comes first for the library's own calls too. So this file
// defines MHD_queue_response: a call that comes from the application goes through cmhd_queue_response, straight
// to the library's; any other call with an error status is the library's own refusal, and the guard's refusal
// callback makes the response that goes out in its place. Should a later libmicrohttpd stop calling through its
// PLT, its HTML pages would come back, and ServerTests would say so.

typedef enum MHD_Result (*cmhd_queue_function)(struct MHD_Connection *, unsigned int, struct MHD_Response *);

static cmhd_queue_function cmhd_library_queue = NULL;
static pthread_once_t cmhd_library_queue_once = PTHREAD_ONCE_INIT;

static void cmhd_find_library_queue(void) {
    cmhd_library_queue = (cmhd_queue_function)dlsym(RTLD_NEXT, "MHD_queue_response");
}

static enum MHD_Result cmhd_queue_in_library(struct MHD_Connection *connection, unsigned int status,
                                             struct MHD_Response *response) {
    pthread_once(&cmhd_library_queue_once, cmhd_find_library_queue);
    return cmhd_library_queue == NULL ? MHD_NO : cmhd_library_queue(connection, status, response);
}

enum MHD_Result cmhd_queue_response(struct MHD_Connection *connection, unsigned int status,
                                    struct MHD_Response *response) {
    return cmhd_queue_in_library(connection, status, response);
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status,
                                   struct MHD_Response *response) {
    cmhd_tracked *tracked = status >= 400 ? cmhd_tracked_of(connection) : NULL;
    if (tracked != NULL && tracked->guard != NULL && tracked->guard->refusal != NULL) {
        cmhd_guard *guard = tracked->guard;
        struct MHD_Response *ours =
            guard->refusal(guard->refusal_context, connection, status, tracked->has_path ? tracked->path : NULL);
        if (ours != NULL) {
            enum MHD_Result result = cmhd_queue_in_library(connection, status, ours);
            MHD_destroy_response(ours);
            return result;
        }
    }
    return cmhd_queue_in_library(connection, status, response);
}

// MARK: - Header deadlines


static int64_t cmhd_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static cmhd_tracked *cmhd_tracked_of(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : (cmhd_tracked *)info->socket_context;
}

static void cmhd_set_deadline(cmhd_guard *guard, struct MHD_Connection *connection, int64_t deadline_ms) {
    cmhd_tracked *tracked = cmhd_tracked_of(connection);
    if (tracked == NULL) {
        return;
    }
    pthread_mutex_lock(&guard->lock);
    tracked->deadline_ms = deadline_ms;
    pthread_mutex_unlock(&guard->lock);
}

static void cmhd_notify_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                                   enum MHD_ConnectionNotificationCode code) {
    cmhd_guard *guard = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        cmhd_tracked *tracked = calloc(1, sizeof(cmhd_tracked));
        if (info == NULL || tracked == NULL) {
            free(tracked);
            *socket_context = NULL;
            return;
        }
        tracked->fd = info->connect_fd;
        tracked->guard = guard;
        tracked->deadline_ms = guard->header_timeout_ms > 0 ? cmhd_now_ms() + guard->header_timeout_ms : 0;
        cmhd_fd_state *state = cmhd_fd(tracked->fd);
        if (state != NULL) {
            cmhd_fd_reset(state, 1);
        }
        pthread_mutex_lock(&guard->lock);
        tracked->next = guard->connections.next;
        tracked->previous = &guard->connections;
        guard->connections.next->previous = tracked;
        guard->connections.next = tracked;
        pthread_mutex_unlock(&guard->lock);
        *socket_context = tracked;
    } else if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        cmhd_tracked *tracked = *socket_context;
        if (tracked == NULL) {
            return;
        }
        // NB: MHD closes the socket only after this returns, so the watchdog (which shuts sockets down under
        // the same lock) can never act on a descriptor number that a new connection has reused.
        cmhd_fd_state *state = cmhd_fd(tracked->fd);
        if (state != NULL) {
            atomic_store_explicit(&state->tracked, 0, memory_order_relaxed);
        }
        pthread_mutex_lock(&guard->lock);
        tracked->previous->next = tracked->next;
        tracked->next->previous = tracked->previous;
        pthread_mutex_unlock(&guard->lock);
        free(tracked);
        *socket_context = NULL;
    }
}

/// Every request reaches the handler once its headers are in: from then on the deadline is off.
static enum MHD_Result cmhd_guarded_handler(void *cls, struct MHD_Connection *connection, const char *url,
                                            const char *method, const char *version, const char *upload_data,
                                            size_t *upload_data_size, void **request_context) {
    cmhd_guard *guard = cls;
    if (*request_context == NULL) {
        cmhd_set_deadline(guard, connection, 0);
    }
    return guard->handler(guard->handler_context, connection, url, method, version, upload_data,
                          upload_data_size, request_context);
}

/// A finished request leaves a keep-alive connection idle: the next request's headers are due within the
/// idle timeout plus the header timeout.
static void cmhd_guarded_completed(void *cls, struct MHD_Connection *connection, void **request_context,
                                   enum MHD_RequestTerminationCode code) {
    cmhd_guard *guard = cls;
    cmhd_request_ended(connection);
    cmhd_tracked *tracked = cmhd_tracked_of(connection);
    if (tracked != NULL) {
        tracked->has_path = 0;  // NB: a keep-alive connection's next request may be refused before its line parses.
    }
    if (guard->header_timeout_ms > 0) {
        cmhd_set_deadline(guard, connection, cmhd_now_ms() + guard->idle_timeout_ms + guard->header_timeout_ms);
    }
    if (guard->completed != NULL) {
        guard->completed(guard->completed_context, connection, request_context, code);
    }
}

static void *cmhd_watchdog(void *argument) {
    cmhd_guard *guard = argument;
    int64_t period_ms = guard->header_timeout_ms / 4;
    if (period_ms < 50) period_ms = 50;
    if (period_ms > 1000) period_ms = 1000;
    pthread_mutex_lock(&guard->lock);
    while (!guard->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += (long)(period_ms % 1000) * 1000000L;
        until.tv_sec += (time_t)(period_ms / 1000) + until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        pthread_cond_timedwait(&guard->wake, &guard->lock, &until);
        int64_t now = cmhd_now_ms();
        for (cmhd_tracked *tracked = guard->connections.next; tracked != &guard->connections;
             tracked = tracked->next) {
            if (tracked->deadline_ms != 0 && tracked->deadline_ms <= now) {
                tracked->deadline_ms = 0;
                guard->expired += 1;
                // NB: the system call itself, not the shutdown() above: a cut-off is not a malformed line.
                syscall(SYS_shutdown, tracked->fd, SHUT_RDWR);
            }
        }
    }
    pthread_mutex_unlock(&guard->lock);
    return NULL;
}

static cmhd_guard *cmhd_guard_make(const cmhd_options *o, MHD_AccessHandlerCallback handler, void *handler_context,
                                   MHD_RequestCompletedCallback completed, void *completed_context) {
    pthread_once(&cmhd_fds_once, cmhd_fds_allocate);
    cmhd_guard *guard = calloc(1, sizeof(cmhd_guard));
    if (guard == NULL) {
        return NULL;
    }
    pthread_mutex_init(&guard->lock, NULL);
    pthread_cond_init(&guard->wake, NULL);
    guard->connections.next = &guard->connections;
    guard->connections.previous = &guard->connections;
    guard->header_timeout_ms = (int64_t)o->header_timeout_seconds * 1000;
    guard->idle_timeout_ms = (int64_t)o->connection_timeout_seconds * 1000;
    guard->handler = handler;
    guard->handler_context = handler_context;
    guard->completed = completed;
    guard->completed_context = completed_context;
    guard->refusal = o->refusal;
    guard->refusal_context = o->refusal_context;
    guard->has_watchdog = guard->header_timeout_ms > 0;
    if (guard->has_watchdog && pthread_create(&guard->watchdog, NULL, cmhd_watchdog, guard) != 0) {
        pthread_cond_destroy(&guard->wake);
        pthread_mutex_destroy(&guard->lock);
        free(guard);
        return NULL;
    }
    return guard;
}

void cmhd_guard_release(cmhd_guard *guard) {
    if (guard == NULL) {
        return;
    }
    pthread_mutex_lock(&guard->lock);
    guard->stopping = 1;
    pthread_cond_signal(&guard->wake);
    pthread_mutex_unlock(&guard->lock);
    if (guard->has_watchdog) {
        pthread_join(guard->watchdog, NULL);
    }
    cmhd_tracked *tracked = guard->connections.next;
    while (tracked != &guard->connections) {
        cmhd_tracked *next = tracked->next;
        free(tracked);
        tracked = next;
    }
    pthread_cond_destroy(&guard->wake);
    pthread_mutex_destroy(&guard->lock);
    free(guard);
}

unsigned long cmhd_guard_expired(cmhd_guard *guard) {
    if (guard == NULL) {
        return 0;
    }
    pthread_mutex_lock(&guard->lock);
    unsigned long expired = guard->expired;
    pthread_mutex_unlock(&guard->lock);
    return expired;
}

// MARK: - Daemon

struct MHD_Daemon *cmhd_start(const cmhd_options *o,
                              MHD_AcceptPolicyCallback accept_policy, void *accept_policy_context,
                              MHD_AccessHandlerCallback handler, void *handler_context,
                              MHD_RequestCompletedCallback completed, void *completed_context,
                              cmhd_guard **guard_out, int *error_number) {
    struct MHD_OptionItem items[16];
    unsigned int n = 0;
    if (o->address != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)o->address};
    }
    if (o->thread_pool_size > 1) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, o->thread_pool_size, NULL};
    }
    if (o->connection_limit > 0) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, o->connection_limit, NULL};
    }
    if (o->per_ip_connection_limit > 0) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT, o->per_ip_connection_limit, NULL};
    }
    if (o->connection_timeout_seconds > 0) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT, o->connection_timeout_seconds, NULL};
    }
    if (o->connection_memory_limit > 0) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)o->connection_memory_limit, NULL};
    }
    if (o->listen_backlog > 0) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_LISTEN_BACKLOG_SIZE, o->listen_backlog, NULL};
    }
    if (o->keep_url_encoded) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)cmhd_keep_encoded, NULL};
    }
    // NB: the guard always runs, for the 400 above; only its deadlines depend on header_timeout_seconds.
    cmhd_guard *guard = cmhd_guard_make(o, handler, handler_context, completed, completed_context);
    if (guard == NULL) {
        if (error_number != NULL) *error_number = ENOMEM;
        return NULL;
    }
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)cmhd_notify_connection, guard};
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)cmhd_request_line_seen, NULL};
    handler = cmhd_guarded_handler;
    handler_context = guard;
    completed = cmhd_guarded_completed;
    completed_context = guard;
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    errno = 0;
    struct MHD_Daemon *daemon = MHD_start_daemon(o->flags, o->port, accept_policy, accept_policy_context,
                                                 handler, handler_context,
                                                 MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                                                 MHD_OPTION_ARRAY, items,
                                                 MHD_OPTION_END);
    if (error_number != NULL) {
        *error_number = daemon == NULL ? errno : 0;
    }
    if (daemon == NULL) {
        cmhd_guard_release(guard);
        guard = NULL;
    }
    if (guard_out != NULL) {
        *guard_out = guard;
    }
    return daemon;
}

uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

unsigned int cmhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

int cmhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL || length == 0) {
        return -1;
    }
    const struct sockaddr *address = info->client_addr;
    const void *raw;
    if (address->sa_family == AF_INET) {
        raw = &((const struct sockaddr_in *)address)->sin_addr;
    } else if (address->sa_family == AF_INET6) {
        raw = &((const struct sockaddr_in6 *)address)->sin6_addr;
    } else {
        return -1;
    }
    return inet_ntop(address->sa_family, raw, buffer, (socklen_t)length) == NULL ? -1 : 0;
}

static _Thread_local void *cmhd_inline_queue_slot = NULL;

void *cmhd_inline_queue(void) {
    return cmhd_inline_queue_slot;
}

void cmhd_set_inline_queue(void *queue) {
    cmhd_inline_queue_slot = queue;
}
