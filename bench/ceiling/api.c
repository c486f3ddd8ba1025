/*
 * The C ceiling for `baton-bench api`: the smallest libmicrohttpd + libpq
 * server that answers preview and redeem as Baton does, so that the benchmark
 * can compare Baton's HTTP path with one that has no Swift in it.
 *
 *   GET  /v1/invites/<token>/preview  -> 200 {expires_at, family_name, handoff, inviter_name, state, uses_left}
 *   POST /v1/redemptions {"token","redeemer_id","channel"} -> 201 receipt
 *
 * Same libmicrohttpd flags (the shared shim) and options as Baton's server;
 * one PGconn per pool thread with both statements prepared; the very SQL of
 * RedemptionStore (read from files the benchmark writes); the token hashed
 * with HMAC-SHA256 under the key Baton derives from BATON_SECRET_KEY; and a
 * handoff-like string minted per preview (base64url header and payload, HMAC
 * over them), of the same size as Baton's envelope. It skips what a ceiling
 * may skip: no API-key lookup, no rate limits, no access log, no escaping
 * (the benchmark's names are plain ASCII), no error bodies.
 *
 *   cc -O2 -I Sources/CMicroHTTPD bench/ceiling/api.c \
 *      bench/ceiling/ceiling_server.c \
 *      $(pkg-config --cflags --libs libmicrohttpd libpq libsodium) -o api
 *   ./api POOL_SIZE TIMEOUT_S MAX_CONNECTIONS MAX_PER_CLIENT MEMORY_LIMIT \
 *         CONNINFO SECRET_HEX PREVIEW_SQL_FILE REDEEM_SQL_FILE WEBHOOK_KIND WEBHOOK_ATTEMPTS
 *
 * It listens on 127.0.0.1 on a free port, prints the port on stdout, and
 * serves until SIGTERM or SIGINT.
 */
#include <libpq-fe.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ceiling_server.h"

static const char *conninfo, *webhook_kind, *webhook_attempts;
static char *preview_sql, *redeem_sql;
static unsigned char token_key[crypto_auth_hmacsha256_BYTES];
static unsigned char handoff_key[crypto_auth_hmacsha256_KEYBYTES];

/* One connection per pool thread: a thread serves its connections one
 * request at a time, as Baton's handlers borrow one pooled connection. */
static __thread PGconn *database;

/* A request: its body (redeem only) as it arrives. */
struct exchange {
    size_t length;
    char body[4096];
};

static PGconn *thread_database(void) {
    if (database != NULL && PQstatus(database) == CONNECTION_OK) return database;
    if (database != NULL) PQfinish(database);
    database = PQconnectdb(conninfo);
    if (PQstatus(database) != CONNECTION_OK) return NULL;
    PGresult *prepared = PQprepare(database, "preview", preview_sql, 0, NULL);
    PQclear(prepared);
    prepared = PQprepare(database, "redeem", redeem_sql, 0, NULL);
    PQclear(prepared);
    return database;
}

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = calloc(1, (size_t) size + 1);
    if (text != NULL && fread(text, 1, (size_t) size, file) != (size_t) size) { free(text); text = NULL; }
    fclose(file);
    return text;
}

static enum MHD_Result answer(struct MHD_Connection *connection, unsigned int status, const char *body, size_t length) {
    return ceiling_answer(connection, status, MHD_create_response_from_buffer(length, (void *) body, MHD_RESPMEM_MUST_COPY));
}

/* `text` as unpadded base64url into `out`; returns the length written. */
static size_t base64url(char *out, size_t capacity, const unsigned char *text, size_t length) {
    sodium_bin2base64(out, capacity, text, length, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    return strlen(out);
}

/* A JWS-shaped invite envelope: header.payload.mac, as Baton mints. */
static void mint_handoff(char *out, size_t capacity, const char *token, const char *family, const char *inviter) {
    char header[160], payload[512];
    long now = (long) time(NULL);
    int header_length = snprintf(header, sizeof header,
        "{\"alg\":\"HS256\",\"exp\":%ld,\"iat\":%ld,\"kid\":\"bench\",\"kind\":\"invite\",\"typ\":\"baton-handoff\",\"v\":1}",
        now + 900, now);
    int payload_length = snprintf(payload, sizeof payload,
        "{\"credential\":{\"form\":\"token\",\"value\":\"%s\"},\"family_name\":\"%s\",\"inviter_name\":\"%s\","
        "\"source\":\"https://bench.example/invite/%s\"}", token, family, inviter, token);
    size_t length = base64url(out, capacity, (unsigned char *) header, (size_t) header_length);
    out[length++] = '.';
    length += base64url(out + length, capacity - length, (unsigned char *) payload, (size_t) payload_length);
    unsigned char mac[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256(mac, (unsigned char *) out, length, handoff_key);
    out[length++] = '.';
    base64url(out + length, capacity - length, mac, sizeof mac);
}

/* PostgreSQL's `2026-11-30 18:00:00.123+00` as `2026-11-30T18:00:00.123Z`. */
static void iso8601(char *out, size_t capacity, const char *timestamp) {
    snprintf(out, capacity, "%.10sT%.12sZ", timestamp, timestamp + 11);
}

static enum MHD_Result preview(struct MHD_Connection *connection, const char *token, size_t token_length) {
    char credential[64];
    if (token_length == 0 || token_length >= sizeof credential) return answer(connection, 400, "", 0);
    memcpy(credential, token, token_length);
    credential[token_length] = 0;
    unsigned char hash[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256(hash, (unsigned char *) credential, token_length, token_key);
    PGconn *db = thread_database();
    if (db == NULL) return answer(connection, 503, "", 0);
    const char *values[] = {(char *) hash, "clip"};
    const int lengths[] = {sizeof hash, 4}, formats[] = {1, 0};
    PGresult *result = PQexecPrepared(db, "preview", 2, values, lengths, formats, 0);
    if (PQresultStatus(result) != PGRES_TUPLES_OK || PQntuples(result) != 1) {
        PQclear(result);
        return answer(connection, 404, "", 0);
    }
    const char *family = PQgetvalue(result, 0, 2), *state = PQgetvalue(result, 0, 4);
    const char *inviter = PQgetisnull(result, 0, 3) ? family : PQgetvalue(result, 0, 3);
    if (strcmp(state, "active") != 0 || strcmp(PQgetvalue(result, 0, 7), "t") == 0) {
        PQclear(result);
        return answer(connection, 410, "", 0);
    }
    char handoff[1024], expires[40], body[2048];
    mint_handoff(handoff, sizeof handoff, credential, family, inviter);
    iso8601(expires, sizeof expires, PQgetvalue(result, 0, 5));
    int length = snprintf(body, sizeof body,
        "{\"expires_at\":\"%s\",\"family_name\":\"%s\",\"handoff\":\"%s\",\"inviter_name\":\"%s\",\"state\":\"%s\",\"uses_left\":%s}",
        expires, family, handoff, inviter, state, PQgetvalue(result, 0, 6));
    PQclear(result);
    return answer(connection, 200, body, (size_t) length);
}

/* The string value of `"name":"..."` in `body`, copied into `out`. */
static const char *field(const char *body, const char *name, char *out, size_t capacity) {
    char pattern[40];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", name);
    const char *start = strstr(body, pattern);
    if (start == NULL) return NULL;
    start += strlen(pattern);
    const char *end = strchr(start, '"');
    if (end == NULL || (size_t) (end - start) >= capacity) return NULL;
    memcpy(out, start, (size_t) (end - start));
    out[end - start] = 0;
    return out;
}

static enum MHD_Result redeem(struct MHD_Connection *connection, struct exchange *exchange) {
    exchange->body[exchange->length] = 0;
    char token[64], redeemer[160], channel[16];
    if (field(exchange->body, "token", token, sizeof token) == NULL
        || field(exchange->body, "redeemer_id", redeemer, sizeof redeemer) == NULL) {
        return answer(connection, 400, "", 0);
    }
    if (field(exchange->body, "channel", channel, sizeof channel) == NULL) strcpy(channel, "app");
    unsigned char hash[crypto_auth_hmacsha256_BYTES];
    crypto_auth_hmacsha256(hash, (unsigned char *) token, strlen(token), token_key);
    PGconn *db = thread_database();
    if (db == NULL) return answer(connection, 503, "", 0);
    /* No invitee identities ($7), no erased form ($8) and no traceparent ($9):
     * what Baton binds for an untraced API-key redemption of an unbound
     * invite, and what pgbench binds. */
    const char *values[] = {(char *) hash, redeemer, channel, NULL, webhook_kind, webhook_attempts, "{}", NULL, NULL};
    const int lengths[] = {sizeof hash, 0, 0, 0, 0, 0, 0, 0, 0}, formats[] = {1, 0, 0, 0, 0, 0, 0, 0, 0};
    PGresult *result = PQexecPrepared(db, "redeem", 9, values, lengths, formats, 0);
    if (PQresultStatus(result) != PGRES_TUPLES_OK || PQntuples(result) != 1) {
        PQclear(result);
        return answer(connection, 503, "", 0);
    }
    const char *outcome = PQgetvalue(result, 0, 0);
    unsigned int status = strcmp(outcome, "redeemed") == 0 ? 201 : strcmp(outcome, "replayed") == 0 ? 200 : 409;
    if (status == 409) {
        PQclear(result);
        return answer(connection, status, "", 0);
    }
    char redeemed_at[40], body[1024];
    iso8601(redeemed_at, sizeof redeemed_at, PQgetvalue(result, 0, 6));
    int length = snprintf(body, sizeof body,
        "{\"channel\":\"%s\",\"family_id\":\"%s\",\"family_name\":\"%s\",\"id\":\"%s\",\"invite_id\":\"%s\","
        "\"redeemed_at\":\"%s\",\"redeemer_id\":\"%s\",\"uses_left\":%s}",
        PQgetvalue(result, 0, 5), PQgetvalue(result, 0, 3), PQgetvalue(result, 0, 4), PQgetvalue(result, 0, 1),
        PQgetvalue(result, 0, 2), redeemed_at, redeemer, PQgetvalue(result, 0, 7));
    PQclear(result);
    return answer(connection, status, body, (size_t) length);
}

/* Answers on a later callback than the first, as Baton does: libmicrohttpd
 * 0.9.75 drops keep-alive for an answer on the first. */
static enum MHD_Result handle(void *cls, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, const char *upload_data,
                              size_t *upload_data_size, void **request_context) {
    (void) cls; (void) version;
    if (*request_context == NULL) {
        struct exchange *exchange = malloc(sizeof *exchange);
        if (exchange == NULL) return MHD_NO;
        exchange->length = 0;
        *request_context = exchange;
        return MHD_YES;
    }
    struct exchange *exchange = *request_context;
    if (*upload_data_size > 0) {
        size_t room = sizeof exchange->body - 1 - exchange->length;
        size_t take = *upload_data_size < room ? *upload_data_size : room;
        memcpy(exchange->body + exchange->length, upload_data, take);
        exchange->length += take;
        *upload_data_size = 0;
        return MHD_YES;
    }
    static const char prefix[] = "/v1/invites/", suffix[] = "/preview";
    size_t length = strlen(url);
    if (strcmp(method, "GET") == 0 && length > sizeof prefix + sizeof suffix - 2
        && strncmp(url, prefix, sizeof prefix - 1) == 0 && strcmp(url + length - (sizeof suffix - 1), suffix) == 0) {
        return preview(connection, url + sizeof prefix - 1, length - (sizeof prefix - 1) - (sizeof suffix - 1));
    }
    if (strcmp(method, "POST") == 0 && strcmp(url, "/v1/redemptions") == 0) return redeem(connection, exchange);
    return answer(connection, 404, "", 0);
}

static void completed(void *cls, struct MHD_Connection *connection, void **request_context,
                      enum MHD_RequestTerminationCode termination) {
    (void) cls; (void) connection; (void) termination;
    free(*request_context);
    *request_context = NULL;
}

int main(int argc, char **argv) {
    if (argc != 12) {
        fprintf(stderr, "usage: %s " CEILING_SERVER_USAGE " "
                        "CONNINFO SECRET_HEX PREVIEW_SQL_FILE REDEEM_SQL_FILE WEBHOOK_KIND WEBHOOK_ATTEMPTS\n", argv[0]);
        return 2;
    }
    if (sodium_init() < 0) return 1;
    conninfo = argv[6];
    webhook_kind = argv[10];
    webhook_attempts = argv[11];
    preview_sql = read_file(argv[8]);
    redeem_sql = read_file(argv[9]);
    unsigned char secret[256];
    size_t secret_length = 0;
    if (preview_sql == NULL || redeem_sql == NULL
        || sodium_hex2bin(secret, sizeof secret, argv[7], strlen(argv[7]), NULL, &secret_length, NULL) != 0) {
        fprintf(stderr, "could not read the SQL files or the secret\n");
        return 2;
    }
    /* KeyedHasher: HMAC-SHA256(secret, "baton/link-token") is the token key. */
    crypto_auth_hmacsha256_state state;
    crypto_auth_hmacsha256_init(&state, secret, secret_length);
    crypto_auth_hmacsha256_update(&state, (const unsigned char *) "baton/link-token", 16);
    crypto_auth_hmacsha256_final(&state, token_key);
    randombytes_buf(handoff_key, sizeof handoff_key);

    return ceiling_serve(argv, handle, completed);
}
