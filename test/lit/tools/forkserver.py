"""A fork server for the lit suite: `ttc` and `FileCheck` start with their modules already imported.

A lit RUN line starts `ttc` and `FileCheck` as new processes, and a new `ttc` spends about half a
second importing xDSL, the dialects and every pass before it reads its input: over the suite's few
hundred RUN lines that start-up is most of the time. lit.cfg.py starts one server per lit run
(`serve`), which imports both programs once and forks a child for each command. The `ttc` and
`filecheck` that RUN lines call are small clients (`call`) that hand the server their argument
list, working directory, environment and standard input, output and error (the descriptors
themselves, over a Unix socket), and exit with the child's exit code. The child calls the
program's entry point as its console script would, in a process of its own, so a command sees what
it would see as a new process: its own files, environment, directory and exit status.

The server exits when lit does (the pipe it reads its lifeline from closes). A client that cannot
reach it runs the program's own command instead, so the tests pass either way.
"""

from __future__ import annotations

import array
import json
import os
import socket
import struct
import sys

PROGRAMS = {"ttc": ("ttc.cli.main", "main"), "filecheck": ("filecheck.main", "main")}
"""A program's name → the module and function its console script calls."""

_CODE = struct.Struct("!i")
_LENGTH = struct.Struct("!I")


def _receive_exactly(connection: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


def call(socket_path: str, program: str, fallback: str, arguments: list[str]) -> int:
    """Run `program arguments` in a child of the server; its exit code. Without a server this
    process becomes the shell command `fallback arguments`."""
    request = json.dumps({"program": program, "argv": arguments, "cwd": os.getcwd(),
                          "env": dict(os.environ)}).encode()
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        connection.connect(socket_path)
    except OSError:
        os.execv("/bin/sh", ["sh", "-c", f'{fallback} "$@"', program, *arguments])
    with connection:
        descriptors = array.array("i", [0, 1, 2])
        connection.sendmsg([_LENGTH.pack(len(request))],
                           [(socket.SOL_SOCKET, socket.SCM_RIGHTS, descriptors)])
        connection.sendall(request)
        reply = _receive_exactly(connection, _CODE.size)
    if len(reply) < _CODE.size:
        sys.stderr.write(f"{program}: the lit fork server's child ended without an exit code\n")
        return 1
    code: int = _CODE.unpack(reply)[0]
    return code


def _open_standard_streams() -> None:
    """New sys.stdin/stdout/stderr on descriptors 0-2, made as Python makes them at start-up
    (the server's own were made for other files: a pipe is not seekable, a terminal buffers
    lines), with the server's encoding, error handler and buffering."""
    import io

    for descriptor, name in enumerate(("stdin", "stdout", "stderr")):
        old = getattr(sys, name)
        writes = descriptor > 0
        buffered = not (writes and old.write_through)
        binary = io.open(descriptor, "wb" if writes else "rb", buffering=-1 if buffered else 0,
                         closefd=False)
        stream = io.TextIOWrapper(
            binary, encoding=old.encoding, errors=old.errors, newline="\n",
            line_buffering=writes and buffered and (descriptor == 2 or os.isatty(descriptor)),
            write_through=not buffered)
        setattr(sys, name, stream)
        setattr(sys, f"__{name}__", stream)


def _run_child(connection: socket.socket, descriptors: list[int], request: dict[str, object]) -> None:
    """In the forked child: become the requested command, send its exit code, and exit."""
    import signal

    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    for target, descriptor in enumerate(descriptors):
        os.dup2(descriptor, target)
        os.close(descriptor)
    _open_standard_streams()
    os.chdir(str(request["cwd"]))
    environment = request["env"]
    assert isinstance(environment, dict)
    os.environ.clear()
    os.environ.update(environment)
    program = str(request["program"])
    arguments = request["argv"]
    assert isinstance(arguments, list)
    sys.argv = [program, *arguments]
    module, function = PROGRAMS[program]
    code = 0
    try:
        raise SystemExit(getattr(sys.modules[module], function)())
    except SystemExit as exit_:
        if exit_.code is None or isinstance(exit_.code, int):
            code = exit_.code or 0
        else:
            sys.stderr.write(f"{exit_.code}\n")
            code = 1
    except BaseException:  # noqa: BLE001 - reported as Python reports an uncaught exception
        import traceback

        traceback.print_exc()
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            code = code or 120
    connection.sendall(_CODE.pack(code))
    os._exit(code)


def serve(socket_path: str) -> None:
    """Import the programs, say `ready` on stdout, then fork a child per request until stdin
    (the lifeline from lit) closes."""
    import gc
    import selectors
    import signal

    for module, _ in PROGRAMS.values():
        __import__(module)
    from ttc.cli.main import SUBCOMMANDS
    from ttc.pipelines.registry import all_passes

    for module, _, _ in SUBCOMMANDS.values():
        __import__(module)
    all_passes()
    gc.collect()
    gc.freeze()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(socket_path)
    listener.listen(64)
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(sys.stdin.fileno(), selectors.EVENT_READ)
    try:
        while True:
            for key, _ in selector.select():
                if key.fileobj is not listener:
                    if not os.read(sys.stdin.fileno(), 4096):
                        return
                    continue
                connection, _ = listener.accept()
                with connection:
                    _serve_one(connection)
    finally:
        os.unlink(socket_path)


def _serve_one(connection: socket.socket) -> None:
    """Read one request and fork its child; the server goes on at once."""
    header, ancillary, _, _ = connection.recvmsg(
        _LENGTH.size, socket.CMSG_SPACE(3 * array.array("i").itemsize))
    descriptors = array.array("i")
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            descriptors.frombytes(data[:len(data) - len(data) % descriptors.itemsize])
    try:
        if len(header) != _LENGTH.size or len(descriptors) != 3:
            return
        body = _receive_exactly(connection, _LENGTH.unpack(header)[0])
        request = json.loads(body)
        if os.fork() == 0:
            _run_child(connection, list(descriptors), request)
    finally:
        for descriptor in descriptors:
            os.close(descriptor)


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2])
    else:
        sys.exit(call(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]))
