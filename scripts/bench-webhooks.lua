-- wrk script for scripts/bench-webhooks.sh: replays pre-signed Stripe events, each once.
-- Arguments: <events file> <wrk threads>. The file has one event per line:
-- "<Stripe-Signature>\t<body>". Thread i sends lines i, i+threads, i+2*threads, ...
-- and stops once each of its events has been answered.
local counter = 0
function setup(thread)
  thread:set("slot", counter)
  counter = counter + 1
end

local requests = {}
local next_index = 0
local answered = 0

function init(args)
  local path, threads = args[1], tonumber(args[2])
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
end

function request()
  next_index = next_index + 1
  if next_index > #requests then next_index = #requests end  -- a duplicate: answered 200, stores nothing
  return requests[next_index]
end

function response(status, headers, body)
  answered = answered + 1
  if answered >= #requests then wrk.thread:stop() end
end
