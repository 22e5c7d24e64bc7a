"""F2-linear layouts: Triton's `LinearLayout` (triton/Tools/LinearLayout.h) in plain Python.

A linear layout maps named *input* dimensions (for distributed tensors: `register`, `lane`, `warp`,
`block`) to named *output* dimensions (the tensor's `dim0`, `dim1`, ...). Every dimension has a
power-of-two size, so a coordinate is a bit vector and the map is linear over F2 (the field with
two elements): the layout stores, for each input dimension, one *basis* per input bit — the output
coordinates that bit alone maps to — and applies to any input by XOR-ing the bases of its set
bits:

    L(register=3, lane=0) = L(register=1) ^ L(register=2)

This is the one description the whole compiler uses for "which register of which lane of which warp
holds which element" (paper: "Linear Layouts: Robust Code Generation of Efficient Tensor
Computation Using F2", 2025). The class is immutable and hashable; dimension order matters (the
first input dimension is the most minor, as in Triton), and all coordinates are plain ints.

Matrix view used by the F2 algebra below: the output bits of all output dimensions, concatenated
with the first output dimension in the low bits, form one integer; each input bit (input
dimensions in order, low bits first) is a *column* holding the flattened image of that bit.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

from ttc.ir.errors import TtcError

V = TypeVar("V")
Basis = tuple[int, ...]
BasesSpec = Mapping[str, Sequence[Sequence[int]]] | Iterable[tuple[str, Sequence[Sequence[int]]]]
DimsSpec = Mapping[str, int] | Iterable[tuple[str, int]]


class LayoutError(TtcError, ValueError):
    """An invalid linear layout or an operation whose preconditions do not hold."""


def is_power_of_two(value: int) -> bool:
    """True for 1, 2, 4, ...; False for 0, negatives and everything else."""
    return value > 0 and value & (value - 1) == 0


def log2(value: int) -> int:
    """The exponent of a power of two (raises `LayoutError` for anything else)."""
    if not is_power_of_two(value):
        raise LayoutError(f"expected a power of two, got {value}")
    return value.bit_length() - 1


def _pairs(spec: Mapping[str, V] | Iterable[tuple[str, V]]) -> list[tuple[str, V]]:
    """`(name, value)` pairs of a mapping or of an iterable of pairs, in order."""
    if isinstance(spec, Mapping):
        return list(spec.items())
    return [(name, value) for name, value in spec]


class _Echelon:
    """An F2 row-echelon basis of bit vectors, each remembering which input columns produced it.

    Vectors are keyed by their highest set bit (the pivot); reducing a vector XORs in the entries
    whose pivot it contains, from the highest pivot down, so what remains has no pivot bit set.
    """

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: dict[int, tuple[int, int]] = {}

    def reduce(self, vector: int, combination: int = 0) -> tuple[int, int]:
        for pivot in sorted(self.rows, reverse=True):
            if vector >> pivot & 1:
                row, comb = self.rows[pivot]
                vector ^= row
                combination ^= comb
        return vector, combination

    def add(self, vector: int, combination: int) -> bool:
        """Add a column; return False when it is a combination of the columns already added."""
        vector, combination = self.reduce(vector, combination)
        if vector == 0:
            return False
        self.rows[vector.bit_length() - 1] = (vector, combination)
        return True


class LinearLayout:
    """An F2-linear map from named input dimensions to named output dimensions.

    `bases[in_dim][i]` is the image of input `in_dim = 2**i`: one value per output dimension. An
    input dimension with no bases has size 1. Output dimension sizes are powers of two and every
    basis value is smaller than its output dimension's size.
    """

    __slots__ = ("_bases", "_out_dims", "_columns", "_pivots")

    def __init__(
        self,
        bases: BasesSpec,
        out_dims: DimsSpec | Sequence[str],
        *,
        require_surjective: bool = False,
    ) -> None:
        """Build a layout from its bases and output dimensions.

        `out_dims` is either `(name, size)` pairs (or a mapping), or just the names, in which case
        each size is the smallest power of two above every basis value in that dimension (Triton's
        constructor taking `outDimNames`).
        """
        in_pairs = _pairs(bases)
        out_list = list(out_dims.items()) if isinstance(out_dims, Mapping) else list(out_dims)
        names_only = all(isinstance(d, str) for d in out_list)
        out_names = [d if isinstance(d, str) else d[0] for d in out_list]
        if len(set(out_names)) != len(out_names):
            raise LayoutError(f"duplicate output dimension in {out_names}")
        in_names = [name for name, _ in in_pairs]
        if len(set(in_names)) != len(in_names):
            raise LayoutError(f"duplicate input dimension in {in_names}")
        rank = len(out_names)
        frozen: list[tuple[str, tuple[Basis, ...]]] = []
        for name, vectors in in_pairs:
            dim_bases: list[Basis] = []
            for vector in vectors:
                basis = tuple(int(v) for v in vector)
                if len(basis) != rank:
                    raise LayoutError(
                        f"basis {list(basis)} of input dimension '{name}' has {len(basis)} "
                        f"values, expected one per output dimension ({rank})"
                    )
                if any(v < 0 for v in basis):
                    raise LayoutError(f"basis {list(basis)} of '{name}' has a negative value")
                dim_bases.append(basis)
            frozen.append((str(name), tuple(dim_bases)))
        if names_only:
            sizes = [1] * rank
            for _, dim_bases in frozen:
                for basis in dim_bases:
                    for i, v in enumerate(basis):
                        sizes[i] = max(sizes[i], 1 << v.bit_length())
            out = tuple(zip(out_names, sizes, strict=True))
        else:
            out = tuple((str(n), int(s)) for n, s in out_list)
        for name, size in out:
            if not is_power_of_two(size):
                raise LayoutError(f"output dimension '{name}' has size {size}, not a power of two")
        for name, dim_bases in frozen:
            for basis in dim_bases:
                for (out_name, size), v in zip(out, basis, strict=True):
                    if v >= size:
                        raise LayoutError(
                            f"basis value {v} of input dimension '{name}' is out of range for "
                            f"output dimension '{out_name}' of size {size}"
                        )
        self._bases: tuple[tuple[str, tuple[Basis, ...]], ...] = tuple(frozen)
        self._out_dims: tuple[tuple[str, int], ...] = out
        self._columns: tuple[int, ...] | None = None
        self._pivots: tuple[bool, ...] | None = None
        if require_surjective and not self.is_surjective():
            raise LayoutError(f"layout is not surjective:\n{self}")

    # ----------------------------------------------------------------------------------------
    # Constructors

    @classmethod
    def empty(cls) -> LinearLayout:
        """The layout with no dimensions (the unit of `*`)."""
        return cls([], [])

    @classmethod
    def identity_1d(cls, size: int, in_dim: str, out_dim: str) -> LinearLayout:
        """`in_dim` of `size` mapped identically onto `out_dim` of the same size."""
        return cls([(in_dim, [[1 << i] for i in range(log2(size))])], [(out_dim, size)])

    @classmethod
    def zeros_1d(cls, size: int, in_dim: str, out_dim: str, out_dim_size: int = 1) -> LinearLayout:
        """`in_dim` of `size` mapped entirely onto 0 of `out_dim` (broadcasting)."""
        return cls([(in_dim, [[0] for _ in range(log2(size))])], [(out_dim, out_dim_size)])

    # ----------------------------------------------------------------------------------------
    # Dimensions

    @property
    def in_dims(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self._bases)

    @property
    def out_dims(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self._out_dims)

    @property
    def bases(self) -> dict[str, list[list[int]]]:
        """A fresh, mutable copy of the bases (input dimension -> list of basis vectors)."""
        return {name: [list(b) for b in dim_bases] for name, dim_bases in self._bases}

    @property
    def in_dim_sizes(self) -> dict[str, int]:
        return {name: 1 << len(dim_bases) for name, dim_bases in self._bases}

    @property
    def out_dim_sizes(self) -> dict[str, int]:
        return dict(self._out_dims)

    @property
    def num_in_dims(self) -> int:
        return len(self._bases)

    @property
    def num_out_dims(self) -> int:
        return len(self._out_dims)

    def has_in_dim(self, name: str) -> bool:
        return any(n == name for n, _ in self._bases)

    def has_out_dim(self, name: str) -> bool:
        return any(n == name for n, _ in self._out_dims)

    def _in_bases(self, name: str) -> tuple[Basis, ...]:
        for n, dim_bases in self._bases:
            if n == name:
                return dim_bases
        raise LayoutError(f"'{name}' is not an input dimension of the layout {self.in_dims}")

    def _out_index(self, name: str) -> int:
        for i, (n, _) in enumerate(self._out_dims):
            if n == name:
                return i
        raise LayoutError(f"'{name}' is not an output dimension of the layout {self.out_dims}")

    def in_dim_size_log2(self, name: str) -> int:
        return len(self._in_bases(name))

    def in_dim_size(self, name: str) -> int:
        return 1 << len(self._in_bases(name))

    def out_dim_size(self, name: str) -> int:
        return self._out_dims[self._out_index(name)][1]

    def out_dim_size_log2(self, name: str) -> int:
        return self.out_dim_size(name).bit_length() - 1

    @property
    def total_in_dim_size_log2(self) -> int:
        return sum(len(b) for _, b in self._bases)

    @property
    def total_out_dim_size_log2(self) -> int:
        return sum(size.bit_length() - 1 for _, size in self._out_dims)

    @property
    def total_in_dim_size(self) -> int:
        return 1 << self.total_in_dim_size_log2

    @property
    def total_out_dim_size(self) -> int:
        return 1 << self.total_out_dim_size_log2

    def get_basis(self, in_dim: str, index: int, out_dim: str | None = None) -> Basis | int:
        """The image of `in_dim = 2**index`: the whole vector, or its `out_dim` component."""
        basis = self._in_bases(in_dim)[index]
        return basis if out_dim is None else basis[self._out_index(out_dim)]

    # ----------------------------------------------------------------------------------------
    # Evaluation

    def _out_shifts(self) -> list[int]:
        shifts, acc = [], 0
        for _, size in self._out_dims:
            shifts.append(acc)
            acc += size.bit_length() - 1
        return shifts

    def _flatten_out(self, values: Sequence[int]) -> int:
        return sum(v << s for v, s in zip(values, self._out_shifts(), strict=True))

    def _unflatten_out(self, flat: int) -> tuple[int, ...]:
        shifts = self._out_shifts()
        return tuple(
            flat >> s & (size - 1) for s, (_, size) in zip(shifts, self._out_dims, strict=True)
        )

    def columns(self) -> tuple[int, ...]:
        """The F2 matrix, one flattened output value per input bit (input dims in order)."""
        if self._columns is None:
            self._columns = tuple(
                self._flatten_out(basis) for _, dim_bases in self._bases for basis in dim_bases
            )
        return self._columns

    def apply(self, ins: Mapping[str, int]) -> dict[str, int]:
        """Map input coordinates (one per input dimension) to output coordinates."""
        if set(ins) != set(self.in_dims):
            raise LayoutError(
                f"apply needs exactly the input dimensions {self.in_dims}, got {tuple(ins)}"
            )
        out = [0] * self.num_out_dims
        for name, dim_bases in self._bases:
            value = ins[name]
            if not 0 <= value < 1 << len(dim_bases):
                raise LayoutError(
                    f"input {name}={value} is out of range [0, {1 << len(dim_bases)})"
                )
            for i, basis in enumerate(dim_bases):
                if value >> i & 1:
                    out = [o ^ b for o, b in zip(out, basis, strict=True)]
        return dict(zip(self.out_dims, out, strict=True))

    def _dim_tables(self) -> list[list[int]]:
        """For each input dimension, the flattened image of every value (XOR-accumulated)."""
        tables, cols = [], iter(self.columns())
        for _, dim_bases in self._bases:
            dim_cols = [next(cols) for _ in dim_bases]
            table = [0] * (1 << len(dim_cols))
            for value in range(1, len(table)):
                low = value & -value
                table[value] = table[value ^ low] ^ dim_cols[low.bit_length() - 1]
            tables.append(table)
        return tables

    def apply_all(self) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
        """Every input coordinate tuple (input dims in order) with its output coordinate tuple.

        Inputs are enumerated with the first input dimension varying slowest; this is the fast way
        to tabulate a whole layout (a 128x256 tensor over 4 warps takes a few milliseconds).
        """
        tables = self._dim_tables()
        for ins in itertools.product(*(range(len(t)) for t in tables)):
            flat = 0
            for table, value in zip(tables, ins, strict=True):
                flat ^= table[value]
            yield ins, self._unflatten_out(flat)

    # ----------------------------------------------------------------------------------------
    # Rank queries

    def _basic_columns(self) -> tuple[bool, ...]:
        """For each input bit, whether its column is independent of all earlier columns."""
        if self._pivots is None:
            echelon = _Echelon()
            self._pivots = tuple(echelon.add(col, 0) for col in self.columns())
        return self._pivots

    def rank(self) -> int:
        """The rank of the layout's F2 matrix."""
        return sum(self._basic_columns())

    def is_surjective(self) -> bool:
        """Every output coordinate is reached by some input."""
        return self.rank() == self.total_out_dim_size_log2

    def is_injective(self) -> bool:
        """No two inputs map to the same output (no broadcasting)."""
        return self.rank() == self.total_in_dim_size_log2

    def is_invertible(self) -> bool:
        """Surjective and square: a bijection."""
        return self.is_surjective() and self.total_in_dim_size_log2 == self.total_out_dim_size_log2

    def get_free_variable_masks(self) -> dict[str, int]:
        """Per input dimension, a mask of the bits that are free variables (Triton's semantics).

        A bit is free when its column is a combination of the columns before it (input dims in
        order, low bits first), so flipping it reaches data some earlier input already holds: a
        zero basis (broadcast) is always free. The remaining bits select distinct elements.
        """
        masks: dict[str, int] = {}
        basic = iter(self._basic_columns())
        for name, dim_bases in self._bases:
            mask = 0
            for i in range(len(dim_bases)):
                if not next(basic):
                    mask |= 1 << i
            masks[name] = mask
        return masks

    def get_num_consecutive_in_out(self) -> int:
        """How many consecutive values of the first input dimension map to consecutive values of
        the first output dimension, with every other input landing on a multiple of that run.

        For a register layout whose first output dimension is the contiguous one (transpose or
        flatten the outputs first), this is the widest vector each thread can load or store.
        """
        if not self._bases or not self._out_dims:
            return 1
        first = self._bases[0][1]
        consecutive = 0
        for basis in first:
            if basis[0] != 1 << consecutive or any(basis[1:]):
                break
            consecutive += 1
        other_bits = 0
        for index, (_, dim_bases) in enumerate(self._bases):
            for i, basis in enumerate(dim_bases):
                if index != 0 or i >= consecutive:
                    other_bits |= basis[0]
        trailing_zeros = (other_bits & -other_bits).bit_length() - 1 if other_bits else 31
        return 1 << min(consecutive, trailing_zeros)

    # ----------------------------------------------------------------------------------------
    # Structural operations

    def transpose_ins(self, names: Sequence[str]) -> LinearLayout:
        """Reorder the input dimensions."""
        _check_permutation(names, self.in_dims, "input")
        return LinearLayout([(n, self._in_bases(n)) for n in names], self._out_dims)

    def transpose_outs(self, names: Sequence[str]) -> LinearLayout:
        """Reorder the output dimensions (and every basis with them)."""
        _check_permutation(names, self.out_dims, "output")
        perm = [self._out_index(n) for n in names]
        return LinearLayout(
            [(name, [[b[i] for i in perm] for b in dim_bases]) for name, dim_bases in self._bases],
            [self._out_dims[i] for i in perm],
        )

    def reshape_ins(self, new_in_dims: DimsSpec) -> LinearLayout:
        """Flatten the input dimensions into one and split it into `new_in_dims` (minor first)."""
        pairs = _pairs(new_in_dims)
        flat = [basis for _, dim_bases in self._bases for basis in dim_bases]
        if sum(log2(size) for _, size in pairs) != len(flat):
            raise LayoutError(
                f"reshape_ins to {pairs} changes the total input size {self.total_in_dim_size}"
            )
        new_bases, it = [], iter(flat)
        for name, size in pairs:
            new_bases.append((name, [next(it) for _ in range(log2(size))]))
        return LinearLayout(new_bases, self._out_dims)

    def reshape_outs(self, new_out_dims: DimsSpec) -> LinearLayout:
        """Flatten the output dimensions into one and split it into `new_out_dims` (minor first)."""
        pairs = _pairs(new_out_dims)
        if sum(log2(size) for _, size in pairs) != self.total_out_dim_size_log2:
            raise LayoutError(
                f"reshape_outs to {pairs} changes the total output size {self.total_out_dim_size}"
            )
        new_bases = []
        for name, dim_bases in self._bases:
            vectors = []
            for basis in dim_bases:
                flat, vector = self._flatten_out(basis), []
                for _, size in pairs:
                    vector.append(flat % size)
                    flat //= size
                vectors.append(vector)
            new_bases.append((name, vectors))
        return LinearLayout(new_bases, pairs)

    def flatten_ins(self) -> LinearLayout:
        """One input dimension (named after the first) of the total input size."""
        if not self._bases:
            return self
        return self.reshape_ins([(self.in_dims[0], self.total_in_dim_size)])

    def flatten_outs(self) -> LinearLayout:
        """One output dimension (named after the first) of the total output size."""
        if not self._out_dims:
            return self
        return self.reshape_outs([(self.out_dims[0], self.total_out_dim_size)])

    def sublayout(self, in_dims: Iterable[str], out_dims: Iterable[str]) -> LinearLayout:
        """The restriction to some input dimensions and the projection onto some output ones.

        The kept dimensions stay in this layout's order; sizes are unchanged.
        """
        keep_in, keep_out = set(in_dims), set(out_dims)
        for name in keep_in:
            self._in_bases(name)
        for name in keep_out:
            self._out_index(name)
        indices = [i for i, (n, _) in enumerate(self._out_dims) if n in keep_out]
        return LinearLayout(
            [
                (name, [[b[i] for i in indices] for b in dim_bases])
                for name, dim_bases in self._bases
                if name in keep_in
            ],
            [self._out_dims[i] for i in indices],
        )

    def sublayout_is_zero(self, in_dims: Iterable[str], out_dims: Iterable[str]) -> bool:
        """True when the given inputs never move the given outputs."""
        sub = self.sublayout(in_dims, out_dims)
        return not any(any(b) for _, dim_bases in sub._bases for b in dim_bases)

    def square_sublayout_is_identity(self, dims: Sequence[str]) -> bool:
        """True when `dims` (both input and output dims) map onto themselves identically."""
        if not dims:
            return True
        if any(self.in_dim_size(d) != self.out_dim_size(d) for d in dims):
            return False
        sub = self.sublayout(dims, dims)
        return all(col == 1 << i for i, col in enumerate(sub.columns()))

    def is_trivial_over(self, dims: Sequence[str]) -> bool:
        """True when `dims` pass through unchanged and interact with nothing else."""
        if any(not self.has_in_dim(d) or not self.has_out_dim(d) for d in dims):
            return False
        other_in = [d for d in self.in_dims if d not in dims]
        other_out = [d for d in self.out_dims if d not in dims]
        return (
            self.square_sublayout_is_identity(dims)
            and self.sublayout_is_zero(other_in, dims)
            and self.sublayout_is_zero(dims, other_out)
        )

    def quotient(self, dims: Sequence[str]) -> LinearLayout:
        """The layout without the trivial `dims` (see `is_trivial_over`) in inputs and outputs."""
        if not self.is_trivial_over(dims):
            raise LayoutError(f"the layout is not trivial over {list(dims)}; cannot quotient")
        return self.sublayout(
            [d for d in self.in_dims if d not in dims], [d for d in self.out_dims if d not in dims]
        )

    def remove_zero_bases_along_dim(self, in_dim: str) -> LinearLayout:
        """Drop the all-zero bases of one input dimension (shrinking it)."""
        self._in_bases(in_dim)
        return LinearLayout(
            [
                (name, [b for b in dim_bases if any(b)] if name == in_dim else dim_bases)
                for name, dim_bases in self._bases
            ],
            self._out_dims,
        )

    # ----------------------------------------------------------------------------------------
    # Algebra

    def __mul__(self, outer: LinearLayout) -> LinearLayout:
        """The product (direct sum): `self` is the minor part, `outer` the major one.

        Input dimensions present in both are concatenated (self's bits first); output dimensions
        present in both are multiplied, `outer`'s values shifted above `self`'s. Dimensions
        common to both must appear in the same relative order.
        """
        if not isinstance(outer, LinearLayout):
            return NotImplemented
        _check_common_order(self.in_dims, outer.in_dims, "input")
        _check_common_order(self.out_dims, outer.out_dims, "output")
        in_names = list(dict.fromkeys(self.in_dims + outer.in_dims))
        out_log2: dict[str, int] = {}
        for layout in (self, outer):
            for name, size in layout._out_dims:
                out_log2[name] = out_log2.get(name, 0) + size.bit_length() - 1
        out_names = list(out_log2)
        self_out = {n: i for i, n in enumerate(self.out_dims)}
        outer_out = {n: i for i, n in enumerate(outer.out_dims)}
        shifts = {n: size.bit_length() - 1 for n, size in self._out_dims}
        new_bases = []
        for name in in_names:
            vectors = []
            if self.has_in_dim(name):
                for b in self._in_bases(name):
                    vectors.append([b[self_out[o]] if o in self_out else 0 for o in out_names])
            if outer.has_in_dim(name):
                for b in outer._in_bases(name):
                    vectors.append(
                        [
                            b[outer_out[o]] << shifts.get(o, 0) if o in outer_out else 0
                            for o in out_names
                        ]
                    )
            new_bases.append((name, vectors))
        return LinearLayout(new_bases, [(n, 1 << out_log2[n]) for n in out_names])

    def compose(self, outer: LinearLayout) -> LinearLayout:
        """`outer ∘ self`: apply self, then outer (self's outputs are outer's inputs)."""
        _check_same_dims(self.out_dims, outer.in_dims, "compose: self's outputs and outer's inputs")
        for name in self.out_dims:
            if self.out_dim_size(name) > outer.in_dim_size(name):
                raise LayoutError(
                    f"compose: output '{name}' of size {self.out_dim_size(name)} does not fit "
                    f"outer's input of size {outer.in_dim_size(name)}"
                )
        new_bases = []
        for name, dim_bases in self._bases:
            vectors = []
            for basis in dim_bases:
                image = outer.apply(dict(zip(self.out_dims, basis, strict=True)))
                vectors.append([image[o] for o in outer.out_dims])
            new_bases.append((name, vectors))
        return LinearLayout(new_bases, outer._out_dims)

    def invert_and_compose(self, outer: LinearLayout) -> LinearLayout:
        """The layout C with `self(x) == outer(C(x))`: from self's inputs to outer's inputs.

        This is how a conversion between two layouts of one tensor is computed (`outer` must be
        surjective, and both must have the same output dimensions and sizes). Where several
        inputs of `outer` hold the same element, the choice follows Triton: input dimensions on
        which the two layouts agree map identically; the rest take the solution that uses only
        `outer`'s independent bits (its free variables are set to 0, preferring broadcast data).
        When the agreeing dims are needed to reach the rest of self's image, the whole system is
        solved instead.
        """
        out_names = self.out_dims
        _check_same_dims(out_names, outer.out_dims, "invert_and_compose: output dimensions")
        a = outer.transpose_outs(out_names)
        for name in out_names:
            if a.out_dim_size(name) != self.out_dim_size(name):
                raise LayoutError(
                    f"invert_and_compose: output '{name}' has size {self.out_dim_size(name)} and "
                    f"{a.out_dim_size(name)}; a conversion cannot change the tensor's shape"
                )
        if not a.is_surjective():
            raise LayoutError("invert_and_compose: the outer layout is not surjective")
        identity_dims = [
            d
            for d in a.in_dims
            if self.has_in_dim(d) and a.sublayout([d], out_names) == self.sublayout([d], out_names)
        ]
        try:
            result = _lstsq_except(a, self, identity_dims)
        except LayoutError:
            # The agreeing dims may also be needed to reach the rest of self's image: solve the
            # whole system (Triton asserts here).
            identity_dims = []
            result = _lstsq_except(a, self, identity_dims)
        for d in identity_dims:
            result = result * LinearLayout.identity_1d(a.in_dim_size(d), d, d)
        return result.transpose_ins(self.in_dims).transpose_outs(a.in_dims)

    def invert(self) -> LinearLayout:
        """The inverse of a bijective layout (its outputs become the inputs)."""
        if not self.is_invertible():
            raise LayoutError("only a surjective, square layout can be inverted; use pseudo_invert")
        return self.pseudo_invert()

    def pseudo_invert(self) -> LinearLayout:
        """A right inverse R of a surjective layout: `self(R(y)) == y` for every output y.

        Broadcast (free) input bits are 0 in R's images, so each element is attributed to the
        first input holding it.
        """
        if not self.is_surjective():
            raise LayoutError("only a surjective layout has a pseudo-inverse")
        identity = LinearLayout.empty()
        for name, size in self._out_dims:
            identity = identity * LinearLayout.identity_1d(size, name, name)
        return identity.invert_and_compose(self)

    # ----------------------------------------------------------------------------------------
    # Comparison and printing

    def _key(self) -> tuple[object, ...]:
        return (self._bases, self._out_dims)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LinearLayout):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        bases = ", ".join(
            f"{name!r}: [{', '.join(str(list(b)) for b in dim_bases)}]"
            for name, dim_bases in self._bases
        )
        outs = ", ".join(f"{name!r}: {size}" for name, size in self._out_dims)
        return f"LinearLayout({{{bases}}}, {{{outs}}})"

    def __str__(self) -> str:
        outs = ", ".join(f"{name} (size {size})" for name, size in self._out_dims)
        if not self._bases:
            return f"(empty layout with out-dims [{outs}])" if self._out_dims else "(empty layout)"
        lines = []
        for name, dim_bases in self._bases:
            if not dim_bases:
                lines.append(f" - {name} is a size 1 dimension")
                continue
            for i, basis in enumerate(dim_bases):
                prefix = " - " if i == 0 else "   "
                lines.append(f"{prefix}{name}={1 << i} -> ({', '.join(map(str, basis))})")
        lines.append(f"where out dims are: [{outs}]")
        return "\n".join(lines)


def _check_permutation(names: Sequence[str], have: tuple[str, ...], kind: str) -> None:
    if sorted(names) != sorted(have):
        raise LayoutError(
            f"{list(names)} is not a permutation of the {kind} dimensions {list(have)}"
        )


def _check_same_dims(a: Sequence[str], b: Sequence[str], what: str) -> None:
    if set(a) != set(b):
        raise LayoutError(f"{what} differ: {list(a)} and {list(b)}")


def _check_common_order(a: Sequence[str], b: Sequence[str], kind: str) -> None:
    common_a = [d for d in a if d in b]
    common_b = [d for d in b if d in a]
    if common_a != common_b:
        raise LayoutError(
            f"the {kind} dimensions common to both layouts must appear in the same relative "
            f"order, got {list(a)} and {list(b)}"
        )


def _lstsq_except(a: LinearLayout, b: LinearLayout, skipped: Sequence[str]) -> LinearLayout:
    """`_lstsq` of the two layouts without the input dims `skipped`."""
    out_names = b.out_dims
    return _lstsq(
        a.sublayout([d for d in a.in_dims if d not in skipped], out_names),
        b.sublayout([d for d in b.in_dims if d not in skipped], out_names),
    )


def _lstsq(a: LinearLayout, b: LinearLayout) -> LinearLayout:
    """Solve `a(X(x)) == b(x)` for X, using only `a`'s independent input bits.

    Both layouts share their output dimensions (same order and sizes); every value of `b` must be
    in the image of `a`. X maps b's inputs to a's inputs.
    """
    echelon = _Echelon()
    for index, column in enumerate(a.columns()):
        echelon.add(column, 1 << index)
    a_dims = [(name, a.in_dim_size(name)) for name in a.in_dims]
    new_bases = []
    columns = iter(b.columns())
    for name in b.in_dims:
        vectors = []
        for _ in range(b.in_dim_size_log2(name)):
            residue, combination = echelon.reduce(next(columns))
            if residue:
                raise LayoutError(
                    "invert_and_compose: an element of the source is not in the target"
                )
            vector = []
            for _, size in a_dims:
                vector.append(combination & (size - 1))
                combination >>= size.bit_length() - 1
            vectors.append(vector)
        new_bases.append((name, vectors))
    return LinearLayout(new_bases, a_dims)
