"""Helpers for the references tests: where the rulebook texts are, and a tiny PDF maker."""

from __future__ import annotations

from pathlib import Path

_ROOT = Path(__file__).resolve().parents[2]
# Our own short texts shaped like the five rulebooks (our words, never the publishers').
FIXTURES = _ROOT / "tests" / "fixtures" / "rulebooks"
FIXTURE_FILES = {
    "lifeform": "lifeform.txt",
    "nemesis-lockdown": "nemesis_lockdown.txt",
    "space-station-phoenix": "space_station_phoenix.txt",
    "lifeform-expansion": "lifeform_thirteenth_passenger.txt",
    "pandora-celeste": "pandora_celeste.txt",
}
# ../shared/seeds from the repository root (this file is two folders below the root).
SEEDS = _ROOT.parent / "shared" / "seeds"
SEED_FILES = {
    "lifeform": "000_ad9a464a3e715186.txt",
    "nemesis-lockdown": "001_9764814246777c80.txt",
    "space-station-phoenix": "002_97a8aabf345237c1.txt",
    "lifeform-expansion": "003_ddc87c48a94d8869.txt",
    "pandora-celeste": "004_667c27723d584e10.txt",
}


def make_pdf(pages: list[list[str]], outline: list[tuple[str, int]] | None = None) -> bytes:
    """A minimal valid PDF: one Helvetica text line per string, an optional outline of
    (title, page index). Offsets in the cross-reference table are computed, not guessed."""
    objects: dict[int, bytes] = {}
    page_ids = [4 + 2 * i for i in range(len(pages))]
    outline_id = 4 + 2 * len(pages)
    kids = " ".join(f"{pid} 0 R" for pid in page_ids)
    catalog = b"<< /Type /Catalog /Pages 2 0 R"
    if outline:
        catalog += f" /Outlines {outline_id} 0 R /PageMode /UseOutlines".encode()
    objects[1] = catalog + b" >>"
    objects[2] = f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode()
    objects[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
    for pid, lines in zip(page_ids, pages, strict=True):
        ops = ["BT", "/F1 12 Tf", "72 720 Td", "14 TL"]
        for line in lines:
            escaped = line.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"({escaped}) Tj T*")
        ops.append("ET")
        stream = "\n".join(ops).encode("latin-1") if lines else b""
        objects[pid] = (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {pid + 1} 0 R >>"
        ).encode()
        objects[pid + 1] = (
            f"<< /Length {len(stream)} >>\nstream\n".encode() + stream + b"\nendstream"
        )
    if outline:
        first = outline_id + 1
        last = outline_id + len(outline)
        objects[outline_id] = (
            f"<< /Type /Outlines /First {first} 0 R /Last {last} 0 R /Count {len(outline)} >>"
        ).encode()
        for n, (title, page) in enumerate(outline):
            oid = outline_id + 1 + n
            links = ""
            if n > 0:
                links += f" /Prev {oid - 1} 0 R"
            if n + 1 < len(outline):
                links += f" /Next {oid + 1} 0 R"
            objects[oid] = (
                f"<< /Title ({title}) /Parent {outline_id} 0 R{links} "
                f"/Dest [{page_ids[page]} 0 R /XYZ 0 792 0] >>"
            ).encode()
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets: dict[int, int] = {}
    for oid in sorted(objects):
        offsets[oid] = len(out)
        out += f"{oid} 0 obj\n".encode() + objects[oid] + b"\nendobj\n"
    xref = len(out)
    size = max(objects) + 1
    out += f"xref\n0 {size}\n0000000000 65535 f \n".encode()
    for oid in range(1, size):
        out += f"{offsets[oid]:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
