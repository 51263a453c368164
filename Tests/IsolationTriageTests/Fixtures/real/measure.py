#!/usr/bin/env python3
"""Runs `isolation-probe triage --format json` on every crash text in manifest.json and
reports how often triage gets the kind right and names the offender, overall, per format
and per expected kind, listing every miss.

    python3 Tests/IsolationTriageTests/Fixtures/real/measure.py [--probe PATH] [--set DIR] [--json]

The probe defaults to .build/debug/isolation-probe under the current directory. --set names
another folder with a manifest.json of the same shape (the held-out set of 2026-12 is
Tests/IsolationTriageTests/Fixtures/heldout-2026-12); by default it is this folder.
A diagnosis is "confidently wrong" when its kind is wrong and its confidence is high (a probe
that writes no confidence counts every wrong kind as confident).
"""
import argparse
import collections
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# Issue 22's kind vocabulary -> the `verdict` values TriageJSONRenderer writes
# (TriageVerdict's raw values). Today they coincide; the map is explicit so that a
# renamed verdict shows up here as an unmapped value instead of a silent miss.
VERDICT_FOR_KIND = {
    "isolation-trap": "isolation-trap",
    "other-trap": "other-trap",
    "memory-corruption": "memory-corruption",
    "hang": "hang",
    "not-a-crash": "not-a-crash",
    "unknown": "unknown",
}
KIND_FOR_VERDICT = {verdict: kind for kind, verdict in VERDICT_FOR_KIND.items()}


def offender_text(report):
    """What the JSON names as the offender: the report's `offender` (schema 2, every verdict),
    else `isolation.offender` (schema 1, isolation traps only); symbol and file:line."""
    offender = report.get("offender") or (report.get("isolation") or {}).get("offender")
    if not offender:
        return None
    parts = [offender.get("symbol") or ""]
    if offender.get("file"):
        parts.append("%s:%s" % (offender["file"], offender.get("line", "")))
    return " ".join(p for p in parts if p) or None


def first_user_frame(report):
    """The first non-system, non-thunk frame of `topFrames` (not an offender claim)."""
    for frame in report.get("topFrames") or []:
        if not frame.get("isSystem") and not frame.get("isThunk"):
            text = frame.get("symbol") or ""
            if frame.get("file"):
                text += " %s:%s" % (frame["file"], frame.get("line", ""))
            return text.strip() or None
    return None


def triage(probe, path):
    run = subprocess.run([probe, "triage", "--format", "json", path],
                         capture_output=True, text=True, timeout=60)
    try:
        document = json.loads(run.stdout)
    except json.JSONDecodeError:
        return run.returncode, None, (run.stdout + run.stderr).strip()[:200]
    return run.returncode, document, None


def measure(probe, folder=HERE):
    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    results = []
    for entry in manifest["reports"]:
        path = os.path.join(folder, entry["file"])
        status, document, failure = triage(probe, path)
        reports = (document or {}).get("reports") or []
        errors = (document or {}).get("errors") or []
        first = reports[0] if reports else {}
        verdict = first.get("verdict")
        if failure is not None:
            got_kind = "no-json"
        elif not reports:
            got_kind = "error"
        else:
            got_kind = KIND_FOR_VERDICT.get(verdict, "unmapped:%s" % verdict)
        named = offender_text(first) if reports else None
        match = entry.get("offender_match")
        results.append({
            "file": entry["file"],
            "format": entry["format"],
            # The family is the format's first word: apple-crash-fenced and apple-crash count as apple.
            "format_family": entry["format"].split("-")[0],
            "expected_kind": entry["expected_kind"],
            "cause": entry["cause"],
            "strength": entry["conclusion_strength"],
            "held_out": bool(entry.get("held_out")),
            "got_kind": got_kind,
            "kind_right": got_kind == entry["expected_kind"],
            "confidence": first.get("confidence"),
            "reports": len(reports),
            "exit_status": status,
            "input_format": first.get("format"),
            "evidence": first.get("evidence") or [],
            "summary": first.get("summary"),
            "error": failure or (errors[0]["message"] if errors else None),
            "offender_expected": match,
            "offender_in_text": entry.get("offender_in_text", False),
            "offender_named": named,
            "offender_right": bool(match) and named is not None and match in named,
            "first_user_frame": first_user_frame(first) if reports else None,
        })
    return results


def rate(hits, total):
    return "%d/%d (%.0f%%)" % (hits, total, 100.0 * hits / total) if total else "0/0"


def table(results, key):
    groups = collections.OrderedDict()
    for r in sorted(results, key=lambda r: r[key]):
        groups.setdefault(r[key], []).append(r)
    lines = ["| %s | reports | kind right | offender named (of those whose thread names one) |" % key,
             "|---|---|---|---|"]
    for name, rows in groups.items():
        with_offender = [r for r in rows if r["offender_expected"]]
        lines.append("| %s | %d | %s | %s |" % (
            name, len(rows), rate(sum(r["kind_right"] for r in rows), len(rows)),
            rate(sum(r["offender_right"] for r in with_offender), len(with_offender))))
    return "\n".join(lines)


def render_sets(results):
    """The tuned corpus and the held-out set (kept apart from the rules while they were written,
    measured once without tuning to them), each in full."""
    tuned = [r for r in results if not r["held_out"]]
    held = [r for r in results if r["held_out"]]
    out = ["# Corpus (%d texts the rules were developed against)" % len(tuned), "", render(tuned)] if tuned else []
    if held:
        out += ["" if out else "", "# Held-out set (%d texts, measured once, not tuned to)" % len(held), "", render(held)]
    return "\n".join(out)


def render(results):
    total = len(results)
    with_offender = [r for r in results if r["offender_expected"]]
    in_text = [r for r in with_offender if r["offender_in_text"]]
    strong = [r for r in results if r["strength"] == "strong"]
    out = ["## Overall", "",
           "- kind right: %s" % rate(sum(r["kind_right"] for r in results), total),
           "- kind right, strong conclusions only: %s" % rate(sum(r["kind_right"] for r in strong), len(strong)),
           "- offender named, of the reports whose thread names one: %s" % rate(sum(r["offender_right"] for r in with_offender), len(with_offender)),
           "- offender named, of those whose text contains the name: %s" % rate(sum(r["offender_right"] for r in in_text), len(in_text)),
           "- not an offender claim, for comparison: the first non-system frame of `topFrames` contains the name in %s" % rate(
               sum(bool(r["first_user_frame"]) and r["offender_expected"] in r["first_user_frame"] for r in with_offender), len(with_offender)),
           "- confidently wrong (wrong kind, confidence high or not stated): %s" % rate(
               sum(not r["kind_right"] and r["confidence"] in (None, "high") for r in results), total),
           "- texts that gave more than one diagnosis: %d" % sum(r["reports"] > 1 for r in results),
           "", "## Per expected kind", "", table(results, "expected_kind"),
           "", "## Per format family", "", table(results, "format_family"),
           "", "## Per format", "", table(results, "format"),
           "", "## Confusion (expected kind -> triage's kind)", ""]
    confusion = collections.Counter((r["expected_kind"], r["got_kind"]) for r in results)
    out += ["| expected | got | reports |", "|---|---|---|"]
    out += ["| %s | %s | %d |" % (e, g, n) for (e, g), n in sorted(confusion.items())]
    out += ["", "## Kind misses", ""]
    for r in results:
        if not r["kind_right"]:
            out.append("- `%s` (%s, %s): expected %s, got %s%s%s" % (
                r["file"], r["format"], r["cause"], r["expected_kind"], r["got_kind"],
                " (confidence %s)" % r["confidence"] if r["confidence"] else "",
                "; parsed as %s" % r["input_format"] if r["input_format"] else ""))
    out += ["", "## Offender misses (thread names one)", ""]
    for r in with_offender:
        if not r["offender_right"]:
            out.append("- `%s`: expected `%s`%s, named %s" % (
                r["file"], r["offender_expected"], "" if r["offender_in_text"] else " (not in the text)",
                "`%s`" % r["offender_named"] if r["offender_named"] else "none"))
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--probe", default=os.path.join(".build", "debug", "isolation-probe"))
    parser.add_argument("--set", default=HERE, help="a folder holding manifest.json and its texts")
    parser.add_argument("--json", action="store_true", help="print the per-report results as JSON")
    args = parser.parse_args()
    if not os.access(args.probe, os.X_OK):
        sys.exit("measure.py: %s: no executable isolation-probe there (build it or pass --probe)" % args.probe)
    if not os.path.isfile(os.path.join(args.set, "manifest.json")):
        sys.exit("measure.py: %s: no manifest.json in that folder" % args.set)
    results = measure(args.probe, args.set)
    print(json.dumps(results, indent=2) if args.json else render_sets(results))


if __name__ == "__main__":
    main()
