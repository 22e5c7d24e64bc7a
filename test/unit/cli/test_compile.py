"""`ttc compile`: the whole pipeline, stage detection, dumps, launch metadata, timing, errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from nvidia_tools import needs_libdevice
from triton_corpus import GPU_KERNELS

from ttc.cli.main import cli
from ttc.compile_driver import is_llvm_ir

KERNELS = GPU_KERNELS
WARPS = {"add": 4, "softmax": 4, "row_sum": 4, "layer_norm": 8}
LIBDEVICE = {"layer_norm"}
"""The kernels whose LLVM IR links libdevice (layer_norm's math.sqrt is `__nv_sqrtf`)."""
KERNEL_PARAMS = [pytest.param(kernel, marks=[needs_libdevice] if kernel in LIBDEVICE else [])
                 for kernel in sorted(WARPS)]
SCRATCH = ["global_scratch", "profile_scratch"]

FP8_TTGIR = """\
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], \
order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", \
"ttg.threads-per-warp" = 32 : i32} {
  tt.func public @fp8_kernel(%p: !tt.ptr<f32>) {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %1 = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>, #blocked>
    %4 = tt.fp_to_fp %3, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    %5 = tt.fp_to_fp %4 : tensor<128xf8E4M3FN, #blocked> -> tensor<128xf32, #blocked>
    tt.store %2, %5 : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
"""


def compile_(*args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(cli, ["compile", *args], input=stdin)


def dumped(dump: Path, prefix: str, kernel: str) -> dict[str, Path]:
    """The files `--dump-dir` kept, `<prefix>.<kernel>.<suffix>`, by suffix."""
    files = {}
    for path in dump.iterdir():
        assert path.name.startswith(f"{prefix}.{kernel}."), path.name
        files[path.name.rpartition(".")[2]] = path
    return files


def triton_meta(kernel: str, cc: int) -> dict[str, object]:
    meta: dict[str, object] = json.loads((KERNELS / kernel / f"sm{cc}.meta.json").read_text())
    return meta


@pytest.mark.parametrize("cc", [80, 90])
@pytest.mark.parametrize("kernel", KERNEL_PARAMS)
def test_ttir_to_ptx_with_every_stage_kept(kernel: str, cc: int, tmp_path: Path) -> None:
    dump = tmp_path / "dump"
    result = compile_(str(KERNELS / kernel / f"sm{cc}.ttir"), f"--target=cuda:{cc}",
                      f"--num-warps={WARPS[kernel]}", "-o", str(tmp_path / "k.ptx"),
                      "--dump-dir", str(dump))
    assert result.exit_code == 0, result.output
    name = f"{kernel}_kernel"
    kept = dumped(dump, "k", name)
    assert sorted(kept) == ["json", "llir", "ptx", "ttgir", "ttir"]
    ptx = (tmp_path / "k.ptx").read_text()
    assert ptx == kept["ptx"].read_text()
    assert re.findall(r"^\.visible \.entry (\w+)", ptx, re.M) == [name]
    assert f"ttg.target = \"cuda:{cc}\"" in kept["ttgir"].read_text()
    metadata = json.loads(kept["json"].read_text())
    assert metadata["name"] == name and metadata["target"] == f"cuda:{cc}"
    assert metadata["num_warps"] == WARPS[kernel]
    assert metadata["threads_per_block"] == 32 * WARPS[kernel]
    assert [p["name"] for p in metadata["params"]][-2:] == SCRATCH
    assert isinstance(metadata["shared"], int)


ISSUE23_KERNELS = ("matmul_i8_128x128x64_w8_s3", "matmul_fp8e5_128x128x64_w8_s3",
                   "block_ptr_matmul_f16_128x128x64_w8_s3",
                   "block_ptr_matmul_f32_tf32x3_64x64x32_w4_s3",
                   "gather_matmul_f16_64x128x64_w4_s3", "grouped_matmul_f16_128x128x32_w4_s3",
                   "persistent_descriptor_matmul", "topk")
"""The kernel families of issue 23's benchmarks (test/gpu/test_matmul_family_kernels.py)."""
TENSOR_CORE_OPS = ("wgmma.mma_async", "mma.sync")


@pytest.mark.parametrize("cc", [80, 90])
@pytest.mark.parametrize("kernel", ISSUE23_KERNELS)
def test_issue23_kernels_reach_ptx_with_tritons_tensor_core_ops(kernel: str, cc: int,
                                                                tmp_path: Path) -> None:
    """Each issue-23 kernel's TTIR compiles to PTX for its target with Triton's warps and stages,
    and, with Triton's MMA choice (`--mma=wgmma`; ttc's default cost model moves tf32 and int8 to
    mma.sync on cuda:90), uses the tensor-core instructions (wgmma, mma.sync) of Triton's PTX."""
    triton = triton_meta(kernel, cc)
    out = tmp_path / "k.ptx"
    result = compile_(str(KERNELS / kernel / f"sm{cc}.ttir"), f"--target=cuda:{cc}",
                      f"--num-warps={triton['num_warps']}", f"--num-stages={triton['num_stages']}",
                      "--mma=wgmma", "-o", str(out))
    assert result.exit_code == 0, result.output
    ptx = out.read_text()
    assert re.findall(r"^\.visible \.entry (\w+)", ptx, re.M) == [triton["name"]]
    tritons = (KERNELS / kernel / f"sm{cc}.ptx").read_text()
    assert [op in ptx for op in TENSOR_CORE_OPS] == [op in tritons for op in TENSOR_CORE_OPS]


@pytest.mark.parametrize("cc", [80, 90])
@pytest.mark.parametrize("kernel", KERNEL_PARAMS)
def test_ttgir_metadata_matches_triton(kernel: str, cc: int, tmp_path: Path) -> None:
    dump = tmp_path / "dump"
    result = compile_(str(KERNELS / kernel / f"sm{cc}.ttgir"), f"--target=cuda:{cc}",
                      "-o", str(tmp_path / "k.ll"), "--dump-dir", str(dump))
    assert result.exit_code == 0, result.output
    kept = dumped(dump, "k", f"{kernel}_kernel")
    metadata = json.loads(kept["json"].read_text())
    triton = triton_meta(kernel, cc)
    assert (metadata["name"], metadata["num_warps"], metadata["shared"]) == \
        (triton["name"], triton["num_warps"], triton["shared"])
    assert sorted(kept) == ["json", "llir", "ttgir"]


def test_add_params_and_json_layout(tmp_path: Path) -> None:
    dump = tmp_path / "dump"
    result = compile_(str(KERNELS / "add" / "sm90.ttgir"), "--target=cuda:90",
                      "-o", str(tmp_path / "add.llir"), "--dump-dir", str(dump))
    assert result.exit_code == 0, result.output
    metadata = json.loads(dumped(dump, "add", "add_kernel")["json"].read_text())
    assert list(metadata) == ["name", "target", "num_warps", "threads_per_warp",
                              "threads_per_block", "num_ctas", "shared", "global_scratch_size",
                              "profile_scratch_size", "params"]
    assert {key: metadata[key] for key in metadata if "scratch" not in key} == {
        "name": "add_kernel", "target": "cuda:90", "num_warps": 4, "threads_per_warp": 32,
        "threads_per_block": 128, "num_ctas": 1, "shared": 0,
        "params": [{"name": "x_ptr", "type": "*fp32"}, {"name": "y_ptr", "type": "*fp32"},
                   {"name": "out_ptr", "type": "*fp32"}, {"name": "n", "type": "i32"},
                   {"name": "global_scratch", "type": "*i8"},
                   {"name": "profile_scratch", "type": "*i8"}]}


FP8_POINTER_TYPES = {"f8E5M2": "fp8e5", "f8E5M2FNUZ": "fp8e5b16", "f8E4M3FN": "fp8e4nv",
                     "f8E4M3FNUZ": "fp8e4b8", "f8E4M3B11FNUZ": "fp8e4b15"}


def test_fp8_params_take_triton_dtype_names(tmp_path: Path) -> None:
    """Launchers compare the signature with Triton's (`tl.float8e5` is `*fp8e5`), not MLIR's."""
    args = ", ".join(f"%p{index}: !tt.ptr<{mlir}>" for index, mlir in enumerate(FP8_POINTER_TYPES))
    source = tmp_path / "fp8.ttir"
    source.write_text(f"module {{\n  tt.func public @fp8_params({args}) {{\n    tt.return\n  }}\n}}\n")
    dump = tmp_path / "dump"
    result = compile_(str(source), "--target=cuda:90", "-o", str(tmp_path / "fp8.llir"),
                      "--dump-dir", str(dump))
    assert result.exit_code == 0, result.output
    metadata = json.loads(dumped(dump, "fp8", "fp8_params")["json"].read_text())
    assert [param["type"] for param in metadata["params"][:len(FP8_POINTER_TYPES)]] == \
        [f"*{name}" for name in FP8_POINTER_TYPES.values()]


HOST_DESCRIPTOR_TTGIR = """\
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", \
"ttg.threads-per-warp" = 32 : i32} {
  tt.func public @store_kernel(%d: !tt.tensordesc<tensor<64x64xf16, #nvmma>> {tt.nv_tma_desc = 1 : i32}, \
%n: i32) {
    tt.return
  }
}
"""


def test_host_descriptor_params_are_tma_descriptors(tmp_path: Path) -> None:
    """A tensor-descriptor argument is launched as Triton's `nvTmaDesc`: a CUtensorMap by value."""
    source = tmp_path / "store.ttgir"
    source.write_text(HOST_DESCRIPTOR_TTGIR)
    dump = tmp_path / "dump"
    result = compile_(str(source), "--target=cuda:90", "-o", str(tmp_path / "store.llir"),
                      "--dump-dir", str(dump))
    assert result.exit_code == 0, result.output
    metadata = json.loads(dumped(dump, "store", "store_kernel")["json"].read_text())
    assert metadata["params"][:2] == [{"name": "d", "type": "nvTmaDesc"},
                                      {"name": "n", "type": "i32"}]


def test_output_is_deterministic(tmp_path: Path) -> None:
    outputs = []
    for index in range(2):
        output = tmp_path / f"{index}.ptx"
        assert compile_(str(KERNELS / "softmax" / "sm90.ttgir"), "--target=cuda:90",
                        "-o", str(output)).exit_code == 0
        outputs.append(output.read_bytes())
    assert outputs[0] == outputs[1]


def test_stops_after_ttgir(tmp_path: Path) -> None:
    output = tmp_path / "add.ttgir"
    result = compile_(str(KERNELS / "add" / "sm80.ttir"), "--target=cuda:80", "-o", str(output))
    assert result.exit_code == 0, result.output
    text = output.read_text()
    assert "#ttg.blocked" in text and "llvm." not in text


def test_llvm_dialect_input_is_detected(tmp_path: Path) -> None:
    llvm_dialect = tmp_path / "add.mlir"
    opt = CliRunner().invoke(cli, ["opt", str(KERNELS / "add" / "sm90.ttgir"), "--pipeline=llir",
                                   "--target=cuda:90", "-o", str(llvm_dialect)])
    assert opt.exit_code == 0, opt.output
    output = tmp_path / "add.ll"
    result = compile_(str(llvm_dialect), "--target=cuda:90", "-o", str(output))
    assert result.exit_code == 0, result.output
    assert is_llvm_ir(output.read_text()) and not is_llvm_ir(llvm_dialect.read_text())


def test_timing_reports_passes_and_backend_steps(tmp_path: Path) -> None:
    result = compile_(str(KERNELS / "add" / "sm90.ttir"), "--target=cuda:90", "-o",
                      str(tmp_path / "add.ptx"), "--mlir-timing")
    assert result.exit_code == 0, result.output
    for row in ("Parser", "CanonicalizePass (canonicalize)",
                "ConvertTritonGPUToLLVMPass (convert-triton-gpu-to-llvm)", "LLVM IR translation",
                "LLVM opt (O3)", "PTX codegen", "Total"):
        assert re.search(rf"\d\.\d{{4}} \( *[\d.]+%\)  {re.escape(row)}$", result.stderr, re.M), row


def test_cannot_lower_is_located_and_writes_nothing(tmp_path: Path) -> None:
    source = tmp_path / "fp8.ttgir"
    source.write_text(FP8_TTGIR)
    output = tmp_path / "fp8.ptx"
    output.write_text("old\n")
    result = compile_(str(source), "--target=cuda:80", "-o", str(output))
    assert result.exit_code == 1
    assert (f"{source}:8:10: error: cannot lower 'tt.fp_to_fp' for cuda:80: converting f32 to "
            "f8E4M3FN needs the fp8 cvt instructions of sm_89 and newer") in result.stderr
    assert output.read_text() == "old\n"


def test_missing_libdevice_names_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    from ttc.targets.nvidia import libdevice

    monkeypatch.delenv("TTC_LIBDEVICE", raising=False)
    monkeypatch.setattr(libdevice, "libdevice_candidates", lambda ptxas, explicit=None: [])
    output = tmp_path / "gelu.ptx"
    result = compile_(str(KERNELS / "gelu" / "sm80.ttir"), "--target=cuda:80", "-o", str(output))
    assert result.exit_code == 1
    assert ("error: libdevice.10.bc not found (the kernel calls __nv_erff): install the CUDA "
            "toolkit or `pip install nvidia-cuda-nvcc-cu12`, or set TTC_LIBDEVICE to the file"
            in result.stderr)
    assert not output.exists()


def test_missing_stage_is_named(tmp_path: Path) -> None:
    pipelines = tmp_path / "pipelines.yaml"
    pipelines.write_text("pipelines:\n  ttir:\n    passes: [cse]\n")
    dump = tmp_path / "dump"
    output = tmp_path / "add.cubin"
    result = compile_(str(KERNELS / "add" / "sm90.ttir"), "--target=cuda:90", "-o", str(output),
                      "--pipelines-file", str(pipelines), "--dump-dir", str(dump))
    assert result.exit_code == 1
    assert (f"error: cannot compile for cuda:90: {pipelines} has no 'ttgir' pipeline (Triton's "
            "ttgir stage) yet; it defines ttir") in result.stderr
    assert not output.exists() and not dump.exists()


def test_unknown_suffix_is_a_usage_error(tmp_path: Path) -> None:
    result = compile_(str(KERNELS / "add" / "sm90.ttir"), "--target=cuda:90",
                      "-o", str(tmp_path / "add.bin"))
    assert result.exit_code == 2
    assert "use one of .ttir, .ttgir, .llir, .ll, .ptx, .cubin" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_cannot_go_back_a_stage(tmp_path: Path) -> None:
    result = compile_(str(KERNELS / "add" / "sm90.ttgir"), "--target=cuda:90",
                      "-o", str(tmp_path / "add.ttir"))
    assert result.exit_code == 1
    assert "the input is already TTGIR: it cannot be compiled back to TTIR" in result.stderr


def test_num_warps_must_agree_with_ttgir(tmp_path: Path) -> None:
    result = compile_(str(KERNELS / "layer_norm" / "sm90.ttgir"), "--target=cuda:90",
                      "--num-warps=4", "-o", str(tmp_path / "k.ptx"))
    assert result.exit_code == 1
    assert "the input has ttg.num-warps = 8 but --num-warps is 4" in result.stderr


def test_input_without_a_kernel(tmp_path: Path) -> None:
    result = compile_("-", "--target=cuda:90", "-o", str(tmp_path / "k.ptx"),
                      stdin="module {\n}\n")
    assert result.exit_code == 1
    assert "no kernel in the input: expected a tt.func or an llvm.func" in result.stderr


def test_parse_errors_are_diagnostics_without_traceback(tmp_path: Path) -> None:
    source = tmp_path / "bad.ttir"
    source.write_text("tt.func @k() {\n  tt.bogus\n}\n")
    result = subprocess.run([sys.executable, "-m", "ttc", "compile", str(source),
                             "--target=cuda:90", "-o", str(tmp_path / "k.ptx")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 1
    assert result.stderr.startswith(f"{source}:2:")
    assert "Traceback" not in result.stderr


def test_missing_required_options_are_usage_errors() -> None:
    assert compile_(str(KERNELS / "add" / "sm90.ttir"), "-o", "x.ptx").exit_code == 2
    assert compile_(str(KERNELS / "add" / "sm90.ttir"), "--target=cuda:90").exit_code == 2
