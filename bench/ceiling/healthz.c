/*
 * The ceiling for `baton-bench http`: the smallest libmicrohttpd server that
 * answers GET /healthz with the same bytes as Baton's HTTP module, started
 * with the same flags (from the shared shim) and options.
 *
 *   cc -O2 -I Sources/CMicroHTTPD bench/ceiling/healthz.c \
 *      bench/ceiling/ceiling_server.c \
 *      $(pkg-config --cflags --libs libmicrohttpd) -o healthz
 *   ./healthz POOL_SIZE TIMEOUT_S MAX_CONNECTIONS MAX_PER_CLIENT MEMORY_LIMIT
 *
 * It listens on 127.0.0.1 on a free port, prints the port on stdout, and
 * serves until SIGTERM or SIGINT.
 */
#include <string.h>

#include "ceiling_server.h"

static const char body[] = "{\"status\":\"ok\"}";

static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_context) {
    (void) cls; (void) version; (void) upload_data;
    /* Answer on the second callback, as Baton does. */
    if (ceiling_first_call(request_context)) return MHD_YES;
    *upload_data_size = 0;
    int found = strcmp(url, "/healthz") == 0 && strcmp(method, "GET") == 0;
    return ceiling_answer(connection, found ? 200 : 404, MHD_create_response_from_buffer(
        found ? sizeof body - 1 : 0, found ? (void *) body : (void *) "", MHD_RESPMEM_PERSISTENT));
}

int main(int argc, char **argv) {
    return ceiling_main(argc, argv, handle);
}
