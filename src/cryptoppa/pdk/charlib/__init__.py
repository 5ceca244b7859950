"""Characterize FlexLib from the FreePDK45 transistor models: PDKMaster netlists (netlists), lctime for the
combinational cells' delays (lctime_cell), our own ngspice decks for everything else (decks, flop, constraints),
one cached run step per cell and corner (cell_steps), the liberty assembled from the results (assemble, library),
and independent transients that check them (checks)."""
