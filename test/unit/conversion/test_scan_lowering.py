"""tt.scan lowered to LLVM, PTX and cubin (Triton's ScanOpToLLVM), and checked by running it.

* The cumsum oracle kernel's optimised LLVM IR and PTX have Triton 3.6's structure: the same
  `shfl.sync.up`, barriers, shared stores and loads, `fadd`s and `select`s, and `ttg.shared`.
* `SimtInterpreter` runs a lowered kernel's single block for every thread of one CTA in lock step
  (numpy arrays of per-thread values; warp shuffles, shared and global memory, the inline PTX the
  lowering writes; an access not aligned to its size fails, as on the hardware), so scans of random data are compared with a sequential fold: cumsum against
  numpy in float64, and a non-commutative two-operand (i64, i32) linear recurrence exactly, forward
  and reverse, over layouts that exercise every step (one warp, warps along the axis, tile
  repetitions, lanes and warps across the axis, broadcast lanes and warps).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence

import numpy as np
import pytest
from xdsl.dialects.builtin import (
    Float16Type,
    Float32Type,
    Float64Type,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    VectorType,
)
from xdsl.ir import Attribute, Operation, SSAValue

from test_reduce_convert_lowering import KERNELS, PTX_VERSION, _ptxas_available, lower, to_ptx
from ttc.conversion.tritongpu_to_llvm.scan import ScanPlan
from ttc.dialects.upstream import llvm
from ttc.ir.errors import TtcError
from ttc.layouts.linear import LayoutError
from ttc.targets.llvmir import emit_llvm_ir
from ttc.targets.nvidia.ptx import nvptx_data_layout, optimize_llvm_ir
from ttc.targets.nvidia.ptxas import ptx_to_cubin
from ttc_parse import parse_module

# -- structure against Triton -------------------------------------------------------------------

LLIR_PATTERNS = {
    "shuffles up": r"call i32 @llvm\.nvvm\.shfl\.sync\.up",
    "barriers": r"call void @llvm\.nvvm\.barrier",
    "shared stores": r"st\.shared",
    "shared loads": r"load \w+, ptr addrspace\(3\)",
    "fadd": r"= fadd",
    "select": r"= select",
}


def _count(patterns: dict[str, str], text: str) -> dict[str, int]:
    return {name: len(re.findall(pattern, text)) for name, pattern in patterns.items()}


@pytest.mark.parametrize("arch", ["sm80", "sm90"])
def test_cumsum_matches_tritons_structure(arch: str) -> None:
    cc = int(arch[2:])
    oracle = KERNELS / "cumsum"
    module = lower(parse_module((oracle / f"{arch}.ttgir").read_text()), cc)
    meta = json.loads((oracle / f"{arch}.meta.json").read_text())
    assert module.attributes["ttg.shared"].value.data == meta["shared"] == 32
    ir = emit_llvm_ir(module, triple="nvptx64-nvidia-cuda", data_layout=nvptx_data_layout(cc, PTX_VERSION))
    optimized = optimize_llvm_ir(ir, cc=cc, ptx_version=PTX_VERSION)
    triton_llir = (oracle / f"{arch}.llir").read_text()
    assert _count(LLIR_PATTERNS, optimized) == _count(LLIR_PATTERNS, triton_llir)

    ptx = to_ptx(module, cc)
    triton_ptx = (oracle / f"{arch}.ptx").read_text()
    exact = {"shfl.sync.up": r"shfl\.sync\.up", "bar.sync": r"\bbar\.sync", "st.shared": r"\bst\.shared"}
    assert _count(exact, ptx) == _count(exact, triton_ptx) == {"shfl.sync.up": 12, "bar.sync": 1, "st.shared": 2}
    # the same 7 shared words are read; LLVM 22 may merge them into fewer vector loads
    loads = {"ld.shared": r"\bld\.shared"}
    assert 1 <= _count(loads, ptx)["ld.shared"] <= _count(loads, triton_ptx)["ld.shared"]
    if _ptxas_available():
        assert ptx_to_cubin(ptx, cc=cc)


# -- a lock-step SIMT interpreter of lowered kernels ---------------------------------------------

WARP = 32
_DTYPES: dict[int, type] = {1: np.bool_, 8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}
_SIGNED = {8: np.int8, 16: np.int16, 32: np.int32, 64: np.int64}
Value = np.ndarray | list


def _dtype(type: Attribute) -> type:
    if isinstance(type, IntegerType):
        return _DTYPES[type.width.data]
    if isinstance(type, llvm.LLVMPointerType):
        return np.uint64
    return {Float16Type: np.float16, Float32Type: np.float32, Float64Type: np.float64}[type.__class__]


def _width(type: Attribute) -> int:
    return 64 if isinstance(type, llvm.LLVMPointerType) else np.dtype(_dtype(type)).itemsize * 8


def _signed(x: np.ndarray) -> np.ndarray:
    return x.view(_SIGNED[x.dtype.itemsize * 8]) if x.dtype != np.bool_ else x.astype(np.int8)


_INT_BINARY: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "llvm.add": np.add, "llvm.sub": np.subtract, "llvm.mul": np.multiply,
    "llvm.and": np.bitwise_and, "llvm.or": np.bitwise_or, "llvm.xor": np.bitwise_xor,
    "llvm.shl": np.left_shift, "llvm.lshr": np.right_shift, "llvm.udiv": np.floor_divide,
    "llvm.urem": np.remainder, "llvm.fadd": np.add, "llvm.fsub": np.subtract, "llvm.fmul": np.multiply,
}
_ICMP = {
    "eq": np.equal, "ne": np.not_equal, "lt": np.less, "le": np.less_equal,
    "gt": np.greater, "ge": np.greater_equal,
}
_PTX_MMA_F64 = re.compile(
    r"^mma\.sync\.aligned\.m(?P<m>\d+)n8k(?P<k>\d+)\.row\.col\.f64\.f64\.f64\.f64 "
    r"\{(?P<d>[^}]*)\}, \{(?P<a>[^}]*)\}, \{(?P<b>[^}]*)\}, \{(?P<c>[^}]*)\}$"
)
_PTX_MEMORY = re.compile(
    r"^(?:@(?P<pred>\$\d+) )?(?P<kind>ld|st)\.(?:global|shared)\S*?(?:\.v\d)?\.b(?P<bits>\d+) (?P<rest>.*)$"
)


class SimtInterpreter:
    """Runs one straight-line `llvm.func` for all threads of one CTA at once."""

    def __init__(self, threads: int, shared_bytes: int) -> None:
        self.threads = threads
        self.memory: dict[int, np.ndarray] = {0: np.zeros(max(shared_bytes, 1), np.uint8)}
        self.env: dict[SSAValue, Value] = {}

    def buffer(self, data: np.ndarray) -> np.uint64:
        """Place `data` in global memory; returns its address."""
        region = len(self.memory)
        self.memory[region] = np.frombuffer(data.tobytes(), np.uint8).copy()
        return np.uint64(region << 40)

    def read(self, address: int, dtype: type, count: int = 1) -> np.ndarray:
        """A view of `count` elements of memory at `address`."""
        region, offset = divmod(int(address), 1 << 40)
        return self.memory[region][offset:offset + count * np.dtype(dtype).itemsize].view(dtype)

    def _aligned(self, addresses: np.ndarray, dtype: type, mask: np.ndarray) -> None:
        """The hardware faults ("misaligned address") on an access not aligned to its size."""
        size = np.dtype(dtype).itemsize
        bad = [int(a) for a in addresses[mask.astype(bool)] if int(a) % size]
        assert not bad, f"misaligned {size}-byte access at offset {bad[0] % (1 << 40)}"

    def _load(self, addresses: np.ndarray, dtype: type, mask: np.ndarray) -> np.ndarray:
        self._aligned(addresses, dtype, mask)
        out = np.zeros(self.threads, dtype)
        for t in np.flatnonzero(mask):
            out[t] = self.read(addresses[t], dtype)[0]
        return out

    def _store(self, addresses: np.ndarray, values: np.ndarray, mask: np.ndarray) -> None:
        self._aligned(addresses, values.dtype, mask)
        for t in np.flatnonzero(mask):
            self.read(addresses[t], values.dtype)[0] = values[t]

    def _splat(self, value: object, type: Attribute) -> np.ndarray:
        return np.full(self.threads, value, _dtype(type))

    def run(self, func: Operation, args: Sequence[object]) -> None:
        """Run `func` on `args`; the trailing ABI arguments (scratch pointers) are null."""
        (block,) = func.regions[0].blocks
        args = [*args, *[0] * (len(block.args) - len(args))]
        for arg, value in zip(block.args, args, strict=True):
            self.env[arg] = self._splat(value, arg.type)
        for op in block.ops:
            if op.name == "llvm.return":
                return
            result = self._execute(op)
            if op.results:
                self.env[op.results[0]] = result

    def _shuffle(self, op: Operation) -> np.ndarray:
        _, value, offset, clamp = (self.env[v] for v in op.operands)
        tid = np.arange(self.threads)
        lane, base = tid % WARP, tid - tid % WARP
        kind = op.kind.value  # type: ignore[attr-defined]
        offset = offset.astype(np.int64)
        source = {"up": lane - offset, "down": lane + offset, "bfly": lane ^ offset, "idx": offset & 31}[kind]
        valid = source >= 0 if kind == "up" else source <= (clamp.astype(np.int64) & 31)
        return np.where(valid, value[base + np.where(valid, source, lane)], value)

    def _inline_asm(self, op: Operation) -> Value:
        constraints = op.constraints.data.split(",")  # type: ignore[attr-defined]
        outputs = [c for c in constraints if c.startswith("=")]
        result_types = op.results[0].type
        types = list(result_types.types) if isinstance(result_types, llvm.LLVMStructType) else [result_types]
        regs: dict[str, np.ndarray] = {
            f"${i}": np.zeros(self.threads, _dtype(t)) for i, t in enumerate(types[: len(outputs)])
        }
        tied: dict[str, str] = {}  # an input tied to an output ("0") is that output's register
        for i, operand in enumerate(op.operands):
            name, constraint = f"${len(outputs) + i}", constraints[len(outputs) + i]
            regs[name] = self.env[operand]
            if constraint.isdigit():
                tied[name] = f"${constraint}"
                regs[tied[name]] = self.env[operand].copy()
        for line in op.asm_string.data.replace("\n", ";").split(";"):  # type: ignore[attr-defined]
            line = line.strip()
            if not line:
                continue
            mma = _PTX_MMA_F64.match(line)
            if mma is not None:
                self._mma_f64(mma, {name: regs[tied.get(name, name)] for name in regs}, regs, tied)
                continue
            if line.startswith("mov."):
                dst, src = (s.strip() for s in line.split(None, 1)[1].split(","))
                value = regs[src] if src in regs else np.uint64(int(src, 0))
                regs[dst] = np.broadcast_to(value, self.threads).astype(regs[dst].dtype)
                continue
            match = _PTX_MEMORY.match(line)
            assert match is not None, line
            mask = regs[match["pred"]] if match["pred"] else np.ones(self.threads, bool)
            dtype = _DTYPES[int(match["bits"])]
            address_text = re.search(r"\[ (\$\d+) \+ (\d+) \]", match["rest"])
            assert address_text is not None
            address = regs[address_text[1]] + np.uint64(int(address_text[2]))
            names = re.findall(r"\$\d+", match["rest"].replace(address_text[0], ""))
            for k, name in enumerate(names):
                at = address + np.uint64(k * np.dtype(dtype).itemsize)
                if match["kind"] == "ld":
                    regs[name] = self._load(at, dtype, mask).view(regs[name].dtype)
                else:
                    self._store(at, regs[name].view(dtype), mask)
        results = [regs[f"${i}"] for i in range(len(outputs))]
        return results if isinstance(result_types, llvm.LLVMStructType) else (results[0] if results else None)

    def _mma_f64(self, match: re.Match[str], view: dict[str, np.ndarray], regs: dict[str, np.ndarray],
                 tied: dict[str, str]) -> None:
        """`mma.sync` m8n8k4 or m16n8k16 on f64, per warp, with the PTX ISA's fragments
        (`g = lane / 4`, `t = lane % 4`): A register i holds row g + 8 (i % (m / 8)), column
        t + 4 (i // (m / 8)); B register i row t + 4 i, column g; C and D register i row
        g + 8 (i // 2), column 2 t + i % 2."""
        m, k = int(match["m"]), int(match["k"])
        names = {part: [x.strip() for x in match[part].split(",")] for part in "dabc"}
        halves = m // 8
        lane = np.arange(WARP)
        g, t = lane // 4, lane % 4
        for base in range(0, self.threads, WARP):
            w = slice(base, base + WARP)
            a, b, c = np.zeros((m, k)), np.zeros((k, 8)), np.zeros((m, 8))
            for i, name in enumerate(names["a"]):
                a[g + 8 * (i % halves), t + 4 * (i // halves)] = view[name][w]
            for i, name in enumerate(names["b"]):
                b[t + 4 * i, g] = view[name][w]
            for i, name in enumerate(names["c"]):
                c[g + 8 * (i // 2), 2 * t + i % 2] = view[name][w]
            d = a @ b + c
            for i, name in enumerate(names["d"]):
                regs[tied.get(name, name)][w] = d[g + 8 * (i // 2), 2 * t + i % 2]

    def _execute(self, op: Operation) -> Value | None:
        name, env = op.name, self.env
        operands = [env[v] for v in op.operands]
        type = op.results[0].type if op.results else None
        if name in _INT_BINARY:
            return _INT_BINARY[name](*operands).astype(operands[0].dtype)
        if name in ("llvm.sdiv", "llvm.srem", "llvm.ashr"):
            a, b = _signed(operands[0]), _signed(operands[1])
            signed = {
                "llvm.sdiv": lambda: np.trunc(a / b), "llvm.srem": lambda: np.fmod(a, b),
                "llvm.ashr": lambda: a >> b,
            }[name]()
            return signed.astype(a.dtype).view(operands[0].dtype)
        if name == "llvm.mlir.constant":
            value = op.value  # type: ignore[attr-defined]
            if isinstance(value, IntegerAttr):
                return self._splat(value.value.data % 2 ** _width(type), type)
            return self._splat(value.value.data, type)
        if name in ("llvm.mlir.undef", "llvm.mlir.poison"):
            if isinstance(type, llvm.LLVMStructType | VectorType):
                members = (
                    type.types if isinstance(type, llvm.LLVMStructType)
                    else [type.element_type] * type.get_shape()[0]
                )
                return [self._splat(0, t) for t in members]
            return self._splat(0, type)
        if name == "nvvm.read.ptx.sreg.tid.x":
            return np.arange(self.threads, dtype=np.uint32)
        if name == "nvvm.read.ptx.sreg.ctaid.x":
            return self._splat(0, type)
        if name == "llvm.icmp":
            predicate = op.predicate_name  # type: ignore[attr-defined]
            a, b = operands
            if predicate[0] == "s":
                a, b = _signed(a), _signed(b)
            return _ICMP[predicate[-2:] if predicate not in ("eq", "ne") else predicate](a, b)
        if name == "llvm.select":
            return np.where(*operands)
        if name in ("llvm.zext", "llvm.trunc", "llvm.ptrtoint", "llvm.inttoptr"):
            return operands[0].astype(_dtype(type))
        if name == "llvm.sext":
            return _signed(operands[0]).astype(_SIGNED[_width(type)]).view(_dtype(type))
        if name in ("llvm.sitofp", "llvm.fpext", "llvm.fptrunc"):
            source = _signed(operands[0]) if name == "llvm.sitofp" else operands[0]
            return source.astype(_dtype(type))
        if name == "llvm.bitcast":
            parts = operands[0] if isinstance(operands[0], list) else [operands[0]]
            raw = np.stack(parts, axis=1).copy().view(np.uint8)
            if isinstance(type, VectorType):
                return list(raw.view(_dtype(type.element_type)).T)
            return raw.view(_dtype(type))[:, 0]
        if name in ("llvm.extractvalue", "llvm.insertvalue"):
            (position,) = op.position.get_values()  # type: ignore[attr-defined]
            if name == "llvm.extractvalue":
                return operands[0][position]
            return [operands[1] if i == position else v for i, v in enumerate(operands[0])]
        if name == "llvm.extractelement":
            return np.choose(operands[1].astype(np.int64), operands[0])
        if name == "llvm.insertelement":
            vector, value, index = operands
            return [np.where(index == i, value, v) for i, v in enumerate(vector)]
        if name == "llvm.mlir.addressof":
            return self._splat(0, type)
        if name == "llvm.getelementptr":
            (raw,) = op.rawConstantIndices.get_values()  # type: ignore[attr-defined]
            index = _signed(operands[1]).astype(np.int64) if len(operands) > 1 else np.int64(raw)
            size = _width(op.elem_type) // 8  # type: ignore[attr-defined]
            return (operands[0].astype(np.int64) + index * size).astype(np.uint64)
        if name == "llvm.load":
            return self._load(operands[0], _dtype(type), np.ones(self.threads, bool))
        if name == "llvm.store":
            return self._store(operands[1], operands[0], np.ones(self.threads, bool))
        if name == "nvvm.shfl.sync":
            return self._shuffle(op)
        if name == "nvvm.barrier0":
            return None  # lock step: every store above is already visible
        if name == "llvm.inline_asm":
            return self._inline_asm(op)
        raise NotImplementedError(name)


def run_kernel(module: ModuleOp, inputs: Sequence[np.ndarray], scalars: Sequence[int] = ()) -> list[np.ndarray]:
    """Run the module's kernel (one CTA) on global `inputs`, then as many outputs shaped alike."""
    (func,) = [op for op in module.body.block.ops if isinstance(op, llvm.FuncOp)]
    threads = module.attributes["ttg.num-warps"].value.data * WARP
    sim = SimtInterpreter(threads, module.attributes["ttg.shared"].value.data)
    ins = [sim.buffer(x) for x in inputs]
    outs = [sim.buffer(np.zeros_like(x)) for x in inputs]
    sim.run(func, [*ins, *outs, *scalars])
    return [sim.read(address, x.dtype, x.size).reshape(x.shape).copy() for address, x in zip(outs, inputs)]


# -- scans of random data -----------------------------------------------------------------------

CUMSUM = """
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32"""

# x -> a * x + b composed: associative (trunci is a ring morphism), not commutative
RECURRENCE = """
  ^bb0(%a1: i64, %b1: i32, %a2: i64, %b2: i32):
    %a = arith.muli %a1, %a2 : i64
    %w = arith.trunci %a2 : i64 to i32
    %m = arith.muli %b1, %w : i32
    %b = arith.addi %m, %b2 : i32
    tt.scan.return %a, %b : i64, i32"""


def scan_kernel(
    layout: str, shape: Sequence[int], axis: int, reverse: bool, types: Sequence[str], region: str,
    warps: int = 4,
) -> str:
    """A kernel loading tensors of `shape` (row-major) with `layout`, scanning them, storing them."""
    dims = "x".join(map(str, shape))
    tensor = lambda t: f"tensor<{dims}x{t}, #L>"  # noqa: E731
    lines = []
    if len(shape) == 1:
        lines.append(f"%off = tt.make_range {{end = {shape[0]} : i32, start = 0 : i32}} : {tensor('i32')}")
    else:
        rows, cols = shape
        row_t = f"tensor<{rows}xi32, #ttg.slice<{{dim = 1, parent = #L}}>>"
        col_t = f"tensor<{cols}xi32, #ttg.slice<{{dim = 0, parent = #L}}>>"
        lines += [
            f"%r = tt.make_range {{end = {rows} : i32, start = 0 : i32}} : {row_t}",
            f"%c = tt.make_range {{end = {cols} : i32, start = 0 : i32}} : {col_t}",
            f"%r2 = tt.expand_dims %r {{axis = 1 : i32}} : {row_t} -> tensor<{rows}x1xi32, #L>",
            f"%c2 = tt.expand_dims %c {{axis = 0 : i32}} : {col_t} -> tensor<1x{cols}xi32, #L>",
            f"%n = arith.constant dense<{cols}> : tensor<{rows}x1xi32, #L>",
            f"%rn = arith.muli %r2, %n : tensor<{rows}x1xi32, #L>",
            f"%rb = tt.broadcast %rn : tensor<{rows}x1xi32, #L> -> {tensor('i32')}",
            f"%cb = tt.broadcast %c2 : tensor<1x{cols}xi32, #L> -> {tensor('i32')}",
            f"%off = arith.addi %rb, %cb : {tensor('i32')}",
        ]
    args = [f"%{io}{k}: !tt.ptr<{t}>" for io in ("in", "out") for k, t in enumerate(types)]
    for k, t in enumerate(types):
        ptrs = tensor(f"!tt.ptr<{t}>")
        lines += [
            f"%p{k} = tt.splat %in{k} : !tt.ptr<{t}> -> {ptrs}",
            f"%q{k} = tt.addptr %p{k}, %off : {ptrs}, {tensor('i32')}",
            f"%x{k} = tt.load %q{k} : {ptrs}",
        ]
    xs = ", ".join(f"%x{k}" for k in range(len(types)))
    ins = ", ".join(tensor(t) for t in types)
    properties = f"<{{axis = {axis} : i32, reverse = {str(reverse).lower()}}}>"
    lines.append(f'%s:{len(types)} = "tt.scan"({xs}) {properties} ({{{region}\n  }}) : ({ins}) -> ({ins})')
    for k, t in enumerate(types):
        ptrs = tensor(f"!tt.ptr<{t}>")
        lines += [
            f"%o{k} = tt.splat %out{k} : !tt.ptr<{t}> -> {ptrs}",
            f"%d{k} = tt.addptr %o{k}, %off : {ptrs}, {tensor('i32')}",
            f"tt.store %d{k}, %s#{k} : {ptrs}",
        ]
    body = "\n    ".join(lines)
    return f"""#L = {layout}
module attributes {{"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = {warps} : i32, "ttg.threads-per-warp" = 32 : i32}} {{
  tt.func public @scan({", ".join(args)}) attributes {{noinline = false}} {{
    {body}
    tt.return
  }}
}}
"""


def fold(
    axis: int, reverse: bool, step: Callable[[tuple, tuple], tuple], operands: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """The sequential inclusive scan of `operands` along `axis` with `step(acc, cur)`."""
    moved = [np.moveaxis(o, axis, -1).copy() for o in operands]
    out = [m.copy() for m in moved]
    n = moved[0].shape[-1]
    order = range(n - 1, -1, -1) if reverse else range(n)
    for line in np.ndindex(*moved[0].shape[:-1]):
        acc = None
        for i in order:
            cur = tuple(m[line + (i,)] for m in moved)
            acc = cur if acc is None else step(acc, cur)
            for o, v in zip(out, acc):
                o[line + (i,)] = v
    return [np.moveaxis(o, -1, axis) for o in out]


def _recurrence(acc: tuple, cur: tuple) -> tuple:
    (a1, b1), (a2, b2) = acc, cur
    return np.uint64(int(a1) * int(a2) % 2**64), np.uint32((int(b1) * int(a2) + int(b2)) % 2**32)


BLOCKED = "#ttg.blocked<{{sizePerThread = {}, threadsPerWarp = {}, warpsPerCTA = {}, order = {}}}>"
LAYOUTS = {
    # one warp along the axis, 8 lanes, two tile repetitions: the last lane's carry (shfl.sync.idx)
    "rows-one-warp": (BLOCKED.format("[1, 4]", "[4, 8]", "[4, 1]", "[1, 0]"), (16, 64), 1),
    # warps along the axis, lanes and warps across it, two repetitions along and across the axis
    "cols-across-warps": (BLOCKED.format("[2, 1]", "[8, 4]", "[2, 2]", "[0, 1]"), (64, 16), 0),
    # the cumsum kernel's layout: 4 per thread, 32 lanes, 4 warps, two repetitions
    "row-1d": (BLOCKED.format("[4]", "[32]", "[4]", "[0]"), (1024,), 0),
    # 16 elements over 128 threads: lanes 16-31 and warps 1-3 hold copies
    "broadcast-1d": (BLOCKED.format("[1]", "[32]", "[4]", "[0]"), (16,), 0),
    # no lane along the axis: each thread scans its own 4 registers, warps combine through scratch
    "no-lanes-on-axis": (BLOCKED.format("[4, 1]", "[1, 32]", "[4, 1]", "[0, 1]"), (16, 32), 0),
}


@pytest.mark.parametrize("reverse", [False, True], ids=["forward", "reverse"])
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_cumsum_runs(name: str, reverse: bool) -> None:
    layout, shape, axis = LAYOUTS[name]
    module = lower(parse_module(scan_kernel(layout, shape, axis, reverse, ["f32"], CUMSUM)), 90)
    x = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
    (got,) = run_kernel(module, [x])
    flip = (lambda y: np.flip(y, axis)) if reverse else (lambda y: y)  # noqa: E731
    ref = flip(np.cumsum(flip(x), axis, dtype=np.float64))
    np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("reverse", [False, True], ids=["forward", "reverse"])
@pytest.mark.parametrize("name", sorted(LAYOUTS))
def test_two_operand_non_commutative_scan_is_exact(name: str, reverse: bool) -> None:
    layout, shape, axis = LAYOUTS[name]
    module = lower(parse_module(scan_kernel(layout, shape, axis, reverse, ["i64", "i32"], RECURRENCE)), 80)
    rng = np.random.default_rng(1)
    a = rng.integers(0, 2**64, shape, dtype=np.uint64)
    b = rng.integers(0, 2**32, shape, dtype=np.uint64).astype(np.uint32)
    got = run_kernel(module, [a, b])
    ref = fold(axis, reverse, _recurrence, [a, b])
    np.testing.assert_array_equal(got[0], ref[0])
    np.testing.assert_array_equal(got[1], ref[1])


def test_oracle_cumsum_runs_on_a_partial_row() -> None:
    module = lower(parse_module((KERNELS / "cumsum" / "sm80.ttgir").read_text()), 80)
    x = np.random.default_rng(2).standard_normal(1024).astype(np.float32)
    n = 1000
    (got,) = run_kernel(module, [x], scalars=[1024, n])
    ref = np.cumsum(x[:n], dtype=np.float64)
    np.testing.assert_allclose(got[:n], ref, rtol=1e-5, atol=1e-4)
    assert not got[n:].any()


# -- plans and errors ---------------------------------------------------------------------------


def test_plan_of_the_cumsum_layout() -> None:
    from ttc.dialects.ttg.linear_layouts import to_linear_layout

    module = parse_module((KERNELS / "cumsum" / "sm90.ttgir").read_text())
    scan = next(op for op in module.walk() if op.name == "tt.scan")
    source = scan.operands[0].type
    plan = ScanPlan.of(to_linear_layout(source.encoding, source.get_shape()), 0, [0])
    bits = (plan.element_bits, plan.lane_bits, plan.warp_bits, plan.block_bits)
    assert bits == ((0, 1), (0, 1, 2, 3, 4), (0, 1), (2,))
    assert [c.registers for c in plan.chunks()] == [(0, 1, 2, 3), (4, 5, 6, 7)]
    assert [c.axis_block for c in plan.chunks()] == [0, 1]
    assert plan.scratch_elements() == 8


def test_swizzled_lanes_are_refused() -> None:
    from ttc.layouts.linear import LinearLayout

    layout = LinearLayout(
        {"register": [[1]], "lane": [[4], [2], [8], [16], [32]], "warp": [], "block": []}, ["dim0"]
    )
    with pytest.raises(LayoutError):
        ScanPlan.of(layout, 0, [0])


@pytest.mark.parametrize(
    ("layout", "shape", "ctas"),
    [
        ("#ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>", (4,), 1),
        (
            "#ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1], "
            "CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [0, 1]}>",
            (64, 16),
            2,
        ),
    ],
    ids=["registers-holding-copies", "across-ctas"],
)
def test_unsupported_layouts_are_located_errors(layout: str, shape: tuple[int, ...], ctas: int) -> None:
    text = scan_kernel(layout, shape, 0, False, ["f32"], CUMSUM)
    text = text.replace('"ttg.num-ctas" = 1', f'"ttg.num-ctas" = {ctas}')
    scan_line = next(n for n, line in enumerate(text.splitlines(), 1) if '"tt.scan"' in line)
    with pytest.raises(TtcError) as info:
        lower(parse_module(text, "k.mlir"), 90)
    assert info.value.message == "cannot lower 'tt.scan' for cuda:90"
    assert info.value.location is not None and info.value.location.line == scan_line
