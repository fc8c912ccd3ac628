#!/usr/bin/env python3
"""Posts event batches to /events at a steady rate until killed (scripts/loadtest --events RATE)."""
import http.client, json, sys, time, uuid

port, rate = int(sys.argv[1]), float(sys.argv[2])
batch = 100
interval = batch / rate
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
sent = refused = 0
next_at = time.monotonic()
while True:
    body = json.dumps({"events": [{"id": str(uuid.uuid4()), "name": "checkout_done"} for _ in range(batch)]})
    try:
        connection.request("POST", "/events", body, {"Content-Type": "application/json", "Screenplay-User": f"load-{sent % 5000}"})
        response = connection.getresponse()
        response.read()
        if response.status == 202: sent += batch
        else: refused += batch
    except Exception:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    next_at += interval
    time.sleep(max(0, next_at - time.monotonic()))
    if sent % 10000 == 0:
        sys.stderr.write(f"events sent {sent}, refused {refused}\n")
