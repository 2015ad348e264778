import io

from config.progress import Progress


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class Writer:
    """Like Django's OutputWrapper: write(msg, ending=...)."""

    def __init__(self, stream):
        self._out = stream

    def write(self, msg: str, ending: str = "\n") -> None:
        self._out.write(msg + ending)

    def flush(self) -> None:
        pass


def test_a_terminal_gets_a_bar_redrawn_in_place():
    stream = Tty()
    bar = Progress(Writer(stream), 4, "work")
    for _ in range(4):
        bar.advance()
    bar.finish()
    text = stream.getvalue()
    assert text.count("\r") == 4 and "[##############################] 4/4" in text


def test_a_pipe_gets_a_few_plain_lines():
    stream = io.StringIO()
    bar = Progress(Writer(stream), 10, "work")
    for _ in range(10):
        bar.advance()
    bar.finish()
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue()
    assert lines[:5] == ["  work: 2/10", "  work: 4/10", "  work: 6/10", "  work: 8/10", "  work: 10/10"]
    assert lines[-1].startswith("  work: done (10 in")
