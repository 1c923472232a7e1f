#include "CMHDShim.h"
#include <string.h>

struct MHD_Daemon *cmhd_start(const cmhd_options *o,
                              MHD_AcceptPolicyCallback accept_policy, void *accept_policy_context,
                              MHD_AccessHandlerCallback handler, void *handler_context,
                              MHD_RequestCompletedCallback completed, void *completed_context) {
    struct MHD_OptionItem items[8];
    unsigned int n = 0;
    if (o->address != NULL) {
        items[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)o->address};
    }
    if (o->thread_pool_size > 0) {
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
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(o->flags, o->port, accept_policy, accept_policy_context, handler, handler_context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_ARRAY, items,
                            MHD_OPTION_END);
}

uint16_t cmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}

unsigned int cmhd_current_connections(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}
