/*
 * The ceiling for `baton bench http`: the smallest libmicrohttpd server that
 * answers GET /healthz with the same bytes as Baton's HTTP module, started
 * with the same flags (from the shared shim) and options.
 *
 *   cc -O2 -I Sources/CMicroHTTPD bench/ceiling/healthz.c \
 *      $(pkg-config --cflags --libs libmicrohttpd) -o healthz
 *   ./healthz POOL_SIZE TIMEOUT_S MAX_CONNECTIONS MAX_PER_CLIENT MEMORY_LIMIT
 *
 * It listens on 127.0.0.1 on a free port, prints the port on stdout, and
 * serves until SIGTERM or SIGINT.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shim.h"

static const char body[] = "{\"status\":\"ok\"}";
static atomic_ulong request_counter;

/* Answer on the second callback, as Baton does: libmicrohttpd 0.9.75 drops
 * keep-alive for an answer on the first. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_context) {
    static int started;
    (void) cls; (void) version; (void) upload_data;
    if (*request_context == NULL) {
        *request_context = &started;
        return MHD_YES;
    }
    *upload_data_size = 0;
    int found = strcmp(url, "/healthz") == 0 && strcmp(method, "GET") == 0;
    struct MHD_Response *response = MHD_create_response_from_buffer(
        found ? sizeof body - 1 : 0, found ? (void *) body : (void *) "", MHD_RESPMEM_PERSISTENT);
    if (response == NULL) return MHD_NO;
    char request_id[33];
    snprintf(request_id, sizeof request_id, "%032lx", atomic_fetch_add(&request_counter, 1));
    MHD_add_response_header(response, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(response, "X-Request-Id", request_id);
    MHD_add_response_header(response, "Server", "Baton");
    MHD_add_response_header(response, "Cache-Control", "no-store");
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    enum MHD_Result result = MHD_queue_response(connection, found ? 200 : 404, response);
    MHD_destroy_response(response);
    return result;
}

static void completed(void *cls, struct MHD_Connection *connection, void **request_context,
                      enum MHD_RequestTerminationCode termination) {
    (void) cls; (void) connection; (void) termination;
    *request_context = NULL;
}

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s POOL_SIZE TIMEOUT_S MAX_CONNECTIONS MAX_PER_CLIENT MEMORY_LIMIT\n", argv[0]);
        return 2;
    }
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = 0};
    inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_THREAD_POOL_SIZE, atoi(argv[1]), NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, atoi(argv[2]), NULL},
        {MHD_OPTION_CONNECTION_LIMIT, atoi(argv[3]), NULL},
        {MHD_OPTION_PER_IP_CONNECTION_LIMIT, atoi(argv[4]), NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, atol(argv[5]), NULL},
        {MHD_OPTION_SOCK_ADDR, 0, &address},
        {MHD_OPTION_END, 0, NULL},
    };
    struct MHD_Daemon *daemon = baton_mhd_start(baton_mhd_flags(false), NULL, NULL, handle, NULL, completed, NULL, options);
    if (daemon == NULL) {
        fprintf(stderr, "could not start libmicrohttpd\n");
        return 1;
    }
    struct sockaddr_in bound;
    socklen_t length = sizeof bound;
    getsockname(baton_mhd_listen_fd(daemon), (struct sockaddr *) &bound, &length);
    printf("%u\n", ntohs(bound.sin_port));
    fflush(stdout);

    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    sigprocmask(SIG_BLOCK, &signals, NULL);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
