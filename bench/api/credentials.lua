-- wrk script for `baton bench api`: every request carries the next
-- credential from a file (one per line), so each redeem hits a fresh invite.
-- Arguments after `--`: MODE (preview|redeem), FILE, THREADS, API_KEY.
-- Thread k of n takes lines k, k+n, k+2n, ...; past the end it wraps (and a
-- redeem then replays, which the benchmark avoids by generating enough).

local threads = {}
local counter = 0

function setup(thread)
   thread:set("index", #threads)
   table.insert(threads, thread)
end

function init(args)
   mode, file, stride, key = args[1], args[2], tonumber(args[3]), args[4]
   credentials = {}
   for line in io.lines(file) do credentials[#credentials + 1] = line end
   counter = index
end

function request()
   local credential = credentials[(counter % #credentials) + 1]
   counter = counter + stride
   if mode == "redeem" then
      local body = '{"token":"' .. credential .. '","redeemer_id":"bench","channel":"app"}'
      return wrk.format("POST", "/v1/redemptions",
         { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer " .. key }, body)
   end
   return wrk.format("GET", "/v1/invites/" .. credential .. "/preview")
end
