"""The cocotb tests of an engine family, run by cocotb_runner.run_engine with the family's reference model."""

import cocotb

from engine_checks import (corruption_test, hint_cases_test, known_answer_test, random_traffic_test,
                           read_latency_test, saturation_test)
from engine_driver import EngineConfig


@cocotb.test()
async def known_answers(dut):
    await known_answer_test(dut, EngineConfig.from_env())


@cocotb.test()
async def random_traffic(dut):
    await random_traffic_test(dut, EngineConfig.from_env())


@cocotb.test()
async def corrupted_bits(dut):
    await corruption_test(dut, EngineConfig.from_env())


@cocotb.test()
async def hint_cases(dut):
    await hint_cases_test(dut, EngineConfig.from_env())


@cocotb.test()
async def saturation(dut):
    await saturation_test(dut, EngineConfig.from_env())


@cocotb.test()
async def read_latency(dut):
    await read_latency_test(dut, EngineConfig.from_env())
