// Clock driver for the Verilated core harness (core_tb.v): toggles clk until the harness calls $finish.
#include <memory>
#include "Vcore_tb.h"
#include "verilated.h"

int main(int argc, char** argv) {
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vcore_tb>(ctx.get());
    top->clk = 0;
    while (!ctx->gotFinish()) {
        top->clk = !top->clk;
        top->eval();
        ctx->timeInc(1);
    }
    top->final();
    return 0;
}
