"""What the repository's own checks (layer_check.py, doc_link_check.py) share:
the repository's root from the command line (by default the folder above
tests/), the errors one a line, a summary, and the exit status."""
import os
import sys


def run(check, failed, passed):
    """Runs check(root), a list of error lines; prints them and failed(count),
    or `passed` when there are none. Returns the exit status."""
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    errors = check(root)
    for error in errors:
        print(error)
    if errors:
        print(failed(len(errors)))
        return 1
    print(passed)
    return 0
