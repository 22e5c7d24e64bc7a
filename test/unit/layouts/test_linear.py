"""The F2 algebra of `LinearLayout`: construction, evaluation, products, composition, inverses and
the rank queries, checked by example and, with hypothesis, against brute-force enumeration."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ttc.layouts.linear import LayoutError, LinearLayout

IN_DIMS = ("register", "lane", "warp")
OUT_DIMS = ("dim0", "dim1")


# ------------------------------------------------------------------------------------------------
# Strategies


@st.composite
def layouts(
    draw: st.DrawFn,
    in_dims: tuple[str, ...] = IN_DIMS,
    out_dims: tuple[str, ...] = OUT_DIMS,
    max_bits: int = 3,
    out_sizes: tuple[int, ...] | None = None,
) -> LinearLayout:
    sizes = out_sizes or tuple(1 << draw(st.integers(0, 3)) for _ in out_dims)
    bases = []
    for name in in_dims:
        count = draw(st.integers(0, max_bits))
        bases.append(
            (name, [[draw(st.integers(0, size - 1)) for size in sizes] for _ in range(count)])
        )
    return LinearLayout(bases, list(zip(out_dims, sizes)))


@st.composite
def bijections(draw: st.DrawFn) -> LinearLayout:
    """A random invertible map from (register, lane, warp) to (dim0, dim1)."""
    in_bits = [draw(st.integers(0, 3)) for _ in IN_DIMS]
    n = sum(in_bits)
    columns = [1 << i for i in range(n)]
    for _ in range(draw(st.integers(0, 3 * n))):
        i, j = draw(st.integers(0, max(n - 1, 0))), draw(st.integers(0, max(n - 1, 0)))
        if i != j:
            columns[i] ^= columns[j]
    columns = draw(st.permutations(columns))
    flat = LinearLayout([("flat", [[c] for c in columns])], [("out", 1 << n)])
    split = draw(st.integers(0, n))
    return flat.reshape_ins([(d, 1 << b) for d, b in zip(IN_DIMS, in_bits)]).reshape_outs(
        [("dim0", 1 << split), ("dim1", 1 << (n - split))]
    )


@st.composite
def surjections(draw: st.DrawFn, out_sizes: tuple[int, ...] | None = None) -> LinearLayout:
    """A random layout made surjective by a `warp` dimension covering every output bit."""
    base = draw(layouts(in_dims=("register", "lane"), out_sizes=out_sizes))
    bases = base.bases
    bases["warp"] = []
    for index, name in enumerate(base.out_dims):
        for bit in range(base.out_dim_size_log2(name)):
            vector = [0] * base.num_out_dims
            vector[index] = 1 << bit
            bases["warp"].append(vector)
    return LinearLayout(bases.items(), base.out_dim_sizes)


# ------------------------------------------------------------------------------------------------
# Brute-force helpers


def all_inputs(layout: LinearLayout) -> list[dict[str, int]]:
    names = layout.in_dims
    return [
        dict(zip(names, values))
        for values in itertools.product(*(range(layout.in_dim_size(n)) for n in names))
    ]


def image(layout: LinearLayout) -> set[tuple[int, ...]]:
    return {outs for _, outs in layout.apply_all()}


def out_tuple(layout: LinearLayout, ins: dict[str, int]) -> tuple[int, ...]:
    result = layout.apply(ins)
    return tuple(result[n] for n in layout.out_dims)


# ------------------------------------------------------------------------------------------------
# Construction


def test_identity_and_zeros() -> None:
    identity = LinearLayout.identity_1d(8, "register", "dim0")
    assert identity.bases == {"register": [[1], [2], [4]]}
    assert identity.out_dim_sizes == {"dim0": 8}
    zeros = LinearLayout.zeros_1d(4, "lane", "dim0")
    assert zeros.bases == {"lane": [[0], [0]]}
    assert zeros.out_dim_sizes == {"dim0": 1}
    assert LinearLayout.identity_1d(1, "register", "dim0").in_dim_size("register") == 1


def test_out_sizes_inferred_from_names() -> None:
    layout = LinearLayout({"register": [[0, 1], [4, 0]], "lane": [[2, 0]]}, ["dim0", "dim1"])
    assert layout.out_dim_sizes == {"dim0": 8, "dim1": 2}
    assert not layout.is_surjective()  # dim0 = 1 is never reached


@pytest.mark.parametrize(
    ("bases", "out_dims", "message"),
    [
        ({"register": [[1, 0]]}, [("dim0", 2)], "expected one per output dimension"),
        ({"register": [[2]]}, [("dim0", 2)], "out of range"),
        ({"register": [[-1]]}, [("dim0", 2)], "negative"),
        ({"register": [[1]]}, [("dim0", 3)], "not a power of two"),
        ({"register": [[1]]}, [("dim0", 2), ("dim0", 2)], "duplicate output dimension"),
    ],
)
def test_invalid_layouts(
    bases: dict[str, list[list[int]]], out_dims: list[tuple[str, int]], message: str
) -> None:
    with pytest.raises(LayoutError, match=message):
        LinearLayout(bases, out_dims)


def test_require_surjective() -> None:
    with pytest.raises(LayoutError, match="not surjective"):
        LinearLayout({"register": [[0]]}, [("dim0", 2)], require_surjective=True)


def test_equality_hash_and_repr_round_trip() -> None:
    layout = LinearLayout({"register": [[0, 1]], "lane": [[1, 0], [0, 0]]}, ["dim0", "dim1"])
    same = LinearLayout([("register", [(0, 1)]), ("lane", [(1, 0), (0, 0)])], {"dim0": 2, "dim1": 2})
    assert layout == same and hash(layout) == hash(same)
    assert eval(repr(layout), {"LinearLayout": LinearLayout}) == layout
    assert layout != layout.transpose_ins(["lane", "register"])
    assert layout != LinearLayout(layout.bases, {"dim0": 4, "dim1": 2})
    assert str(layout).splitlines() == [
        " - register=1 -> (0, 1)",
        " - lane=1 -> (1, 0)",
        "   lane=2 -> (0, 0)",
        "where out dims are: [dim0 (size 2), dim1 (size 2)]",
    ]


# ------------------------------------------------------------------------------------------------
# Evaluation


def test_apply_xors_the_bases_of_set_bits() -> None:
    layout = LinearLayout({"register": [[1, 0], [3, 2]], "lane": [[0, 1]]}, ["dim0", "dim1"])
    assert layout.apply({"register": 3, "lane": 0}) == {"dim0": 2, "dim1": 2}
    assert layout.apply({"register": 3, "lane": 1}) == {"dim0": 2, "dim1": 3}
    with pytest.raises(LayoutError, match="out of range"):
        layout.apply({"register": 4, "lane": 0})
    with pytest.raises(LayoutError, match="exactly the input dimensions"):
        layout.apply({"register": 1})


@given(layouts())
@settings(deadline=None)
def test_apply_all_agrees_with_apply(layout: LinearLayout) -> None:
    pairs = list(layout.apply_all())
    assert len(pairs) == layout.total_in_dim_size
    for ins, outs in pairs:
        assert out_tuple(layout, dict(zip(layout.in_dims, ins))) == outs


@given(layouts(), st.data())
@settings(deadline=None)
def test_apply_is_linear(layout: LinearLayout, data: st.DataObject) -> None:
    x = {n: data.draw(st.integers(0, layout.in_dim_size(n) - 1)) for n in layout.in_dims}
    y = {n: data.draw(st.integers(0, layout.in_dim_size(n) - 1)) for n in layout.in_dims}
    xy = {n: x[n] ^ y[n] for n in layout.in_dims}
    fx, fy, fxy = layout.apply(x), layout.apply(y), layout.apply(xy)
    assert fxy == {n: fx[n] ^ fy[n] for n in layout.out_dims}


# ------------------------------------------------------------------------------------------------
# Rank queries


@given(layouts())
@settings(deadline=None)
def test_surjective_and_injective_match_enumeration(layout: LinearLayout) -> None:
    outputs = [outs for _, outs in layout.apply_all()]
    assert layout.is_surjective() == (len(set(outputs)) == layout.total_out_dim_size)
    assert layout.is_injective() == (len(set(outputs)) == len(outputs))
    assert layout.rank() == (len(set(outputs)).bit_length() - 1)


@given(layouts())
@settings(deadline=None)
def test_free_variables_are_exactly_the_redundant_bits(layout: LinearLayout) -> None:
    masks = layout.get_free_variable_masks()
    assert set(masks) == set(layout.in_dims)
    basic_inputs = [
        ins for ins in all_inputs(layout) if all(ins[n] & masks[n] == 0 for n in layout.in_dims)
    ]
    basic_outputs = {out_tuple(layout, ins) for ins in basic_inputs}
    # The non-free bits reach every element exactly once.
    assert len(basic_outputs) == len(basic_inputs) == len(image(layout))


def test_free_variable_masks_of_a_broadcast() -> None:
    layout = LinearLayout(
        {"register": [[1], [0]], "lane": [[2], [2], [4]], "warp": [[0]]}, [("dim0", 8)]
    )
    assert layout.get_free_variable_masks() == {"register": 0b10, "lane": 0b010, "warp": 0b1}


@pytest.mark.parametrize(
    ("bases", "expected"),
    [
        ({"register": [[1], [2], [64]], "lane": [[4], [8]]}, 4),
        ({"register": [[1], [2], [4]], "lane": [[2]]}, 2),
        ({"register": [[2], [1]], "lane": [[4]]}, 1),
        ({"register": [], "lane": [[1]]}, 1),
        ({"register": [[1], [2]], "lane": [[0], [0]]}, 4),
    ],
)
def test_num_consecutive_in_out(bases: dict[str, list[list[int]]], expected: int) -> None:
    layout = LinearLayout(bases, ["dim0"])
    assert layout.get_num_consecutive_in_out() == expected


def test_num_consecutive_in_out_ignores_other_output_dims() -> None:
    layout = LinearLayout({"register": [[1, 0], [2, 0], [0, 1]], "lane": [[4, 0]]}, ["dim0", "dim1"])
    assert layout.get_num_consecutive_in_out() == 4


# ------------------------------------------------------------------------------------------------
# Structure


@given(layouts())
@settings(deadline=None)
def test_transposes_round_trip_and_permute_coordinates(layout: LinearLayout) -> None:
    swapped = layout.transpose_outs(["dim1", "dim0"]).transpose_ins(["warp", "register", "lane"])
    assert swapped.transpose_outs(["dim0", "dim1"]).transpose_ins(IN_DIMS) == layout
    for ins in all_inputs(layout)[:16]:
        assert swapped.apply(ins) == layout.apply(ins)


@given(layouts())
@settings(deadline=None)
def test_reshapes_round_trip(layout: LinearLayout) -> None:
    ins = [(n, layout.in_dim_size(n)) for n in layout.in_dims]
    outs = [(n, layout.out_dim_size(n)) for n in layout.out_dims]
    assert layout.flatten_ins().reshape_ins(ins) == layout
    assert layout.flatten_outs().reshape_outs(outs) == layout
    flat = layout.flatten_outs()
    shift = layout.out_dim_size_log2("dim0")
    for ins_values, outs_values in layout.apply_all():
        value = flat.apply(dict(zip(layout.in_dims, ins_values)))["dim0"]
        assert value == outs_values[0] | outs_values[1] << shift


def test_reshape_must_keep_the_total_size() -> None:
    layout = LinearLayout.identity_1d(8, "register", "dim0")
    with pytest.raises(LayoutError, match="changes the total"):
        layout.reshape_outs([("dim0", 4)])
    with pytest.raises(LayoutError, match="changes the total"):
        layout.reshape_ins([("register", 16)])


@given(layouts())
@settings(deadline=None)
def test_sublayout_is_a_restriction_and_projection(layout: LinearLayout) -> None:
    sub = layout.sublayout(["lane", "register"], ["dim1"])
    assert sub.in_dims == ("register", "lane") and sub.out_dims == ("dim1",)
    for ins in all_inputs(sub):
        assert sub.apply(ins)["dim1"] == layout.apply({**ins, "warp": 0})["dim1"]
    assert layout.sublayout_is_zero(["warp"], ["dim0"]) == all(
        b[0] == 0 for b in layout.bases["warp"]
    )


def test_quotient_and_trivial_dims() -> None:
    layout = LinearLayout.identity_1d(4, "register", "dim0") * LinearLayout.identity_1d(
        2, "block", "block"
    )
    assert layout.is_trivial_over(["block"])
    assert layout.quotient(["block"]) == LinearLayout.identity_1d(4, "register", "dim0")
    mixed = LinearLayout({"register": [[1, 0]], "block": [[1, 1]]}, ["dim0", "block"])
    assert not mixed.is_trivial_over(["block"])
    with pytest.raises(LayoutError, match="not trivial"):
        mixed.quotient(["block"])


def test_remove_zero_bases_along_dim() -> None:
    layout = LinearLayout({"register": [[0], [1], [0]], "lane": [[0]]}, [("dim0", 2)])
    assert layout.remove_zero_bases_along_dim("register").bases == {
        "register": [[1]],
        "lane": [[0]],
    }


# ------------------------------------------------------------------------------------------------
# Product


def test_product_shifts_the_outer_layout() -> None:
    inner = LinearLayout.identity_1d(4, "register", "dim0")
    outer = LinearLayout.identity_1d(2, "lane", "dim0") * LinearLayout.identity_1d(2, "register", "dim1")
    product = inner * outer
    assert product.in_dims == ("register", "lane")
    assert product.out_dims == ("dim0", "dim1")
    assert product.bases == {"register": [[1, 0], [2, 0], [0, 1]], "lane": [[4, 0]]}
    assert product.out_dim_sizes == {"dim0": 8, "dim1": 2}
    assert LinearLayout.empty() * product == product == product * LinearLayout.empty()


def test_product_requires_common_dims_in_the_same_order() -> None:
    a = LinearLayout.identity_1d(2, "register", "dim0") * LinearLayout.identity_1d(2, "lane", "dim1")
    b = LinearLayout.identity_1d(2, "lane", "dim1") * LinearLayout.identity_1d(2, "register", "dim0")
    with pytest.raises(LayoutError, match="same relative order"):
        a * b


@given(layouts(in_dims=("register", "lane")), layouts(in_dims=("warp", "lane")))
@settings(deadline=None)
def test_product_is_a_direct_sum(inner: LinearLayout, outer: LinearLayout) -> None:
    product = inner * outer
    for name in ("register", "lane", "warp"):
        size_inner = inner.in_dim_size(name) if inner.has_in_dim(name) else 1
        size_outer = outer.in_dim_size(name) if outer.has_in_dim(name) else 1
        assert product.in_dim_size(name) == size_inner * size_outer
    for name in OUT_DIMS:
        assert product.out_dim_size(name) == inner.out_dim_size(name) * outer.out_dim_size(name)
    lane_bits = inner.in_dim_size_log2("lane")
    for a in all_inputs(inner)[:8]:
        for b in all_inputs(outer)[:8]:
            combined = {"register": a["register"], "warp": b["warp"], "lane": a["lane"] | b["lane"] << lane_bits}
            fa, fb = inner.apply(a), outer.apply(b)
            expected = {
                n: fa[n] ^ (fb[n] << inner.out_dim_size_log2(n)) for n in OUT_DIMS
            }
            assert product.apply(combined) == expected


# ------------------------------------------------------------------------------------------------
# Composition and inversion


@given(layouts(), st.data())
@settings(deadline=None)
def test_compose_applies_in_sequence(layout: LinearLayout, data: st.DataObject) -> None:
    outer = data.draw(
        layouts(in_dims=OUT_DIMS, out_dims=("x",), max_bits=3).filter(
            lambda o: all(o.in_dim_size(n) >= layout.out_dim_size(n) for n in OUT_DIMS)
        )
    )
    composed = layout.compose(outer)
    assert composed.in_dims == layout.in_dims and composed.out_dims == ("x",)
    for ins in all_inputs(layout)[:32]:
        assert composed.apply(ins) == outer.apply(layout.apply(ins))


def test_compose_checks_sizes() -> None:
    layout = LinearLayout.identity_1d(8, "register", "dim0")
    with pytest.raises(LayoutError, match="does not fit"):
        layout.compose(LinearLayout.identity_1d(4, "dim0", "x"))


@given(bijections())
@settings(deadline=None)
def test_compose_with_inverse_is_identity(layout: LinearLayout) -> None:
    assert layout.is_invertible()
    inverse = layout.invert()
    assert inverse.in_dims == layout.out_dims and inverse.out_dims == layout.in_dims
    for ins in all_inputs(layout):
        assert inverse.apply(layout.apply(ins)) == ins
    round_trip = layout.compose(inverse)
    for ins in all_inputs(layout):
        assert round_trip.apply(ins) == ins
    for outs in all_inputs(inverse):
        assert layout.apply(inverse.apply(outs)) == outs


def test_invert_rejects_non_bijections() -> None:
    with pytest.raises(LayoutError, match="pseudo_invert"):
        LinearLayout({"register": [[1], [0]]}, [("dim0", 2)]).invert()
    with pytest.raises(LayoutError, match="surjective"):
        LinearLayout({"register": [[0]]}, [("dim0", 2)]).pseudo_invert()


@given(surjections())
@settings(max_examples=60, deadline=None)
def test_pseudo_inverse_is_a_right_inverse(layout: LinearLayout) -> None:
    right = layout.pseudo_invert()
    for outs in all_inputs(right):
        assert layout.apply(right.apply(outs)) == outs
    # Free (broadcast) bits are never used by the pseudo-inverse.
    masks = layout.get_free_variable_masks()
    for outs in all_inputs(right):
        chosen = right.apply(outs)
        assert all(chosen[n] & masks[n] == 0 for n in layout.in_dims)


@given(st.data())
@settings(max_examples=60, deadline=None)
def test_invert_and_compose_solves_the_conversion(data: st.DataObject) -> None:
    target = data.draw(surjections())
    sizes = tuple(target.out_dim_size(n) for n in OUT_DIMS)
    source = data.draw(layouts(out_sizes=sizes))
    conversion = source.invert_and_compose(target)
    assert conversion.in_dims == source.in_dims and conversion.out_dims == target.in_dims
    for ins in all_inputs(source)[:64]:
        assert target.apply(conversion.apply(ins)) == source.apply(ins)


def test_invert_and_compose_maps_shared_dims_identically() -> None:
    # Both layouts broadcast over warps; the conversion should keep each warp where it is.
    source = LinearLayout({"register": [[1], [2]], "warp": [[0]]}, [("dim0", 4)])
    target = LinearLayout({"register": [[2], [1]], "warp": [[0]]}, [("dim0", 4)])
    conversion = source.invert_and_compose(target)
    assert conversion.out_dims == ("register", "warp")
    assert conversion.bases == {"register": [[2, 0], [1, 0]], "warp": [[0, 1]]}


def test_invert_and_compose_when_the_agreeing_dims_are_needed() -> None:
    # The warps agree, but the source's lane data is only reachable through the target's warps.
    source = LinearLayout({"lane": [[1]], "warp": [[1]]}, [("dim0", 2)])
    target = LinearLayout({"lane": [], "warp": [[1]]}, [("dim0", 2)])
    conversion = source.invert_and_compose(target)
    assert conversion.bases == {"lane": [[0, 1]], "warp": [[0, 1]]}


def test_invert_and_compose_requires_the_same_shape() -> None:
    a = LinearLayout.identity_1d(4, "register", "dim0")
    b = LinearLayout.identity_1d(8, "register", "dim0")
    with pytest.raises(LayoutError, match="cannot change the tensor's shape"):
        a.invert_and_compose(b)
