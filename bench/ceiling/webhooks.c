/*
 * The C ceiling for `baton-bench webhooks`: webhook deliveries with no Swift
 * in them. One libpq connection runs the very claim, event-body and complete
 * statements of Baton's queue and webhook handler (read from files the
 * benchmark writes); each claimed batch is signed as Baton signs
 * (HMAC-SHA256 over "<t>." + body, libsodium) and posted at once through one
 * libcurl multi handle with the same headers, on easy handles and kept-alive
 * connections reused from batch to batch; then the batch is completed.
 *
 *   cc -O2 bench/ceiling/webhooks.c \
 *      $(pkg-config --cflags --libs libpq libcurl libsodium) -o webhooks
 *   ./webhooks CONNINFO URL SECRET JOBS BATCH WORKER_ID KIND \
 *              CLAIM_SQL_FILE BODY_SQL_FILE COMPLETE_SQL_FILE
 *
 * It delivers until JOBS deliveries were answered with a 2xx (or the queue
 * is empty) and prints "DELIVERED SECONDS CPU_SECONDS": the wall time and the
 * process's CPU time (user + system) from the first claim to the last
 * completion. It skips what a ceiling may skip: no retries (a failed
 * delivery stops it with exit 1), no JSON parsing (the event id and type are
 * found in the text; the body is posted as the database prints it), no metrics.
 */
#include <curl/curl.h>
#include <libpq-fe.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

struct delivery {
    CURL *easy;
    struct curl_slist *headers;
    char id[32];
};

static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    rewind(file);
    char *text = calloc(1, size + 1);
    if (text && fread(text, 1, size, file) != (size_t) size) { free(text); text = NULL; }
    fclose(file);
    return text;
}

static double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return time.tv_sec + time.tv_nsec / 1e9;
}

static double cpu_seconds(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* Copies the string value after `"key": "` in `json` into `out` (at most size - 1 bytes). */
static int json_string(const char *json, const char *key, char *out, size_t size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\": \"", key);
    const char *start = strstr(json, pattern);
    if (!start) return 0;
    start += strlen(pattern);
    const char *end = strchr(start, '"');
    if (!end || (size_t) (end - start) >= size) return 0;
    memcpy(out, start, end - start);
    out[end - start] = 0;
    return 1;
}

static size_t discard(char *data, size_t size, size_t count, void *context) {
    (void) data; (void) context;
    return size * count;
}

static int prepare(PGconn *db, const char *name, const char *path, int parameters) {
    char *sql = read_file(path);
    if (!sql) return 0;
    PGresult *result = PQprepare(db, name, sql, parameters, NULL);
    int ok = PQresultStatus(result) == PGRES_COMMAND_OK;
    if (!ok) fprintf(stderr, "prepare %s: %s", name, PQerrorMessage(db));
    PQclear(result);
    free(sql);
    return ok;
}

int main(int argc, char **argv) {
    if (argc != 11) {
        fprintf(stderr, "usage: %s CONNINFO URL SECRET JOBS BATCH WORKER_ID KIND CLAIM_SQL BODY_SQL COMPLETE_SQL\n", argv[0]);
        return 2;
    }
    const char *url = argv[2], *secret = argv[3], *worker = argv[6];
    long jobs = atol(argv[4]), batch = atol(argv[5]);
    char kinds[128];
    snprintf(kinds, sizeof kinds, "{%s}", argv[7]);
    if (sodium_init() < 0 || curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK || batch < 1 || batch > 1000) return 1;
    PGconn *db = PQconnectdb(argv[1]);
    if (PQstatus(db) != CONNECTION_OK) { fprintf(stderr, "%s", PQerrorMessage(db)); return 1; }
    if (!prepare(db, "claim", argv[8], 4) || !prepare(db, "body", argv[9], 1) || !prepare(db, "complete", argv[10], 2)) return 1;

    CURLM *multi = curl_multi_init();
    struct delivery *deliveries = calloc(batch, sizeof *deliveries);
    for (long i = 0; i < batch; i++) {
        CURL *easy = curl_easy_init();
        curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
        curl_easy_setopt(easy, CURLOPT_POST, 1L);
        curl_easy_setopt(easy, CURLOPT_URL, url);
        curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, (long) CURL_HTTP_VERSION_2TLS);
        curl_easy_setopt(easy, CURLOPT_TIMEOUT_MS, 10000L);
        curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, discard);
        deliveries[i].easy = easy;
    }

    char batch_size[32];
    snprintf(batch_size, sizeof batch_size, "%ld", batch);
    long delivered = 0;
    double started = now_seconds(), cpu_started = cpu_seconds();
    while (delivered < jobs) {
        const char *claim_values[4] = {batch_size, worker, "60", kinds};
        PGresult *claimed = PQexecPrepared(db, "claim", 4, claim_values, NULL, NULL, 0);
        if (PQresultStatus(claimed) != PGRES_TUPLES_OK) { fprintf(stderr, "claim: %s", PQerrorMessage(db)); return 1; }
        int count = PQntuples(claimed);
        if (count == 0) { PQclear(claimed); break; }
        char ids[32 * 1024] = "{";
        /* The event bodies of the batch in one round trip: the same
         * statement once per job, sent in libpq's pipeline mode. */
        char event_ids[1000][64];
        PQenterPipelineMode(db);
        for (int i = 0; i < count; i++) {
            snprintf(deliveries[i].id, sizeof deliveries[i].id, "%s", PQgetvalue(claimed, i, 0));
            strcat(ids, i ? "," : ""); strcat(ids, deliveries[i].id);
            if (!json_string(PQgetvalue(claimed, i, 2), "event_id", event_ids[i], sizeof event_ids[i])) return 1;
            const char *body_values[1] = {event_ids[i]};
            if (!PQsendQueryPrepared(db, "body", 1, body_values, NULL, NULL, 0)) { fprintf(stderr, "body: %s", PQerrorMessage(db)); return 1; }
        }
        PQpipelineSync(db);
        for (int i = 0; i < count; i++) {
            struct delivery *delivery = &deliveries[i];
            const char *event_id = event_ids[i];
            char type[64], timestamp[32];
            PGresult *row = PQgetResult(db);
            if (PQresultStatus(row) != PGRES_TUPLES_OK || PQntuples(row) != 1) { fprintf(stderr, "body: %s", PQerrorMessage(db)); return 1; }
            PQclear(PQgetResult(db)); /* the NULL that ends each query's results */
            const char *body = PQgetvalue(row, 0, 0);
            size_t length = strlen(body);
            if (!json_string(body, "type", type, sizeof type)) return 1;

            snprintf(timestamp, sizeof timestamp, "%ld", (long) time(NULL));
            unsigned char mac[crypto_auth_hmacsha256_BYTES];
            crypto_auth_hmacsha256_state state;
            crypto_auth_hmacsha256_init(&state, (const unsigned char *) secret, strlen(secret));
            crypto_auth_hmacsha256_update(&state, (const unsigned char *) timestamp, strlen(timestamp));
            crypto_auth_hmacsha256_update(&state, (const unsigned char *) ".", 1);
            crypto_auth_hmacsha256_update(&state, (const unsigned char *) body, length);
            crypto_auth_hmacsha256_final(&state, mac);
            char hex[2 * sizeof mac + 1], line[256];

            curl_slist_free_all(delivery->headers);
            delivery->headers = curl_slist_append(NULL, "Content-Type: application/json");
            delivery->headers = curl_slist_append(delivery->headers, "User-Agent: baton-webhooks/1");
            snprintf(line, sizeof line, "Idempotency-Key: %s", event_id);
            delivery->headers = curl_slist_append(delivery->headers, line);
            snprintf(line, sizeof line, "Baton-Event-Type: %s", type);
            delivery->headers = curl_slist_append(delivery->headers, line);
            snprintf(line, sizeof line, "Baton-Signature: t=%s,v1=%s", timestamp, sodium_bin2hex(hex, sizeof hex, mac, sizeof mac));
            delivery->headers = curl_slist_append(delivery->headers, line);
            delivery->headers = curl_slist_append(delivery->headers, "Expect:");
            curl_easy_setopt(delivery->easy, CURLOPT_HTTPHEADER, delivery->headers);
            curl_easy_setopt(delivery->easy, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t) length);
            curl_easy_setopt(delivery->easy, CURLOPT_COPYPOSTFIELDS, body);
            PQclear(row);
            curl_multi_add_handle(multi, delivery->easy);
        }
        PQclear(PQgetResult(db)); /* the pipeline's sync */
        PQexitPipelineMode(db);
        strcat(ids, "}");
        PQclear(claimed);

        int running = count, queued;
        while (running > 0) {
            curl_multi_perform(multi, &running);
            if (running > 0) curl_multi_poll(multi, NULL, 0, 1000, NULL);
        }
        CURLMsg *message;
        while ((message = curl_multi_info_read(multi, &queued))) {
            long status = 0;
            curl_easy_getinfo(message->easy_handle, CURLINFO_RESPONSE_CODE, &status);
            if (message->data.result != CURLE_OK || status < 200 || status > 299) {
                fprintf(stderr, "delivery failed: curl %d, HTTP %ld\n", message->data.result, status);
                return 1;
            }
            curl_multi_remove_handle(multi, message->easy_handle);
            delivered++;
        }
        const char *complete_values[2] = {ids, worker};
        PGresult *completed = PQexecPrepared(db, "complete", 2, complete_values, NULL, NULL, 0);
        if (PQresultStatus(completed) != PGRES_COMMAND_OK) { fprintf(stderr, "complete: %s", PQerrorMessage(db)); return 1; }
        PQclear(completed);
    }
    printf("%ld %.6f %.6f\n", delivered, now_seconds() - started, cpu_seconds() - cpu_started);
    PQfinish(db);
    return 0;
}
