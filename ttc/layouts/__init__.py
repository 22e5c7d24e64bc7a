"""Linear layouts (F2) and the layout families of Triton's encodings, on plain parameters.

`linear.LinearLayout` is Triton's LinearLayout; `blocked`, `linear_encoding` and `cga` convert
`#ttg.blocked`, `#ttg.slice` and `#ttg.linear` (plain parameters in, layout out); `render` draws
which thread and register hold each element. Nothing here knows an attribute class:
`ttc.dialects.ttg.linear_layouts` reads the `ttg` attributes and calls these functions.
"""

from ttc.layouts.blocked import blocked_to_linear, slice_to_linear
from ttc.layouts.linear import LayoutError, LinearLayout
from ttc.layouts.linear_encoding import linear_encoding_to_linear

__all__ = [
    "LayoutError",
    "LinearLayout",
    "blocked_to_linear",
    "linear_encoding_to_linear",
    "slice_to_linear",
]
