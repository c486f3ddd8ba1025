/*
 * What the C ceilings share: starting libmicrohttpd exactly as Baton's server
 * does and serving until told to stop. Compiled with each ceiling
 * (HTTPBenchmark.CeilingServer passes ceiling_server.c to cc).
 */
#ifndef BATON_CEILING_SERVER_H
#define BATON_CEILING_SERVER_H

#include "shim.h"

/* The five leading arguments every ceiling takes, in this order. */
#define CEILING_SERVER_USAGE "POOL_SIZE TIMEOUT_S MAX_CONNECTIONS MAX_PER_CLIENT MEMORY_LIMIT"

/*
 * Starts libmicrohttpd with the shim's flags and the pool size, connection
 * timeout, connection limits and memory limit of argv[1] to argv[5] (the
 * caller has checked argc), listening on 127.0.0.1 at a free port; prints
 * the port on stdout; serves with `handle` and `completed` until SIGTERM or
 * SIGINT; stops the daemon. Returns main's exit status: 0, or 1 when
 * libmicrohttpd does not start.
 */
int ceiling_serve(char **argv, MHD_AccessHandlerCallback handle, MHD_RequestCompletedCallback completed);

/*
 * Gives `response` the headers Baton's answers carry (JSON content type, a
 * fresh X-Request-Id, Server, Cache-Control, nosniff), queues it with
 * `status` and releases it. A NULL `response` (creation failed) gives MHD_NO.
 */
enum MHD_Result ceiling_answer(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);

/*
 * Whether this is a request's first callback, marking the request as begun
 * when it is. A stateless ceiling answers on a later callback: libmicrohttpd
 * 0.9.75 drops keep-alive for an answer on the first, and a POST's body
 * arrives in the callbacks between.
 */
int ceiling_first_call(void **request_context);

/*
 * The whole main of a ceiling that takes only the five leading arguments
 * and keeps no state per request (ceiling_first_call's mark only): checks
 * argc (exit 2 with the usage), then ceiling_serve with `handle`.
 */
int ceiling_main(int argc, char **argv, MHD_AccessHandlerCallback handle);

#endif
