// Reproduces libmicrohttpd 0.9.75's race between MHD_quiesce_daemon and a worker thread, both removing the
// listening socket from the worker's epoll set: the second gets ENOENT and calls MHD_PANIC ("Failed to remove
// listen FD from epoll set."), which aborts the process. See docs/DECISIONS.md ("The shim defines epoll_ctl(2)").
//
// Without the engine's shim it aborts within a few thousand rounds on a 2-core machine; linked with the shim (whose
// epoll_ctl answers that removal as done), it does not:
//
//   gcc -O1 -o /tmp/race scripts/mhd-quiesce-race.c -lmicrohttpd -lpthread && /tmp/race 1500
//   gcc -O1 -rdynamic -ISources/CMHDShim/include -o /tmp/race-shim scripts/mhd-quiesce-race.c
//       Sources/CMHDShim/CMHDShim.c -lmicrohttpd -lpthread -ldl && /tmp/race-shim 8000   (one line)
//
// Each round starts a daemon with two workers (epoll, inter-thread channel, suspend/resume, as Quartet's engine
// does), keeps three clients sending keep-alive requests, quiesces it, then stops it. Not part of `make test`.
#include <arpa/inet.h>
#include <microhttpd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

static enum MHD_Result answer(void *context, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *data, size_t *size,
                              void **request) {
    static const char body[] = "ok";
    struct MHD_Response *response = MHD_create_response_from_buffer(2, (void *)body, MHD_RESPMEM_PERSISTENT);
    enum MHD_Result queued = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return queued;
}

static atomic_int stopping;
static atomic_int port;

/// Connects again and again, sending a few requests on each connection, until `stopping`.
static void *client(void *unused) {
    static const char request[] = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    while (!atomic_load(&stopping)) {
        int socket_fd = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in address = {0};
        address.sin_family = AF_INET;
        address.sin_port = htons((uint16_t)atomic_load(&port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (connect(socket_fd, (struct sockaddr *)&address, sizeof address) == 0) {
            for (int i = 0; i < 20; i++) {
                char reply[256];
                send(socket_fd, request, sizeof request - 1, MSG_NOSIGNAL);
                recv(socket_fd, reply, sizeof reply, MSG_DONTWAIT);
            }
        }
        close(socket_fd);
    }
    return NULL;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 2000;
    for (int round = 0; round < rounds; round++) {
        struct MHD_Daemon *daemon = MHD_start_daemon(
            MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC, 0, NULL, NULL,
            answer, NULL, MHD_OPTION_THREAD_POOL_SIZE, 2, MHD_OPTION_END);
        if (daemon == NULL) {
            perror("MHD_start_daemon");
            return 1;
        }
        atomic_store(&port, MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT)->port);
        atomic_store(&stopping, 0);
        pthread_t clients[3];
        for (int i = 0; i < 3; i++) pthread_create(&clients[i], NULL, client, NULL);
        usleep(2000);
        int listener = MHD_quiesce_daemon(daemon);
        atomic_store(&stopping, 1);
        for (int i = 0; i < 3; i++) pthread_join(clients[i], NULL);
        MHD_stop_daemon(daemon);
        if (listener >= 0) close(listener);
    }
    printf("survived %d rounds\n", rounds);
    return 0;
}
