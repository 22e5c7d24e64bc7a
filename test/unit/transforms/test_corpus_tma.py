"""ttc's TMA passes reproduce Triton 3.6's own output on the sm90 per-pass dumps: every run of
`triton-nvidia-optimize-descriptor-encoding`, `triton-nvidia-tma-lowering` and
`triton-nvidia-gpu-proxy-fence-insertion`, on the IR Triton gave it, compared after SSA renaming.
The tensor-descriptor matmul is the kernel they change (descriptor encodings; device-side
descriptors and the TMA store of the result; the fence between the descriptors' shared-memory
scratch and the first TMA load over it); on the others they must leave the IR as it is."""

from __future__ import annotations

import pytest
from corpus_dumps import PassCase, assert_pass_matches, pass_cases

FLAGS = {
    "triton-nvidia-optimize-descriptor-encoding",
    "triton-nvidia-tma-lowering",
    "triton-nvidia-gpu-proxy-fence-insertion",
}
OPTIONS: dict[str, dict[str, object]] = {"triton-nvidia-gpu-proxy-fence-insertion": {"compute_capability": 90}}
CASES = pass_cases(FLAGS)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_pass_matches_triton(case: PassCase) -> None:
    assert_pass_matches(case, OPTIONS.get(case.flag, {}))


def test_the_descriptor_matmul_is_covered() -> None:
    changed = {c.flag for c in CASES if c.kernel == "matmul_descriptor" and c.before != c.after}
    assert changed == FLAGS
