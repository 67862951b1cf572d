"""ARCHITECTURE.md "One webhook's walk" names only files that exist, and its count is true.

The walk follows a `checkout.session.completed` from its HTTP body to the buyer's e-mail,
each step with its file. The count of the files it names (its "Totals" line and the table's
last row) is how the path's spread is measured from one change to the next, so it is
counted here the way the section states: every `.swift` path the section names, once
(`Notifications/…` and `Payments/…` stand for `Services/<Name>/Sources/…`). No holder of a
part installed late (a `Slot`) may be on the path.
"""
import re

from conftest import REPO

START = "### One webhook's walk"
TOTALS = "**Totals**"
SERVICE_PREFIXES = ("Notifications/", "Payments/")


def section() -> str:
    text = (REPO / "ARCHITECTURE.md").read_text(encoding="utf-8")
    start = text.index(START)
    return text[start:text.index("\n## ", start)]


def named_files() -> list[str]:
    walk = section()
    steps = walk[:walk.index(TOTALS)]
    return sorted(set(re.findall(r"`([A-Za-z0-9_+/]+\.swift)`", steps)))


def repository_path(name: str) -> str:
    if name.startswith(SERVICE_PREFIXES):
        service, rest = name.split("/", 1)
        return f"Services/{service}/Sources/{rest}"
    return name


def test_every_file_the_walk_names_exists():
    files = named_files()
    assert len(files) > 20, "the walk names too few files: is the section still there?"
    missing = [name for name in files if not (REPO / repository_path(name)).is_file()]
    assert not missing, f"ARCHITECTURE.md's walk names files that do not exist: {missing}"


def test_every_step_names_a_file_by_its_path():
    walk = section()
    steps = walk[:walk.index(TOTALS)]
    bare = sorted(set(re.findall(r"`([A-Za-z0-9_+]+\.swift)`", steps)))
    assert not bare, f"name files by their path, so they are counted once: {bare}"


def test_the_totals_and_the_table_say_the_count():
    walk = section()
    count = len(named_files())
    totals = re.search(r"\*\*Totals\*\*: (\d+) steps; (\d+) files", walk)
    assert totals, "the Totals line is missing"
    assert int(totals.group(2)) == count, f"Totals says {totals.group(2)} files, the walk names {count}"
    steps = len(re.findall(r"^\d+\. \[", walk, flags=re.MULTILINE))
    assert int(totals.group(1)) == steps, f"Totals says {totals.group(1)} steps, the walk has {steps}"
    rows = [line for line in walk.splitlines() if line.startswith("| now |")]
    assert rows, "the table has no row for the walk now"
    cells = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert cells[1:3] == [str(steps), str(count)], f"the table's last row says {cells}, the walk has {steps} steps, {count} files"


def test_no_slot_is_on_the_path():
    slots = [name for name in named_files() if "Slot" in name]
    assert not slots, f"a holder of a late part is on the path: {slots}"
