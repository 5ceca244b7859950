"""The answer model: every number a document prints, computed once, on its basis, checked before it is printed.

Modules, one job each (data flows results -> model -> views; nothing here formats a document):
    results    read a results folder: usable points, failures, groups
    basis      the operating point of an answer (library, stage, power model) and each configuration's figures
    question   what is asked: memory, channels, efficiency, metadata access, clock
    gates      validity gates: what a measurement must satisfy before it is answered
    engines    one engine configuration answered: its figures and what the memory costs in it (records)
    totals     engines, area, power and ports for a bandwidth: the one place they are counted
    fits       lines against N, per configuration and power model
    model      build(): the model of one results folder under one question
    records    Record, NotAnswered, Cited and the one way each quantity is shown; the ledger
    audit      every number a document prints is a record, a citation or a declared input
    study, software, routing, libraries, points, core_energy, compare: the model's further sections
    fpga, fpga_fits  the FPGA publication's model: devices for a bandwidth, resource lines beside Owen 2013
    seeds      the four seed studies beside ours (one module per study)
    flexlib    the FlexLib characterization checked against the shipped liberty and ngspice
"""
