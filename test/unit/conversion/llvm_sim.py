"""A lock-step interpreter of the LLVM/NVVM dialect ops a layout conversion lowers to, for tests.

Every SSA value is a numpy array with one entry per thread of the CTA (raw bits in uint64); vectors
and structs are tuples of those. Shared memory is one byte array; a load that reads bytes another
thread wrote since the last barrier that orders the two (any `bar.sync`; `bar.warp.sync` within a
warp), or a store over bytes another thread read in that time, is reported as a race (threads
holding broadcast copies may write the same value to the same byte). Shuffles,
`ldmatrix` and `stmatrix` follow the PTX ISA's description.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from xdsl.dialects.builtin import IntegerAttr, IntegerType, VectorType
from xdsl.ir import Attribute, Block, Operation, SSAValue

from ttc.dialects.upstream import llvm

WARP = 32


def _width(type: Attribute) -> int:
    if isinstance(type, IntegerType):
        return type.width.data
    if isinstance(type, llvm.LLVMPointerType):
        return 64
    name = type.name if hasattr(type, "name") else str(type)
    return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[name]


def _mask(width: int) -> np.uint64:
    return np.uint64((1 << width) - 1) if width < 64 else np.uint64(2**64 - 1)


def _size(type: Attribute) -> int:
    if isinstance(type, VectorType):
        return _width(type.element_type) // 8 * type.get_shape()[0]
    return max(_width(type) // 8, 1)


class Race(AssertionError):
    pass


class Simulator:
    def __init__(self, threads: int, shared_bytes: int) -> None:
        self.threads = threads
        self.tid = np.arange(threads, dtype=np.uint64)
        self.values: dict[SSAValue, object] = {}
        self.smem = np.zeros(max(shared_bytes, 1), dtype=np.uint8)
        self.writer = np.full(max(shared_bytes, 1), -1, dtype=np.int64)
        self.synced = np.zeros(max(shared_bytes, 1), dtype=bool)
        self.readers: list[dict[int, bool]] = [{} for _ in range(max(shared_bytes, 1))]
        self.counts: dict[str, int] = {}

    # -- barriers and races -------------------------------------------------------------------

    def _sync(self, warp_only: bool) -> None:
        """`bar.sync` forgets every access; `bar.warp.sync` orders those within each warp."""
        if not warp_only:
            self.writer[:] = -1
            self.synced[:] = False
            self.readers = [dict() for _ in self.readers]
            return
        self.synced[:] = True
        self.readers = [{t: True for t in r} for r in self.readers]

    def _ordered(self, first: int, second: int, synced: bool) -> bool:
        return first == second or (synced and first // WARP == second // WARP)

    def _read(self, thread: int, address: int, size: int) -> bytes:
        for byte in range(address, address + size):
            writer = int(self.writer[byte])
            if writer >= 0 and not self._ordered(writer, thread, bool(self.synced[byte])):
                raise Race(f"thread {thread} reads byte {byte} written by {writer} without a barrier")
            self.readers[byte].setdefault(thread, False)
        return bytes(self.smem[address : address + size])

    def _write(self, thread: int, address: int, data: bytes) -> None:
        for k, byte in enumerate(range(address, address + len(data))):
            for reader, synced in self.readers[byte].items():
                if not self._ordered(reader, thread, synced):
                    raise Race(f"thread {thread} overwrites byte {byte} read by {reader}")
            writer = int(self.writer[byte])
            unordered = writer >= 0 and not self._ordered(writer, thread, bool(self.synced[byte]))
            if unordered and self.smem[byte] != data[k]:
                raise Race(f"threads {writer} and {thread} both write byte {byte}")
            self.smem[byte] = data[k]
            self.writer[byte] = thread
            self.synced[byte] = False

    # -- values ---------------------------------------------------------------------------------

    def get(self, value: SSAValue) -> object:
        return self.values[value]

    def set(self, value: SSAValue, data: object) -> None:
        self.values[value] = data

    def _to_bytes(self, value: object, type: Attribute, thread: int) -> bytes:
        if isinstance(type, VectorType):
            elem = type.element_type
            return b"".join(self._to_bytes(v, elem, thread) for v in value)  # type: ignore[union-attr]
        width = max(_width(type), 8)
        return int(value[thread]).to_bytes(width // 8, "little")  # type: ignore[index]

    def _from_bytes(self, data: bytes, type: Attribute) -> list[int]:
        if isinstance(type, VectorType):
            size = _width(type.element_type) // 8
            return [int.from_bytes(data[i * size : (i + 1) * size], "little") for i in range(type.get_shape()[0])]
        return [int.from_bytes(data, "little")]

    # -- execution ------------------------------------------------------------------------------

    def run(self, block: Block) -> None:
        for op in block.ops:
            self.step(op)

    def step(self, op: Operation) -> None:
        name = op.name
        self.counts[name] = self.counts.get(name, 0) + 1
        n = self.threads
        if name == "llvm.mlir.constant":
            attr = op.properties["value"]
            assert isinstance(attr, IntegerAttr)
            width = _width(op.results[0].type)
            self.set(op.results[0], np.full(n, attr.value.data & ((1 << width) - 1), dtype=np.uint64))
        elif name in ("llvm.mlir.undef", "llvm.mlir.poison"):
            type = op.results[0].type
            if isinstance(type, VectorType):
                self.set(op.results[0], tuple(np.zeros(n, dtype=np.uint64) for _ in range(type.get_shape()[0])))
            elif isinstance(type, llvm.LLVMStructType):
                self.set(op.results[0], tuple(np.zeros(n, dtype=np.uint64) for _ in type.types))
            else:
                self.set(op.results[0], np.zeros(n, dtype=np.uint64))
        elif name == "llvm.mlir.addressof":
            self.set(op.results[0], np.zeros(n, dtype=np.uint64))
        elif name == "nvvm.read.ptx.sreg.tid.x":
            self.set(op.results[0], self.tid.copy())
        elif name == "llvm.getelementptr":
            base = self.get(op.operands[0])
            raw = op.properties["rawConstantIndices"].get_values()  # type: ignore[attr-defined]
            assert len(raw) == 1
            index = self.get(op.operands[1]) if raw[0] == llvm.GEP_DYNAMIC_INDEX else np.uint64(raw[0])
            size = _size(op.properties["elem_type"])  # type: ignore[arg-type]
            self.set(op.results[0], base + index * np.uint64(size))  # type: ignore[operator]
        elif name in _BINARY:
            width = _width(op.results[0].type)
            a, b = self.get(op.operands[0]), self.get(op.operands[1])
            self.set(op.results[0], _BINARY[name](a, b) & _mask(width))
        elif name == "llvm.icmp":
            predicate = op.predicate_name  # type: ignore[attr-defined]
            a, b = self.get(op.operands[0]), self.get(op.operands[1])
            result = {"eq": a == b, "ne": a != b, "ult": a < b, "uge": a >= b}[predicate]  # type: ignore[operator]
            self.set(op.results[0], result.astype(np.uint64))
        elif name == "llvm.select":
            c, a, b = (self.get(o) for o in op.operands)
            self.set(op.results[0], np.where(c != 0, a, b).astype(np.uint64))  # type: ignore[call-overload]
        elif name in ("llvm.zext", "llvm.bitcast", "llvm.ptrtoint", "llvm.inttoptr", "llvm.trunc"):
            value = self.get(op.operands[0])
            to = op.results[0].type
            if isinstance(to, VectorType) or isinstance(op.operands[0].type, VectorType):
                value = self._reshape(value, op.operands[0].type, to)
            elif name == "llvm.trunc":
                value = value & _mask(_width(to))  # type: ignore[operator]
            self.set(op.results[0], value)
        elif name == "llvm.insertelement":
            vector, elem, index = (self.get(o) for o in op.operands)
            i = int(index[0])  # type: ignore[index]
            items = list(vector)  # type: ignore[call-overload]
            items[i] = elem
            self.set(op.results[0], tuple(items))
        elif name == "llvm.extractelement":
            vector, index = (self.get(o) for o in op.operands)
            self.set(op.results[0], vector[int(index[0])])  # type: ignore[index]
        elif name == "llvm.insertvalue":
            container, elem = (self.get(o) for o in op.operands)
            (i,) = op.properties["position"].get_values()  # type: ignore[attr-defined]
            items = list(container)  # type: ignore[call-overload]
            items[i] = elem
            self.set(op.results[0], tuple(items))
        elif name == "llvm.extractvalue":
            (i,) = op.properties["position"].get_values()  # type: ignore[attr-defined]
            self.set(op.results[0], self.get(op.operands[0])[i])  # type: ignore[index]
        elif name == "nvvm.shfl.sync":
            _, value, offset, _ = (self.get(o) for o in op.operands)
            kind = op.properties["kind"].value  # type: ignore[attr-defined]
            lane = self.tid % np.uint64(WARP)
            if kind == "bfly":
                source = lane ^ offset  # type: ignore[operator]
            else:
                assert kind == "idx"
                source = offset & np.uint64(WARP - 1)  # type: ignore[operator]
            self.set(op.results[0], value[(self.tid - lane + source).astype(np.int64)])  # type: ignore[index]
        elif name == "nvvm.barrier0":
            self._sync(False)
        elif name == "nvvm.bar.warp.sync":
            self._sync(True)
        elif name == "llvm.store":
            value, pointer = (self.get(o) for o in op.operands)
            for t in range(n):
                self._write(t, int(pointer[t]), self._to_bytes(value, op.operands[0].type, t))  # type: ignore[index]
        elif name == "llvm.load":
            pointer = self.get(op.operands[0])
            type = op.results[0].type
            rows = [self._from_bytes(self._read(t, int(pointer[t]), _size(type)), type) for t in range(n)]  # type: ignore[index]
            columns = tuple(np.array([r[k] for r in rows], dtype=np.uint64) for k in range(len(rows[0])))
            self.set(op.results[0], columns if isinstance(type, VectorType) else columns[0])
        elif name == "nvvm.ldmatrix":
            self._ldmatrix(op)
        elif name == "nvvm.stmatrix":
            self._stmatrix(op)
        else:
            raise NotImplementedError(name)

    def _reshape(self, value: object, source: Attribute, target: Attribute) -> object:
        """A bitcast between scalars and vectors: regroup the raw bits."""
        def bits_of(v: object, t: Attribute) -> list[tuple[np.ndarray, int]]:
            if isinstance(t, VectorType):
                w = _width(t.element_type)
                return [(x, w) for x in v]  # type: ignore[union-attr]
            return [(v, _width(t))]  # type: ignore[list-item]

        total = np.zeros(self.threads, dtype=object)
        shift = 0
        for x, w in bits_of(value, source):
            total = total + (x.astype(object) << shift)
            shift += w
        if isinstance(target, VectorType):
            w = _width(target.element_type)
            out = []
            for k in range(target.get_shape()[0]):
                out.append(np.array([(int(t) >> (k * w)) & ((1 << w) - 1) for t in total], dtype=np.uint64))
            return tuple(out)
        return np.array([int(t) for t in total], dtype=np.uint64)

    def _matrix_rows(self, pointer: np.ndarray, count: int) -> list[list[int]]:
        """For each warp, matrix m's row r address (from lane 8m + r)."""
        rows = []
        for w in range(self.threads // WARP):
            rows.append([int(pointer[w * WARP + lane]) for lane in range(8 * count)])
        return rows

    def _ldmatrix(self, op: Operation) -> None:
        count = op.properties["num"].value.data  # type: ignore[attr-defined]
        trans = op.properties["layout"].value == "col"  # type: ignore[attr-defined]
        pointer = self.get(op.operands[0])
        words = [np.zeros(self.threads, dtype=np.uint64) for _ in range(count)]
        for w, rows in enumerate(self._matrix_rows(pointer, count)):  # type: ignore[arg-type]
            for m in range(count):
                matrix = [self._read(w * WARP + 8 * m + r, rows[8 * m + r], 16) for r in range(8)]
                for lane in range(WARP):
                    t = w * WARP + lane
                    if not trans:
                        data = matrix[lane // 4][4 * (lane % 4) : 4 * (lane % 4) + 4]
                    else:
                        col = lane // 4
                        data = b"".join(matrix[2 * (lane % 4) + k][2 * col : 2 * col + 2] for k in range(2))
                    words[m][t] = int.from_bytes(data, "little")
        self.set(op.results[0], words[0] if count == 1 else tuple(words))

    def _stmatrix(self, op: Operation) -> None:
        count = op.properties["num"].value.data  # type: ignore[attr-defined]
        trans = op.properties["layout"].value == "col"  # type: ignore[attr-defined]
        pointer = self.get(op.operands[0])
        words = [self.get(v) for v in op.operands[1:]]
        for w, rows in enumerate(self._matrix_rows(pointer, count)):  # type: ignore[arg-type]
            for m in range(count):
                matrix = [bytearray(16) for _ in range(8)]
                for lane in range(WARP):
                    data = int(words[m][w * WARP + lane]).to_bytes(4, "little")  # type: ignore[index]
                    if not trans:
                        matrix[lane // 4][4 * (lane % 4) : 4 * (lane % 4) + 4] = data
                    else:
                        col = lane // 4
                        for k in range(2):
                            matrix[2 * (lane % 4) + k][2 * col : 2 * col + 2] = data[2 * k : 2 * k + 2]
                for r in range(8):
                    self._write(w * WARP + 8 * m + r, rows[8 * m + r], bytes(matrix[r]))


_BINARY = {
    "llvm.and": lambda a, b: a & b,
    "llvm.or": lambda a, b: a | b,
    "llvm.xor": lambda a, b: a ^ b,
    "llvm.add": lambda a, b: a + b,
    "llvm.sub": lambda a, b: a - b,
    "llvm.mul": lambda a, b: a * b,
    "llvm.shl": lambda a, b: a << b,
    "llvm.lshr": lambda a, b: a >> b,
    "llvm.urem": lambda a, b: a % b,
    "llvm.udiv": lambda a, b: a // b,
}


def run_values(sim: Simulator, block: Block, values: Sequence[SSAValue]) -> list[np.ndarray]:
    sim.run(block)
    return [sim.get(v) for v in values]  # type: ignore[misc]
