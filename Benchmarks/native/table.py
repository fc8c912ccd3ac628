"""The table of scripts/bench-native: reads `SIDE ROUND<TAB>name<TAB>ms<TAB>samples` lines (SIDE is
screenplay, serde_json or simdjson; each side's program prints `name<TAB>ms<TAB>samples` with the
loop of Benchmarks/shared/SideBySide.swift) and prints, for each document and job, the median over
rounds of each side's median, its MB/s on the plain document's bytes, and the speed of Screenplay
relative to serde_json (their time ÷ ours: 1.00 or more is at least as fast).

    python3 Benchmarks/native/table.py DIR < lines      (DIR holds NAME.plain.json and NAME.json)
"""
import os
import statistics
import sys

directory = sys.argv[1]
times = {}
for line in sys.stdin:
    side_round, name, ms, _ = line.rstrip("\n").split("\t")
    times.setdefault((side_round.split()[0], name), []).append(float(ms))


def median(side, name):
    values = times.get((side, name))
    return statistics.median(values) if values else None


def cell(ms, size):
    return f"{ms:9.3f} {size / ms / 1e3:7.0f}" if ms else f"{'-':>9} {'-':>7}"


print("median ms and MB/s of the plain document's bytes; 'vs serde' is serde_json's time ÷ Screenplay's")
print(f"{'document':<10} {'job':<16} {'Screenplay':>17} {'serde_json':>17} {'simdjson':>17} {'vs serde':>9}")
print(f"{'':<10} {'':<16} {'ms':>9} {'MB/s':>7} {'ms':>9} {'MB/s':>7} {'ms':>9} {'MB/s':>7}")
for document in ("gallery", "requests", "home"):
    size = os.path.getsize(os.path.join(directory, document + ".plain.json"))
    for job in ("build+serialise", "decode", "parse"):
        ours = median("screenplay", f"{document} {job}")
        serde = median("serde_json", f"{document} {job}")
        simd = median("simdjson", f"{document} {job}")
        ratio = f"{serde / ours:8.2f}x" if ours and serde else f"{'-':>9}"
        print(f"{document:<10} {job:<16} {cell(ours, size)} {cell(serde, size)} {cell(simd, size)} {ratio}")
print()
print("Screenplay with templates (what a 1.1 app receives), per screen, against its plain form:")
print(f"{'document':<10} {'bytes plain':>12} {'templated':>10} {'encode ms':>10} {'÷ plain':>8} {'decode ms':>10} {'÷ plain':>8}")
for document in ("gallery", "requests", "home"):
    plain_size = os.path.getsize(os.path.join(directory, document + ".plain.json"))
    templated_size = os.path.getsize(os.path.join(directory, document + ".json"))
    encode = median("screenplay", f"{document} build+serialise templated")
    decode = median("screenplay", f"{document} decode templated")
    encode_plain = median("screenplay", f"{document} build+serialise")
    decode_plain = median("screenplay", f"{document} decode")
    print(f"{document:<10} {plain_size:>12} {templated_size:>10} {encode:>10.3f} {encode / encode_plain:>8.2f} "
          f"{decode:>10.3f} {decode / decode_plain:>8.2f}")
