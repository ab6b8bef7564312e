"""Starting and stopping `texture-layout serve` for the scripts that drive it over loopback (load-test.py,
abuse-test.py): one place for reading the line the server prints once it accepts connections, and for the clean
stop (SIGTERM, then the exit status) the contract promises."""

import signal
import subprocess


def start(tool, *arguments):
    """Starts `tool serve --port 0 ARGUMENTS...` and returns (the process, its port), or (None, None) after
    printing why when the server did not start."""
    server = subprocess.Popen([tool, "serve", "--port", "0", *arguments],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = server.stdout.readline().strip()
    if not line.startswith("listening on http://127.0.0.1:"):
        print("the server did not start:", line)
        server.kill()
        return None, None
    return server, int(line.rsplit(":", 1)[1])


def stop(server):
    """Sends SIGTERM and returns the server's exit status, or "did not stop" when it has not exited within a
    minute (it is then killed)."""
    server.send_signal(signal.SIGTERM)
    try:
        return server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
        return "did not stop"
