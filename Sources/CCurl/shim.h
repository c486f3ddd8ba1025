#include <stddef.h>
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
