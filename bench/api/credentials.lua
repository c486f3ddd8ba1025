-- wrk script for `baton-bench api`: every request carries the next
-- credential from a file (one per line), so each redeem hits a fresh invite.
-- Arguments after `--`: MODE (preview|redeem), FILE, THREADS, API_KEY, and
-- optionally REDEEMER (default bench), OFFSET (first line to use, default 0)
-- and PAUSE (milliseconds each connection waits between requests, default
-- 0: as fast as answers come; the benchmark's half-load runs set it).
-- Thread k of n takes lines OFFSET+k, OFFSET+k+n, ...; past the end it wraps
-- (and a redeem then replays, which the benchmark avoids by generating enough).

local threads = {}

function setup(thread)
   thread:set("index", #threads)
   table.insert(threads, thread)
end

function init(args)
   mode, file, stride, key = args[1], args[2], tonumber(args[3]), args[4]
   redeemer = args[5] or "bench"
   local pause = tonumber(args[7] or "0")
   credentials = {}
   for line in io.lines(file) do credentials[#credentials + 1] = line end
   counter = index + tonumber(args[6] or "0")
   if pause > 0 then
      delay = function() return pause end
   end
end

function request()
   local credential = credentials[(counter % #credentials) + 1]
   counter = counter + stride
   if mode == "redeem" then
      local body = '{"token":"' .. credential .. '","redeemer_id":"' .. redeemer .. '","channel":"app"}'
      return wrk.format("POST", "/v1/redemptions",
         { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. key }, body)
   end
   return wrk.format("GET", "/v1/invites/" .. credential .. "/preview")
end
