-- wrk script for scripts/bench-figures.ts: every connection is opened, and accepted by the server,
-- before the load starts (docs/decisions/051-load-on-open-connections.md). Each connection's
-- first request waits half a second; every later one goes at once. wrk times a request from its
-- write, so the wait is not counted as latency; it is counted in the run's time, so the
-- requests/s printed are a little low (≈ 3 % of a 15 s run), never high.
--
-- Usage: wrk -t2 -c50 -d15s -s scripts/wrk-open-first.lua URL -- <connections per thread>

local waiting = 0

function init(args)
  waiting = tonumber(args[1]) or 0
end

function delay()
  if waiting > 0 then
    waiting = waiting - 1
    return 500
  end
  return 0
end
