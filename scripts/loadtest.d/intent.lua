-- wrk script: POST the cities refresh intent with a valid state token (SCREENPLAY_TOKEN).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Screenplay-Components"] = os.getenv("SCREENPLAY_COMPONENTS")
wrk.body = '{"name":"refresh","state":{"city":"mos"},"stateToken":"' .. os.getenv("SCREENPLAY_TOKEN") .. '"}'
