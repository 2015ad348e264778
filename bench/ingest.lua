-- wrk script for bench/ingest.py: POST batches of a realistic event mix, one agent per request.
--   wrk -t2 -c8 -d10s -s bench/ingest.lua http://127.0.0.1:PORT -- TOKENS_FILE BATCH PATH RUN
-- Per 20 events: 12 tool invocations (one in five of all events a failure with a mode),
-- 4 skill outcomes with tokens, a model and patterns (priced, no cost), 2 observations,
-- 1 correction and 1 session end; 50 agents, a new session every 40 events of an agent.
-- bench/ingest.py builds the same rows in Python for the COPY comparison (mix_event).
-- done() prints one JSON line: requests, seconds, non-2xx responses and the latency quantiles (ms).

local threads = {}
local counter = 0

function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  tokens = {}
  for line in io.lines(args[1]) do table.insert(tokens, line) end
  batch, path, run = tonumber(args[2]), args[3], args[4]
  non2xx = 0
end

local YESTERDAY = os.date("!%Y-%m-%d", os.time() - 86400)
local PATTERNS = {'"Split by file type"', '"Ask first"', '"Small steps"', '"Read the tests"'}
local MODES = {"RUNTIME", "NOTFOUND.package", "PERM", "TIMEOUT.network"}

local function event(n, agent)
  local k = n % 20
  local session = string.format("%s-%d-a%d-s%d", run, tid, agent, math.floor(n / 40))
  -- dated yesterday: within the server's retention and never ahead of its clock, whatever the date
  local ts = string.format("%sT%02d:%02d:%02d.%03dZ", YESTERDAY, math.floor(n / 3600000) % 24,
    math.floor(n / 60000) % 60, math.floor(n / 1000) % 60, n % 1000)
  local id = string.format("%s-%d-%d", run, tid, n)
  local body
  if k < 12 then
    if n % 5 == 0 then
      body = string.format('{"session_id":"%s","tool":"bash","args":{"cmd":"make test"},' ..
        '"outcome":"failure","duration_ms":%d,"failure_mode":"%s","error":"exit status 2"}',
        session, 10 + n % 300, MODES[n % 4 + 1])
      return string.format('{"id":"%s","type":"tool_invocation","timestamp":"%s","body":%s}', id, ts, body)
    end
    body = string.format('{"session_id":"%s","tool":"read_file","args":{"path":"src/app.py"},' ..
      '"outcome":"success","duration_ms":%d}', session, 5 + n % 100)
    return string.format('{"id":"%s","type":"tool_invocation","timestamp":"%s","body":%s}', id, ts, body)
  elseif k < 16 then
    body = string.format('{"skill":"%s","success":%s,"duration_ms":%d,"input_tokens":%d,' ..
      '"output_tokens":%d,"model":"gpt-4o-mini","confidence":0.8,"correlation_id":"%s",' ..
      '"patterns":[%s,%s],"error_count":%d}',
      (n % 2 == 0) and "triage" or "review", (n % 3 == 0) and "false" or "true", 500 + n % 9000,
      1000 + n % 500, 200 + n % 100, id, PATTERNS[n % 4 + 1], PATTERNS[(n + 1) % 4 + 1],
      (n % 3 == 0) and 2 or 0)
    return string.format('{"id":"%s","type":"skill_outcome","timestamp":"%s","body":%s}', id, ts, body)
  elseif k < 18 then
    body = string.format('{"text":"The user accepted the summary.","session_id":"%s",' ..
      '"sentiment":"positive","category":"praise"}', session)
    return string.format('{"id":"%s","type":"observation","timestamp":"%s","body":%s}', id, ts, body)
  elseif k == 18 then
    body = string.format('{"user_message":"No, use pnpm instead.","previous_agent_response":' ..
      '"npm install","session_id":"%s"}', session)
    return string.format('{"id":"%s","type":"correction","timestamp":"%s","body":%s}', id, ts, body)
  end
  body = string.format('{"session_id":"%s"}', session)
  return string.format('{"id":"%s","type":"session_end","timestamp":"%s","body":%s}', id, ts, body)
end

function request()
  local agent = (math.floor(counter * batch / 40) % #tokens) + 1  -- an agent keeps its session
  local events = {}
  for i = 1, batch do
    events[i] = event(counter * batch + i, agent)
  end
  counter = counter + 1
  local headers = {["Authorization"] = "Bearer " .. tokens[agent], ["Content-Type"] = "application/json"}
  return wrk.format("POST", path, headers, '{"batch":[' .. table.concat(events, ",") .. ']}')
end

function response(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end

function done(summary, latency, requests)
  local errors = 0
  for _, thread in ipairs(threads) do errors = errors + thread:get("non2xx") end
  local quantiles = {}  -- latency at every 0.1 % of requests, so slices can be merged
  for i = 1, 1000 do quantiles[i] = string.format("%.3f", latency:percentile(i / 10) / 1000) end
  io.write(string.format('{"requests":%d,"seconds":%.3f,"non2xx":%d,"socket_errors":%d,' ..
    '"quantiles_ms":[%s]}\n', summary.requests, summary.duration / 1e6, errors,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    table.concat(quantiles, ",")))
end
