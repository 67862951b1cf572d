-- wrk script for scripts/bench-webhooks.sh: replays pre-signed Stripe events, each once.
-- Arguments: <events file> <wrk threads> <done folder> [events/s]. The file has one event per line:
-- "<Stripe-Signature>\t<body>". Once a thread has sent all its events it sends a GET
-- request (405) per connection every 100 ms while it waits for the last answers. Thread i
-- sends lines i, i+threads, i+2*threads, ... and, once each of its events has been
-- answered, stops and creates <done folder>/<i>
-- (the script then interrupts wrk, which otherwise waits for its full duration).
-- With an events/s argument above 0 the load is paced: each thread keeps a schedule of
-- send times (its share of the rate; LuaJIT's ffi reads CLOCK_MONOTONIC) and delay() holds
-- each connection until the next free slot, so the offered load is the rate whatever the
-- answer times, as long as a connection is free for every slot (give enough connections).
-- wrk's latency is timed from the actual send, so a slot sent late because every
-- connection was busy shows up as a lower achieved rate, not as latency: compare the
-- achieved rate (Requests/sec) with the one asked for.
local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
int clock_gettime(int clock, bench_timespec *ts);
]]
local clock_now = ffi.new("bench_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, clock_now)  -- CLOCK_MONOTONIC
  return tonumber(clock_now.tv_sec) * 1000 + tonumber(clock_now.tv_nsec) / 1e6
end
local interval_ms = nil  -- per thread, when paced
local next_slot = nil
local counter = 0
function setup(thread)
  thread:set("slot", counter)
  counter = counter + 1
end

local requests = {}
local idle = wrk.format("GET", "/webhooks/stripe")  -- answered 405, not counted
local next_index = 0
local answered = 0
local expected = 0

function init(args)
  local path, threads = args[1], tonumber(args[2])
  done_file = args[3] .. "/" .. slot
  local rate = tonumber(args[4] or "0") or 0
  if rate > 0 then interval_ms = 1000 * threads / rate end
  local line_number = 0
  for line in io.lines(path) do
    if line_number % threads == slot then
      local tab = line:find("\t", 1, true)
      requests[#requests + 1] = wrk.format("POST", "/webhooks/stripe",
        { ["Content-Type"] = "application/json", ["Stripe-Signature"] = line:sub(1, tab - 1) },
        line:sub(tab + 1))
    end
    line_number = line_number + 1
  end
  expected = #requests
  -- wrk calls request() once on the first thread's state to check the script before the
  -- run: give that call a copy so that no event is skipped.
  if slot == 0 and #requests > 0 then table.insert(requests, 1, requests[1]) end
end

-- Once this thread has sent all its events its connections only wait: one idle GET per
-- connection every 100 ms, so a finished thread does not load the service while the other
-- threads' events are still being answered (and adds few samples to wrk's statistics).
function delay()
  if next_index >= #requests then return 100 end
  if not interval_ms then return 0 end
  local now = now_ms()
  if not next_slot then next_slot = now end
  local slot = next_slot
  next_slot = next_slot + interval_ms
  local wait = slot - now
  if wait <= 0 then return 0 end
  return math.floor(wait + 0.5)
end

function request()
  next_index = next_index + 1
  if next_index > #requests then return idle end  -- all sent: wait for the answers
  return requests[next_index]
end

function response(status, headers, body)
  if status == 405 then return end  -- an idle request
  answered = answered + 1
  if answered == expected then
    local f = io.open(done_file, "w")
    if f then f:close() end
    wrk.thread:stop()
  end
end
