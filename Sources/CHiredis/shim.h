#include <stddef.h>
#include <hiredis/hiredis.h>

/*
 * redisCommand is variadic, which Swift cannot call; the publisher sends
 * every command as an argument vector with redisCommandArgv instead, so
 * binary-safe values (the webhook body) need no format string at all.
 */
