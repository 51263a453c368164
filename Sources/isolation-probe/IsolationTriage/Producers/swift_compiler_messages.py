#!/usr/bin/env python3
"""Writes SwiftCompilerMessages.swift: the Swift compiler's concurrency
diagnostics, read as strings from the swift-frontend this machine ships.

    python3 swift_compiler_messages.py [--frontend PATH] [--check]

A diagnostic's format (`sending %0 risks causing data races`) becomes
templates: `%0` and `%kind1` become placeholders, and a `%select{…}2` is
spelled out, one template per choice (one with more than MAX_VARIANTS
spellings in all stays a placeholder). The example of
each entry is its template rendered with sample values, so the catalog test
checks that the matcher reads the printed form. With --check the file is
compared with what would be written, and the script fails when it differs.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "SwiftCompilerMessages.swift")

# Swift's concurrency words; clang's own diagnostics (also linked into
# swift-frontend) are left out by their directives and topics.
CONCURRENCY = re.compile(r"(?i)actor|isolat|sendable|sending|data race|concurren|nonisolated|async|synchronous|\bawait\b|\btask\b")
CLANG_ONLY = re.compile(r"%diff|%plural|%ordinal|%q\d|%sub\{|%objcclass|%objcinstance|\bomp\b|OpenMP|swiftcall|CLANG|\$")
MIN_FIXED = 16   # the longest fixed fragment: shorter ones would match ordinary prose


def frontend_path(given):
    if given:
        return given
    swift = shutil.which("swift")
    if swift is None:
        sys.exit("swift_compiler_messages.py: no `swift` on PATH; give --frontend PATH")
    return os.path.join(os.path.dirname(os.path.realpath(swift)), "swift-frontend")


def select_end(text, start):
    """Index just past the `}` closing the `{` at text[start]."""
    depth = 0
    for at in range(start, len(text)):
        if text[at] == "{":
            depth += 1
        elif text[at] == "}":
            depth -= 1
            if depth == 0:
                return at + 1
    return None


def split_choices(choices):
    parts, depth, current = [], 0, ""
    for character in choices:
        if character == "{":
            depth += 1
        elif character == "}":
            depth -= 1
        if character == "|" and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += character
    parts.append(current)
    return parts


def parse(fmt):
    """The format as parts: ("text", s), ("value", word), ("select", [choices, each parsed]); None if not a format."""
    parts, at = [], 0
    while at < len(fmt):
        if fmt[at] != "%":
            # Braces are placeholder marks in a template; the compiler's own are rare.
            if fmt[at] in "{}":
                return None
            parts.append(("text", fmt[at]))
            at += 1
        elif fmt.startswith("%select{", at):
            end = select_end(fmt, at + len("%select"))
            digits = re.match(r"\d+", fmt[end:]) if end else None
            if not digits:
                return None
            choices = [parse(choice) for choice in split_choices(fmt[at + len("%select{"):end - 1])]
            if any(choice is None for choice in choices):
                return None
            parts.append(("select", choices))
            at = end + len(digits.group(0))
        else:
            directive = re.match(r"%(kindonly|kind|base|s|error)?(\d+)", fmt[at:])
            if not directive:
                return None
            parts.append(("value", directive.group(1) or "value"))
            at += len(directive.group(0))
    return parts


SAMPLE = {"kindonly": "instance method", "kind": "instance method 'load()'", "s": "s", "base": "load", "error": "error", "value": "'Cart'"}
MAX_VARIANTS = 40   # a %select with more spellings than this stays a placeholder


def variants(parts):
    """Every spelling of the parts as (template, example) pairs: a %select's
    choices become fixed words, so `from a Sendable closure` is searched for."""
    results = [("", "")]
    for kind, value in parts:
        if kind == "text":
            results = [(t + value, e + value) for t, e in results]
        elif kind == "value":
            results = [(t + "{%s}" % value, e + SAMPLE[value]) for t, e in results]
        else:
            spelled = [v for choice in value for v in variants(choice)]
            if len(results) * len(spelled) > MAX_VARIANTS:
                first = spelled[0] if spelled else ("", "")
                results = [(t + "{choice}", e + first[1]) for t, e in results]
            else:
                results = [(t + ct, e + ce) for t, e in results for ct, ce in spelled]
    return results


def numbered(template):
    """`{value}` placeholders numbered in order (`{value0}`, `{kind1}`), as the catalog writes them."""
    count = iter(range(1000))
    return re.sub(r"\{([a-z]+)\}", lambda m: "{%s%d}" % (m.group(1), next(count)), template)


def fixed_fragments(template):
    return [part for part in re.split(r"\{[a-z]+\d+\}", template) if part]


def diagnostics(frontend):
    out = subprocess.run(["strings", "-n", "16", frontend], capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        if "%" not in line or not CONCURRENCY.search(line) or CLANG_ONLY.search(line):
            continue
        parts = parse(line)
        if parts is None:
            continue
        for template, example in variants(parts):
            template = numbered(re.sub(r"\s+", " ", template).strip())
            example = re.sub(r"\s+", " ", example).strip()
            fragments = fixed_fragments(template)
            if not fragments or max(len(f) for f in fragments) < MIN_FIXED:
                continue
            if not any(CONCURRENCY.search(f) for f in fragments):
                continue
            found.setdefault(template, example)
    return sorted(found.items())


def swift_literal(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def render(entries, version):
    lines = [
        "// Generated by swift_compiler_messages.py from the strings of swift-frontend (%s); do not edit." % version,
        "",
        "/// The Swift compiler's concurrency diagnostics (actor isolation,",
        "/// `Sendable`, region-based isolation's `sending` checks) as the",
        "/// frontend prints them: quoted in a thread, with or without their",
        "/// `error:` or `warning:`, they are about the source and nothing ran.",
        "/// Each example is its template rendered with sample values.",
        "enum SwiftCompilerMessages {",
        '    static let frontend = "swiftlang/swift include/swift/AST/DiagnosticsSema.def (swift-frontend %s strings)"' % version,
        "",
        "    static let producer = MessageProducer(",
        '        id: "swift-compiler",',
        '        name: "the Swift compiler\'s concurrency diagnostics",',
        "        sources: [frontend],",
        "        messages: [",
    ]
    for template, example in entries:
        lines.append("            ProducerMessage(%s, .diagnostic, cause: \"compiler-diagnostic\", source: frontend, examples: [%s])," %
                     (swift_literal(template), swift_literal(example)))
    lines += ["        ]", "    )", "}", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frontend")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    frontend = frontend_path(args.frontend)
    if not os.path.exists(frontend):
        sys.exit("swift_compiler_messages.py: %s does not exist" % frontend)
    version = subprocess.run([frontend, "-frontend", "-version"], capture_output=True, text=True).stdout
    version = re.search(r"Swift version (\S+)", version)
    text = render(diagnostics(frontend), version.group(1) if version else "unknown version")
    if args.check:
        current = open(OUTPUT).read() if os.path.exists(OUTPUT) else ""
        if current != text:
            sys.exit("swift_compiler_messages.py: %s differs from this toolchain's diagnostics; run it without --check" % OUTPUT)
        return
    with open(OUTPUT, "w") as handle:
        handle.write(text)
    print("%s: %d diagnostics" % (OUTPUT, text.count("ProducerMessage(")))


if __name__ == "__main__":
    main()
