// Clock driver for a core's gate-level netlist in core_tb.v (Verilator), writing the switching activity of the
// firmware's measured window as SAIF. Built by src/cryptoppa/activity/gatesim.py, which generates the wrapper
// that counts `csrr cycle` fetches and reports the count through cryptoppa_reads().
//
// Plusargs: +period_ps=P (clock period), +window=A,B (the window runs from the falling edge after the A-th
// counter read to the falling edge after the B-th), +saif_window=FILE (window activity), +saif_init=FILE
// (values at the window's start). Prints "GATESIM window <start_ps> <end_ps> <cycles>".
//
// Verilator's SAIF writer starts every bit at 0, so a full dump counts each bit that is 1 as one toggle. The
// init file, opened and closed one picosecond before the window on the same values, holds exactly those
// counts: toggles = TC(window) - TC(init). A reopened file would only see changes (losing the time high
// before a bit's first change), so the window's first dump is forced to be full.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include "Vcore_tb.h"
#include "verilated.h"
#include "verilated_saif_c.h"

// fullDump() is protected in VerilatedTrace; a member pointer taken through a derived class reaches it.
struct FullDump : VerilatedSaif {
    static void force(VerilatedSaif* trace) { (trace->*(&FullDump::fullDump))(true); }
};

static int g_reads = 0;
extern "C" void cryptoppa_reads(int reads) { g_reads = reads; }

static std::string plusarg(VerilatedContext* ctx, const char* name) {
    const std::string prefix = std::string{"+"} + name + "=";
    const std::string match = ctx->commandArgsPlusMatch(name);
    if (match.rfind(prefix, 0) != 0) {
        std::fprintf(stderr, "gate_main: missing plusarg %s\n", prefix.c_str());
        std::exit(2);
    }
    return match.substr(prefix.size());
}

int main(int argc, char** argv) {
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    ctx->traceEverOn(true);
    const uint64_t period = std::strtoull(plusarg(ctx.get(), "period_ps").c_str(), nullptr, 10);
    const std::string window = plusarg(ctx.get(), "window");
    const std::string saif_path = plusarg(ctx.get(), "saif_window"), init_path = plusarg(ctx.get(), "saif_init");
    const int first = std::atoi(window.c_str()), last = std::atoi(window.c_str() + window.find(',') + 1);
    if (period < 2 || window.find(',') == std::string::npos || first < 1 || last <= first) {
        std::fprintf(stderr, "gate_main: bad +period_ps or +window\n");
        return 2;
    }
    auto top = std::make_unique<Vcore_tb>(ctx.get());
    auto saif = std::make_unique<VerilatedSaifC>();
    top->trace(saif.get(), 99);
    // The Icarus reference bench's phase: low for period/2, then the rising edge.
    const uint64_t low = period / 2, high = period - low;
    enum { BEFORE, OPEN, DONE } state = BEFORE;
    uint64_t start = 0, cycles = 0;
    top->clk = 0;
    top->eval();
    while (!ctx->gotFinish()) {
        ctx->timeInc(low);
        top->clk = 1;
        top->eval();
        if (state == OPEN) {
            saif->dump(ctx->time());
            ++cycles;
        }
        if (ctx->gotFinish()) break;
        ctx->timeInc(high);
        top->clk = 0;
        top->eval();
        // Netlist nets change only after rising edges, so a falling edge bounds whole cycles.
        if (state == BEFORE && g_reads >= first) {
            start = ctx->time();
            saif->open(init_path.c_str());
            saif->dump(start - 1);
            saif->close();
            saif->open(saif_path.c_str());  // its time origin is the last dump: start - 1
            FullDump::force(saif->spTrace());
            saif->dump(start);
            state = OPEN;
        } else if (state == OPEN) {
            saif->dump(ctx->time());
            if (g_reads >= last) {
                saif->close();
                state = DONE;
                std::printf("GATESIM window %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", start, ctx->time(), cycles);
            }
        }
    }
    if (state == OPEN) saif->close();
    top->final();
    std::fflush(stdout);
    return 0;
}
