#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <curl/curl.h>

/*
 * Non-variadic helpers for Swift: curl_easy_setopt, curl_easy_getinfo,
 * curl_multi_setopt and their kin are variadic, which Swift cannot call.
 * One helper per argument type the transport passes. The C ceiling of the
 * webhook benchmark (bench/ceiling/webhooks.c) calls libcurl directly.
 */

static inline CURLcode baton_curl_easy_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode baton_curl_easy_pointer(CURL *easy, CURLoption option, const void *value) {
    return curl_easy_setopt(easy, option, value);
}

static inline CURLcode baton_curl_easy_write(CURL *easy, curl_write_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}

static inline CURLcode baton_curl_easy_post_size(CURL *easy, curl_off_t size) {
    return curl_easy_setopt(easy, CURLOPT_POSTFIELDSIZE_LARGE, size);
}

static inline CURLcode baton_curl_info_long(CURL *easy, CURLINFO info, long *value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLcode baton_curl_info_pointer(CURL *easy, CURLINFO info, void **value) {
    return curl_easy_getinfo(easy, info, value);
}

static inline CURLMcode baton_curl_multi_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

/* The result of a finished transfer: `data` of CURLMsg is a union. */
static inline CURLcode baton_curl_message_result(const CURLMsg *message) {
    return message->data.result;
}

/* curl_global_init(CURL_GLOBAL_DEFAULT): the flag is a macro of macros. */
static inline CURLcode baton_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}

static inline CURLcode baton_curl_easy_opensocket(CURL *easy, curl_opensocket_callback callback) {
    return curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, callback);
}

/*
 * The address of a resolved `curl_sockaddr` libcurl is about to connect to,
 * copied into `bytes`: returns 4 for IPv4, 16 for IPv6, 0 for anything else.
 * `addr` is only a `struct sockaddr` in the declaration; libcurl stores the
 * whole `sockaddr_in6` there, `addrlen` long.
 */
static inline int baton_curl_sockaddr_bytes(const struct curl_sockaddr *address, unsigned char bytes[16]) {
    if (address->family == AF_INET && address->addrlen >= sizeof(struct sockaddr_in)) {
        memcpy(bytes, &((const struct sockaddr_in *)(const void *)&address->addr)->sin_addr, 4);
        return 4;
    }
    if (address->family == AF_INET6 && address->addrlen >= sizeof(struct sockaddr_in6)) {
        memcpy(bytes, &((const struct sockaddr_in6 *)(const void *)&address->addr)->sin6_addr, 16);
        return 16;
    }
    return 0;
}

/* The socket libcurl's own open-socket callback would open for `address`. */
static inline curl_socket_t baton_curl_open_socket(const struct curl_sockaddr *address) {
    return socket(address->family, address->socktype, address->protocol);
}
