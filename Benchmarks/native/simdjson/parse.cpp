// simdjson on Screenplay's documents, for scripts/bench-native: the parse-only limit.
//   parse DIR SECONDS
// Parses DIR/{gallery,requests,home}.plain.json into simdjson's DOM (validating every byte, as a
// decoder must) and prints `NAME parse<TAB>median ms<TAB>samples`, with the timing loop of
// Benchmarks/shared/SideBySide.swift.
#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: parse DIR [SECONDS]\n");
        return 2;
    }
    const std::string directory = argv[1];
    const double seconds = argc > 2 ? std::stod(argv[2]) : 2.0;
    const char *names[] = {"gallery", "requests", "home"};
    std::vector<simdjson::padded_string> documents;
    for (const char *name : names) {
        auto loaded = simdjson::padded_string::load(directory + "/" + name + ".plain.json");
        if (loaded.error()) {
            std::fprintf(stderr, "cannot read %s: %s\n", name, simdjson::error_message(loaded.error()));
            return 1;
        }
        documents.emplace_back(std::move(loaded).value_unsafe());
    }
    // One parser per document, as a server keeps one per thread: its buffers are reused.
    std::vector<simdjson::dom::parser> parsers(documents.size());
    std::vector<std::function<void()>> operations;
    for (size_t index = 0; index < documents.size(); ++index) {
        operations.push_back([&, index] {
            simdjson::dom::element root;
            if (parsers[index].parse(documents[index]).get(root)) std::abort();
            asm volatile("" : : "r"(&root) : "memory");
        });
    }
    using Clock = std::chrono::steady_clock;
    for (auto &operation : operations)
        for (int warm = 0; warm < 3; ++warm) operation();
    std::vector<std::vector<double>> samples(operations.size());
    const auto start = Clock::now();
    while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
        for (size_t index = 0; index < operations.size(); ++index) {
            const auto began = Clock::now();
            operations[index]();
            samples[index].push_back(std::chrono::duration<double, std::milli>(Clock::now() - began).count());
        }
    }
    for (size_t index = 0; index < operations.size(); ++index) {
        auto &sorted = samples[index];
        std::sort(sorted.begin(), sorted.end());
        std::printf("%s parse\t%.4f\t%zu\n", names[index], sorted[sorted.size() / 2], sorted.size());
    }
    return 0;
}
