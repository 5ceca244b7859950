// paths relative to this list (read with -F), as IP is shipped
acc_core.v
acc_top.sv
+incdir+inc
+define+STEP=3
