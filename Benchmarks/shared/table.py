"""Reads `SIDE ROUND<TAB>name<TAB>ms<TAB>samples` lines and prints each row's medians side by side."""
import statistics
import sys

rows = {}
for line in sys.stdin:
    side_round, name, *rest = line.rstrip("\n").split("\t")
    if name == "bytes":
        continue
    rows.setdefault(name, {}).setdefault(side_round.split()[0], []).append(float(rest[0]))
print("%-28s %8s %8s %10s" % ("median ms", "base", "head", "head/base"))
for name, sides in rows.items():
    head = statistics.median(sides["head"])
    if "base" in sides:
        base = statistics.median(sides["base"])
        print("%-28s %8.3f %8.3f %10.2f" % (name, base, head, head / base))
    else:
        print("%-28s %8s %8.4f" % (name, "", head))
