/*
 * The receiver of `baton-bench webhooks`: the smallest libmicrohttpd server
 * that takes a webhook POST (any path; the body read and dropped) and answers
 * 200 with an empty body over a kept-alive connection. Both sides of the
 * benchmark, Baton's worker and the C ceiling (webhooks.c), post to it.
 *
 *   cc -O2 -I Sources/CMicroHTTPD bench/ceiling/webhook_receiver.c \
 *      bench/ceiling/ceiling_server.c \
 *      $(pkg-config --cflags --libs libmicrohttpd) -o webhook_receiver
 *   ./webhook_receiver POOL_SIZE TIMEOUT_S MAX_CONNECTIONS MAX_PER_CLIENT MEMORY_LIMIT
 *
 * It listens on 127.0.0.1 on a free port, prints the port on stdout, and
 * serves until SIGTERM or SIGINT.
 */
#include <string.h>

#include "ceiling_server.h"

/* Answer once the body is in (the last callback), as a receiver that
 * verifies the signature must. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_context) {
    (void) cls; (void) url; (void) version; (void) upload_data;
    if (ceiling_first_call(request_context)) return MHD_YES;
    if (*upload_data_size > 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    int post = strcmp(method, "POST") == 0;
    return ceiling_answer(connection, post ? 200 : 405,
                          MHD_create_response_from_buffer(0, (void *) "", MHD_RESPMEM_PERSISTENT));
}

int main(int argc, char **argv) {
    return ceiling_main(argc, argv, handle);
}
