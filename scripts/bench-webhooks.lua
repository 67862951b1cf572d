-- wrk script for scripts/bench-webhooks.sh: replays pre-signed Stripe events, each once.
-- Arguments: <events file> <wrk threads> <done folder>. The file has one event per line:
-- "<Stripe-Signature>\t<body>". Once a thread has sent all its events it sends a GET
-- request (405) per connection every 100 ms while it waits for the last answers. Thread i
-- sends lines i, i+threads, i+2*threads, ... and, once each of its events has been
-- answered, stops and creates <done folder>/<i>
-- (the script then interrupts wrk, which otherwise waits for its full duration).
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
  return 0
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
