#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "ceiling_server.h"

static atomic_ulong request_counter;

int ceiling_serve(char **argv, MHD_AccessHandlerCallback handle, MHD_RequestCompletedCallback completed) {
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

enum MHD_Result ceiling_answer(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    if (response == NULL) return MHD_NO;
    char request_id[33];
    snprintf(request_id, sizeof request_id, "%032lx", atomic_fetch_add(&request_counter, 1));
    MHD_add_response_header(response, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(response, "X-Request-Id", request_id);
    MHD_add_response_header(response, "Server", "Baton");
    MHD_add_response_header(response, "Cache-Control", "no-store");
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    enum MHD_Result result = MHD_queue_response(connection, status, response);
    MHD_destroy_response(response);
    return result;
}

int ceiling_first_call(void **request_context) {
    static int begun;
    if (*request_context != NULL) return 0;
    *request_context = &begun;
    return 1;
}

static void forget_request(void *cls, struct MHD_Connection *connection, void **request_context,
                           enum MHD_RequestTerminationCode termination) {
    (void) cls; (void) connection; (void) termination;
    *request_context = NULL;
}

int ceiling_main(int argc, char **argv, MHD_AccessHandlerCallback handle) {
    if (argc != 6) {
        fprintf(stderr, "usage: %s " CEILING_SERVER_USAGE "\n", argv[0]);
        return 2;
    }
    return ceiling_serve(argv, handle, forget_request);
}
