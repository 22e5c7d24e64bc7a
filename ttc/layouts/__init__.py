"""Linear layouts (F2-linear maps) and the conversion of every Triton encoding to one."""
