#include "CMHDShim.h"
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <string.h>

/// MHD's default unescaper decodes `%2F` in the path before anyone can split it; the Swift side decodes
/// each part itself, so this one leaves the text as it came (MHD has already turned `+` into space in
/// query arguments, which is what form encoding means).
static size_t cmhd_keep_encoded(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

struct MHD_Daemon *cmhd_start(const cmhd_options *o,
                              MHD_AcceptPolicyCallback accept_policy, void *accept_policy_context,
                              MHD_AccessHandlerCallback handler, void *handler_context,
                              MHD_RequestCompletedCallback completed, void *completed_context,
                              int *error_number) {
    struct MHD_OptionItem items[10];
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
