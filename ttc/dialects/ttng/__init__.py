"""Triton's TritonNvidiaGPU (`ttng`) dialect: TMA, TMEM, barriers, wgmma/tcgen05 ops and their attributes."""
