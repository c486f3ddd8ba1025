#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/*
 * Non-variadic helpers for Swift: MHD_start_daemon, MHD_get_daemon_info and
 * MHD_get_connection_info are variadic and not callable from Swift, and
 * MHD_FLAG is an open enum that imports awkwardly. The C ceilings of the
 * benchmarks (bench/ceiling/ceiling_server.c) include this header too, so
 * they start libmicrohttpd with exactly the same flags as Baton.
 */

/* Internal thread pool over epoll, with the inter-thread channel that
 * MHD_quiesce_daemon needs; IPv6 when the listen address is IPv6. */
static inline unsigned int baton_mhd_flags(bool ipv6) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC;
    if (ipv6) flags |= MHD_USE_IPv6;
    return flags;
}

/* MHD_start_daemon with the completion callback and an option array
 * (terminated by MHD_OPTION_END). */
static inline struct MHD_Daemon *baton_mhd_start(
    unsigned int flags,
    MHD_AcceptPolicyCallback accept_policy, void *accept_context,
    MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context,
    const struct MHD_OptionItem *options)
{
    return MHD_start_daemon(flags, 0, accept_policy, accept_context, handler, handler_context,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/* The daemon's listening socket, or -1. */
static inline int baton_mhd_listen_fd(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    return info ? info->listen_fd : -1;
}

/* The peer address of a connection, or NULL. */
static inline const struct sockaddr *baton_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info ? info->client_addr : NULL;
}

/* The socket of a connection, or -1. */
static inline int baton_mhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/* The pointer a connection notice stored for a connection, or NULL. */
static inline void *baton_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}
