"""The generated part of a file that is otherwise written by hand: between two marker lines."""


def replace_between(text, path, begin, end, generated):
    """text with what lies between the line holding `begin` and the line holding `end`
    replaced by `generated` (which ends with a newline); the marker lines stay."""
    start = text.find(begin)
    stop = text.find(end, start + 1) if start >= 0 else -1
    if start < 0 or stop < 0:
        raise SystemExit(f"{path}: the generated part's markers are missing ({begin!r} ... {end!r})")
    after_begin = text.index("\n", start) + 1
    end_line = text.rfind("\n", 0, stop) + 1
    return text[:after_begin] + generated + text[end_line:]
