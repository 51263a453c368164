#!/usr/bin/env python3
"""How much of what a producer prints the triage catalog knows.

    python3 coverage.py PRODUCER --source DIR    # messages found in the producer's source tree
    python3 coverage.py PRODUCER --binary FILE   # messages found in a shipped binary's strings
    python3 coverage.py --all-binaries           # every producer with a binary on this machine
    python3 coverage.py --list [PRODUCER]        # the catalog, per producer

The rules below list what a producer prints: the calls it stops or reports
with (`DISPATCH_CLIENT_CRASH`, `malloc_printerr`, `fatalError`, ...) and,
for binaries, a filter on the form of its strings. They never read the
catalog. The catalog is read from this folder's Swift files: every
`ProducerMessage("...")` template of the producer's file.

A found message is *known* when a catalog entry matches it (its fixed
fragments in order, as `ProducerMessage.matches` does, the found message's
own placeholders standing for text no fragment can match) and that entry's
fixed text is at least three quarters of the found message's fixed text, so a
catch-all entry such as `BUG IN CLIENT OF LIBDISPATCH: {message}` does not
count as knowing every message under it. A binary's string is also known
when it is an entry's fixed text or part of it (Swift splits an
interpolated string at each interpolation), or when its own fixed fragments
occur in order in an entry and are at least half of it (a format string's
`%s` standing for a prefix or a word the caller passes).

Python 3 standard library only. Exit status 2: unknown producer, missing path.
"""

import argparse
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SWIFT_LIB = "/opt/swift/usr/lib/swift/linux"

# ---------------------------------------------------------------- normalising

PRINTF = re.compile(r"%(?:\d+\$)?[-+ #0']*(?:\d+|\*)?(?:\.(?:\d+|\*))?(?:hh|h|ll|l|j|z|t|L|q)?[diouxXeEfFgGaAcspn@%]")
SWIFT_INTERP = "\\("


def printf_to_template(text):
    """`%s`, `%p`, `%.*s`, `%zu`, `%@` ... become `{v}`; `%%` stays `%`."""
    out = []
    pos = 0
    for m in PRINTF.finditer(text):
        out.append(text[pos:m.start()])
        out.append("%" if m.group(0) == "%%" else "{v}")
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)


def swift_interp_to_template(text):
    r"""Swift `\(expr)` becomes `{v}` (parentheses balanced)."""
    out = []
    i = 0
    while i < len(text):
        if text.startswith(SWIFT_INTERP, i):
            depth = 1
            j = i + 2
            while j < len(text) and depth:
                if text[j] == "(":
                    depth += 1
                elif text[j] == ")":
                    depth -= 1
                j += 1
            out.append("{v}")
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def unescape(text):
    """C and Swift escapes of a literal's body."""
    table = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0", "r": "\r"}
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in table:
            out.append(table[text[i + 1]])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


def tidy(template):
    """One line: trailing newlines and spaces go, `{v}{v}` runs fold."""
    template = template.replace("\n", " ").strip()
    template = re.sub(r"(\{v\}\s*)+\{v\}", "{v}", template)
    return template


# ---------------------------------------------------------------- source scanning

def literal_groups(args, language):
    """The string-literal groups of a call's argument text: adjacent literals
    (C's `"a" "b"`, with `PRIx64`-style macros between them) join into one."""
    groups = []
    current = None
    i = 0
    n = len(args)
    last_end = -1
    while i < n:
        c = args[i]
        if c == '"':
            multi = language == "swift" and args.startswith('"""', i)
            j = i + (3 if multi else 1)
            body = []
            while j < n:
                if args[j] == "\\" and j + 1 < n:
                    if language == "swift" and args[j + 1] == "(":
                        # keep interpolations whole
                        depth = 0
                        k = j + 1
                        while k < n:
                            if args[k] == "(":
                                depth += 1
                            elif args[k] == ")":
                                depth -= 1
                                if depth == 0:
                                    break
                            k += 1
                        body.append(args[j:k + 1])
                        j = k + 1
                        continue
                    body.append(args[j:j + 2])
                    j += 2
                    continue
                if multi and args.startswith('"""', j):
                    j += 3
                    break
                if not multi and args[j] == '"':
                    j += 1
                    break
                body.append(args[j])
                j += 1
            text = "".join(body)
            between = args[last_end:i] if last_end >= 0 else None
            joined = language == "c" and current is not None and between is not None and \
                re.fullmatch(r"\s*(?:PRI[a-zA-Z0-9]+|[A-Z_][A-Z0-9_]*_FMT)?\s*", between) is not None
            if language == "swift" and current is not None and between is not None and \
                    re.fullmatch(r"\s*\+\s*", between):
                joined = True
            if joined:
                current.append(text)
            else:
                if language == "c" and re.search(r"(^|[(,]\s*)[A-Z][A-Z0-9_]{2,}\s*$", args[:i]):
                    text = "%s" + text  # a macro's string comes first (LIBGCC_S_SO " must be installed")
                current = [text]
                groups.append(current)
            if language == "c" and between is not None and re.search(r"PRI[a-zA-Z0-9]+", between or "") and joined:
                # the `%` (and any width) ends the literal before; the macro
                # is the conversion (`"0x%" PRIx64 "["` prints `0x1f[`)
                current[-1] = "d" + current[-1]
            last_end = j
            i = j
        elif c == "/" and args.startswith("//", i):
            j = args.find("\n", i)
            i = n if j < 0 else j
        elif c == "/" and args.startswith("/*", i):
            j = args.find("*/", i)
            i = n if j < 0 else j + 2
        elif c == "'" and language == "c":
            j = i + 1
            while j < n and args[j] != "'":
                j += 2 if args[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return ["".join(g) for g in groups]


def call_args(text, start):
    """The text between the parentheses opening at `start`, balanced."""
    depth = 0
    i = start
    n = len(text)
    in_str = None
    while i < n:
        c = text[i]
        if in_str:
            if c == "\\":
                i += 2
                continue
            if c == in_str:
                in_str = None
        elif c == '"':
            in_str = '"'
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:i]
        i += 1
    return text[start + 1:]


class Call:
    """A call whose string argument is a message: `name(` then the literal
    group `group` (0 first, -1 last, None: every group joined), with
    `prefix`/`suffix` the producer adds around it. `printed` is what the
    standard library prints before the message (`Fatal error: `), which a
    catalog entry may carry (a short message's template does) or leave out.
    `skip_macro_bodies`: a call on a `#define`'s continuation line prints
    its caller's words, not its own."""

    def __init__(self, name, group=0, prefix="", suffix="", language="c", require=None, files=None, args_require=None,
                 printed="", skip_macro_bodies=False):
        self.printed = printed
        self.skip_macro_bodies = skip_macro_bodies
        self.args_require = re.compile(args_require) if args_require else None
        self.name = name
        self.pattern = re.compile(r"(?<![A-Za-z0-9_.])" + re.escape(name) + r"\s*\(")
        self.group = group
        self.prefix = prefix
        self.suffix = suffix
        self.language = language
        self.require = re.compile(require) if require else None
        self.files = re.compile(files) if files else None

    def find(self, path, text):
        if self.files and not self.files.search(path):
            return
        for m in self.pattern.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            head = text[line_start:m.start()].lstrip()
            if head.startswith(("//", "*", "/*", "#define")):
                continue
            # A macro's body (the line before ends in `\`) prints what its caller passes.
            if self.skip_macro_bodies and text[:line_start].rstrip("\n").endswith("\\"):
                continue
            args = call_args(text, m.end() - 1)
            if self.args_require and not self.args_require.search(args):
                continue
            groups = literal_groups(args, self.language)
            if not groups:
                continue
            if self.group is None:
                body = " ".join(groups)
            else:
                try:
                    body = groups[self.group]
                except IndexError:
                    continue
            if self.require and not self.require.search(body):
                continue
            if len(re.sub(r"[^A-Za-z]", "", re.sub(r"%[-.*0-9a-z]*[a-zA-Z]|\\\(.*?\)", "", body))) < 4:
                continue
            body = unescape(body) if self.language == "c" else body
            if self.language == "swift":
                body = swift_interp_to_template(unescape(body.replace("\\(", "\x00(")).replace("\x00(", "\\("))
            else:
                body = printf_to_template(re.sub(r"%[0-9]", "{v}", body) if self.name == "Diag" else body)
            line = text.count("\n", 0, m.start()) + 1
            yield tidy(self.prefix + body + self.suffix), "%s:%d (%s)" % (path, line, self.name)


class Pattern:
    """A message a producer's table holds rather than a call prints: the
    regex's group 1 is the literal, `prefix` is what the printer adds."""

    def __init__(self, regex, prefix="", suffix="", files=None, language="c"):
        self.regex = re.compile(regex, re.M)
        self.prefix = prefix
        self.suffix = suffix
        self.files = re.compile(files) if files else None
        self.language = language

    def find(self, path, text):
        if self.files and not self.files.search(path):
            return
        for m in self.regex.finditer(text):
            body = unescape(m.group(1))
            body = swift_interp_to_template(body) if self.language == "swift" else printf_to_template(body)
            line = text.count("\n", 0, m.start()) + 1
            yield tidy(self.prefix + body + self.suffix), "%s:%d" % (path, line)


# ---------------------------------------------------------------- binaries

def binary_strings(path, minimum=6):  # shell: strsignal's short words ("Quit") are under 6 and not seen
    """`strings -n 6`: runs of printable ASCII (and tab); a run with newlines
    is one message, its first line."""
    with open(path, "rb") as f:
        data = f.read()
    for m in re.finditer(rb"[\x20-\x7e\t\n]{%d,}" % minimum, data):
        text = m.group(0).decode("ascii").strip("\n")
        first = text.split("\n", 1)[0]
        if len(first) >= minimum:
            yield first


def sentence(s):
    """A human sentence rather than a symbol, a mangled name or code."""
    if re.match(r"^(_?\$s|_Z|\$|symbolic |associated conformance|\.)", s):
        return False
    if not re.search(r"[A-Za-z]{2,}[ ,:;']+[A-Za-z{%(]", s):
        return False
    return True


ERRORISH = re.compile(
    r"(?i)(fatal|error|failed|failure|crash|misuse|illegal|invalid|corrupt|overflow|underflow|out of (range|bounds)|"
    r"negative|not (allowed|supported|representable|available|implemented|a |an |on |called)|cannot|can't|must |unexpected|"
    r"unexpectedly|attempt|unable|impossible|exceed|duplicate|mismatch|too many|too large|already|deallocated|"
    r"destroyed|escaped|not enough|division|zero|null|nil |double|leak|race|violat|deadlock|assum|isolat|"
    r"requires|should (have|not|be)|expected|unsupported|unknown|bug|deprecated|warning|more than once|leaked|data race|"
    # a broken invariant in the runtime's own words (the task allocator's `freed pointer was not the last allocation`)
    r"not the |not among|does not support|no \w+ implementation|overlapping|extends past|greater than|past the end)")

SWIFT_NOISE = re.compile(
    r"^(Prespecializations library|TypeDecoder\.h|Warning: %s=|swift runtime: |A colon-separated|A comma-separated|"
    r"A path to|Enable |Disable |Dump |Print |Scribble |Set the |Overrides |Validate |Use a |Check for |SWIFT_DEBUG_HELP|"
    r"Swift runtime debugging|Record |GenericMetadataBuilder|New metadata|Original metadata|clang version|GCC: |"
    r"Tried to build|should be (handled|printed)|bad node kind|expected (convention|dependent|grandchildren|layout|text|type list)|"
    r"failed to decode|Failed to (create|unspecialize)|not enough children|unknown (node|kind|index|layout|generic|value generic)|"
    r"no children|wrong node kind|is not (TypeList|requirement)|unexpected kind|Node is NULL|Mangling for|Cannot (demangle|get length|have an on-stack)|"
    r"Lowered SILPackType|Pack expansion count|Unbound dependent|Thrown error node|Global actor node|Metatype/|Not an abstract|"
    r"Only some characters|Mangled type is too|Demangling failed|<|\(|\[|  )")


def swift_binary_filter(s):
    if len(s) < 10 or not sentence(s) or SWIFT_NOISE.search(s):
        return False
    if re.fullmatch(r"([A-Z][A-Za-z]+ )*[A-Z][A-Za-z]+|[A-Z0-9 -]+|default assoc.*|.*[ .](of|for)|Allows for .*|%[-=*+/]? is not available\.", s.strip()):
        return False
    if re.search(r"( for | of )$", s) and not ERRORISH.search(s):
        return False  # the demangler's node names ("type metadata for ")
    return ERRORISH.search(s) is not None


def dispatch_binary_filter(s):
    return re.search(r"BUG|LIBDISPATCH|DEPRECATED|[Bb]lock was|API MISUSE|crash|corrupt", s) is not None and sentence(s)


def glibc_binary_filter(s):
    return re.search(
        r"^(malloc|free|realloc|calloc|double free|corrupted|munmap_chunk|mremap_chunk|malloc_consolidate|tcache|"
        r"memalign|posix_memalign|aligned_alloc|pvalloc|valloc|_int_|mmap)\b.*[(): ]|Fatal glibc error|\*\*\* %s \*\*\*|"
        r"Assertion `|stack smashing|buffer overflow detected|======= ", s) is not None


def siglist_block(strings):
    """strsignal's table: the run of descriptions from `Hangup` on, in file order."""
    out = []
    inside = False
    for s in strings:
        if s == "Hangup":
            inside = True
        if inside:
            if not re.fullmatch(r"[A-Z][A-Za-z/ ()0-9-]+", s):
                break
            out.append(s)
            if len(out) > 40:
                break
    return out


def tsan_binary_filter(s):
    # ReportTypeString's names and the report headline formats.
    return re.search(r"ThreadSanitizer|^(data race|race on|heap-use-after-free|thread leak|destroy of|double lock|unlock of|"
                     r"read lock of|read unlock of|lock-order-inversion|signal-unsafe|signal handler spoils|"
                     r"use of an invalid mutex|Swift access race|mutex held|external race|heap-use)", s) is not None and len(s) < 200


def asan_binary_filter(s):
    return re.search(r"^(ERROR|WARNING): (AddressSanitizer|LeakSanitizer|%s)|^(heap|stack|global|container|dynamic-stack|"
                     r"use-after|alloc-dealloc|new-delete|attempting|calloc-overflow|reallocarray|pvalloc|"
                     r"invalid-|allocation-size|requested allocation|out-of-memory|malloc-usable|SUMMARY|"
                     r"Direct leak|Indirect leak|initialization-order|odr-|stack-use|memcpy-param|negative-size|bad-|"
                     r"unknown-crash|intra-object|double-free|bad-free|wild-)", s) is not None and len(s) < 220


def ubsan_binary_filter(s):
    # the diagnostics ubsan_handlers.cpp formats (their %0 %1 arguments)
    return re.search(r"%[0-9]|runtime error|UndefinedBehaviorSanitizer", s) is not None and sentence(s)


def foundation_binary_filter(s):
    return re.search(r"^(Fatal error|\*\*\* |\(null\)|-\[|\+\[|API MISUSE|Attempt|Cannot|Can't|Unable|Invalid|"
                     r".*(not yet implemented|must be overridden|should never be called|unrecognized selector|"
                     r"is not supported|requires|is unavailable|beyond bounds|out of bounds|out of range))", s) is not None \
        and sentence(s) and not SWIFT_NOISE.search(s) and len(s) < 300


# ---------------------------------------------------------------- producers

# what stdlib/public/core/Assert.swift prints before each one's message
SWIFT_CALLS = [
    Call("fatalError", language="swift", printed="Fatal error: "),
    Call("preconditionFailure", language="swift", printed="Fatal error: "),
    Call("_preconditionFailure", language="swift", printed="Fatal error: "),
    Call("precondition", language="swift", printed="Precondition failed: "),
    Call("_precondition", language="swift", printed="Fatal error: "),
    Call("assertionFailure", language="swift", printed="Fatal error: "),
    Call("_assertionFailure", group=1, language="swift"),
    Call("_debugPreconditionFailure", language="swift", printed="Fatal error: "),
    Call("_debugPrecondition", language="swift", printed="Fatal error: "),
]
CXX_CALLS = [
    Call("swift_Concurrency_fatalError", group=0),
    Call("swift::fatalError", group=0),
    Call("fatalError", group=0, files=r"\.(cpp|h|inc|mm)$"),
    Call("swift::warning", group=0),
    Call("warning", group=0, files=r"\.(cpp|h|inc|mm)$"),
    Call("swift_reportError", group=0),
]


def only(ext_regex, calls):
    out = []
    for c in calls:
        c.files = re.compile(ext_regex) if c.files is None else c.files
        out.append(c)
    return out


PRODUCERS = {
    "swift-concurrency": {
        "file": "SwiftConcurrencyMessages.swift",
        "source_hint": "a swiftlang/swift checkout's stdlib/public/Concurrency",
        "source_exts": (".swift", ".cpp", ".h", ".inc"),
        "rules": only(r"\.swift$", [Call(c.name, c.group, language="swift", printed=c.printed) for c in SWIFT_CALLS])
        + only(r"\.(cpp|h|inc)$", [Call(c.name, c.group, files=r"\.(cpp|h|inc)$") for c in CXX_CALLS]),
        "binaries": [os.path.join(SWIFT_LIB, "libswift_Concurrency.so")],
        "filter": swift_binary_filter,
        "not_in": os.path.join(SWIFT_LIB, "libswiftCore.so"),
    },
    "swift-runtime": {
        "file": "SwiftRuntimeMessages.swift",
        "source_hint": "a swiftlang/swift checkout's stdlib/public/core and stdlib/public/runtime",
        "source_exts": (".swift", ".gyb", ".cpp", ".h", ".mm"),
        "rules": only(r"\.(swift|gyb)$", [Call(c.name, c.group, language="swift", printed=c.printed) for c in SWIFT_CALLS])
        + only(r"\.(cpp|h|mm)$", [Call(c.name, c.group, files=r"\.(cpp|h|mm)$") for c in CXX_CALLS]),
        "binaries": [os.path.join(SWIFT_LIB, "libswiftCore.so")],
        "filter": swift_binary_filter,
    },
    "libdispatch": {
        "file": "LibdispatchMessages.swift",
        "source_hint": "apple/swift-corelibs-libdispatch src (or apple-oss-distributions/libdispatch src)",
        "source_exts": (".c", ".h", ".m"),
        "rules": [
            Call("DISPATCH_CLIENT_CRASH", group=-1, prefix="BUG IN CLIENT OF LIBDISPATCH: "),
            Call("DISPATCH_INTERNAL_CRASH", group=-1, prefix="BUG IN LIBDISPATCH: "),
            Call("_OS_OBJECT_CLIENT_CRASH", group=-1, prefix="API MISUSE: "),
            Call("_dispatch_client_assert_fail", group=0, prefix="BUG IN CLIENT OF LIBDISPATCH: Assertion failed: "),
            Call("_dispatch_log_fault", group=1),
            Call("_dispatch_bug_deprecated", group=0, prefix="DEPRECATED USE in libdispatch client: ",
                 suffix="; set a breakpoint on _dispatch_bug_deprecated to debug"),
            Call("_dispatch_bug_client", group=0, prefix="BUG in libdispatch client: "),
            Call("_dispatch_log", group=0, require=r"BUG|[Cc]orrupt|crash"),
        ],
        "binaries": [os.path.join(SWIFT_LIB, "libdispatch.so"), os.path.join(SWIFT_LIB, "libswiftDispatch.so")],
        "filter": dispatch_binary_filter,
    },
    "glibc": {
        "file": "GlibcMessages.swift",
        "source_hint": "a bminor/glibc checkout (malloc/, assert/, debug/, stdlib/)",
        "source_exts": (".c", ".h"),
        "rules": [
            Call("malloc_printerr", files=r"(^|/)malloc/(malloc|arena|malloc-check|hooks)\.c$"),
            Call("__fortify_fail", prefix="*** ", suffix=" ***: terminated", files=r"(^|/)(debug|io|stdlib|string|libio)/"),
            Call("__libc_assert", files=r"(^|/)assert/"),
            Call("__libc_message", files=r"(^|/)(assert|debug|malloc|stdlib|sysdeps/posix)/"),
            Call("__libc_fatal", files=r"(^|/)(malloc|libio|stdlib|debug|nptl)/"),
            Pattern(r'"(Fatal glibc error: [^"]*)"', files=r"(^|/)(assert|malloc|stdlib|debug|nptl)/"),
        ],
        "binaries": ["/lib/x86_64-linux-gnu/libc.so.6"],
        "filter": glibc_binary_filter,
    },
    "thread-sanitizer": {
        "file": "SanitizerMessages.swift",
        "enum": "ThreadSanitizerMessages",
        "source_hint": "llvm/llvm-project compiler-rt/lib/tsan (or llvm-mirror/compiler-rt lib/tsan)",
        "source_exts": (".cpp", ".cc", ".h"),
        "rules": [
            Pattern(r'case ReportType\w+:\s*return "([^"]*)"', prefix="WARNING: ThreadSanitizer: ",
                    files=r"tsan_report\.(cpp|cc)$"),
            Pattern(r'return "([^"]*)";', prefix="WARNING: ThreadSanitizer: ", files=r"tsan_report\.(cpp|cc)$"),
            Call("Printf", require=r"ThreadSanitizer", files=r"tsan_report\.(cpp|cc)$"),
            Call("Report", require=r"ThreadSanitizer|FATAL", files=r"tsan_\w+\.(cpp|cc)$"),
        ],
        "binaries": sorted(__import__("glob").glob("/opt/swift/usr/lib/clang/*/lib/linux/libclang_rt.tsan-x86_64.so")),
        "filter": tsan_binary_filter,
    },
    "address-sanitizer": {
        "file": "SanitizerMessages.swift",
        "enum": "AddressSanitizerMessages",
        "source_hint": "llvm/llvm-project compiler-rt/lib/asan and lib/lsan",
        "source_exts": (".cpp", ".cc", ".h"),
        "rules": [
            Call("Report", require=r"^ERROR: |^WARNING: ", files=r"(asan_errors|asan_report|lsan_common)\.(cpp|cc)$"),
            Call("Printf", require=r"^(Direct|Indirect) leak|^ERROR: ", files=r"lsan_common\.(cpp|cc)$"),
            Pattern(r'bug_descr\s*=\s*"([^"]*)"', prefix="ERROR: AddressSanitizer: ", files=r"asan_errors\.(cpp|cc)$"),
            Pattern(r'bug_type\s*=\s*"([^"]*)"', prefix="ERROR: AddressSanitizer: ", files=r"asan_errors\.(cpp|cc)$"),
        ],
        "binaries": sorted(__import__("glob").glob("/opt/swift/usr/lib/clang/*/lib/linux/libclang_rt.asan-x86_64.so")),
        "filter": asan_binary_filter,
    },
    "ub-sanitizer": {
        "file": "SanitizerMessages.swift",
        "enum": "UndefinedBehaviorSanitizerMessages",
        "source_hint": "llvm/llvm-project compiler-rt/lib/ubsan",
        "source_exts": (".cpp", ".cc", ".h"),
        "rules": [
            Call("Diag", group=0, prefix="runtime error: ", files=r"ubsan_handlers(_cxx)?\.(cpp|cc)$", args_require=r"DL_Error"),
        ],
        "binaries": sorted(__import__("glob").glob("/opt/swift/usr/lib/clang/*/lib/linux/libclang_rt.ubsan_standalone-x86_64.so")),
        "filter": ubsan_binary_filter,
        "binary_prefix": "runtime error: ",
    },
    "objc-exceptions": {
        "file": "ObjectiveCExceptionMessages.swift",
        "source_hint": "a swiftlang/swift-corelibs-foundation checkout (Sources/)",
        "source_exts": (".swift", ".c", ".h"),
        "rules": only(r"\.swift$", [Call(c.name, c.group, language="swift", printed=c.printed) for c in SWIFT_CALLS]) + [
            Call("NSUnimplemented", language="swift", files=r"\.swift$"),
            Call("CFLog", group=0, require=r"\*\*\*", files=r"\.c$"),
            Call("HALT_MSG", group=0, files=r"\.(c|h)$"),
        ],
        "binaries": [os.path.join(SWIFT_LIB, "libFoundation.so")],
        "filter": foundation_binary_filter,
    },
    "swift-nio": {
        "file": "SwiftNIOMessages.swift",
        "source_hint": "an apple/swift-nio checkout (Sources/)",
        "source_exts": (".swift",),
        "rules": [Pattern(r'(BUG DETECTED[^"\n]*)', language="swift", files=r"\.swift$"),
                  Pattern(r'"(BUG IN NIO[^"\n]*)"', language="swift", files=r"\.swift$")],
        "binaries": [],
    },
    "objc-runtime": {
        "file": "ObjectiveCRuntimeMessages.swift",
        "source_hint": "an apple-oss-distributions/objc4 checkout (runtime/)",
        "source_exts": (".mm", ".m", ".h", ".cpp"),
        "rules": [Call("_objc_fatal", group=0, printed="objc[{v}]: "), Call("_objc_fatal_with_reason", group=0, printed="objc[{v}]: ")],
        "binaries": [],
    },
    "swiftui": {
        "file": "SwiftUIMessages.swift",
        "source_hint": "an OpenSwiftUIProject/OpenSwiftUI checkout (Sources/): SwiftUI's runtime-issue strings, the framework renamed",
        "source_exts": (".swift",),
        "rules": [Call("Log.runtimeIssues", group=0, files=r"\.swift$")],
        "renames": [("OpenSwiftUI", "SwiftUI")],
        "binaries": [],
    },
    "shell": {
        "file": "ShellSignalMessages.swift",
        "source_hint": "a bminor/glibc checkout (string/, sysdeps/generic/siglist.h)",
        "source_exts": (".h", ".c"),
        "rules": [Pattern(r'init_sig\s*\(\s*\w+\s*,\s*"\w+"\s*,\s*N_\s*\(\s*"([^"]*)"', files=r"siglist\.h$")],
        "binaries": ["/lib/x86_64-linux-gnu/libc.so.6"],
        "block": siglist_block,
    },
}
PRODUCERS["apple-libsystem"] = {
    "file": "AppleLibsystemMessages.swift",
    "source_hint": "an apple-oss-distributions/libmalloc checkout (src/): every malloc_zone_error and error-level malloc_report (szone_error in libmalloc-140 and older)",
    "source_exts": (".c", ".h"),
    # malloc_vreport prints `PROG(PID,0xTHREAD) malloc: ` before each message.
    "rules": [
        Call("malloc_zone_error", group=0, printed="malloc: ", files=r"(^|/)src/"),
        Call("malloc_report", group=0, printed="malloc: ", args_require=r"ASL_LEVEL_ERR|MALLOC_REPORT_CRASH", files=r"(^|/)src/",
             skip_macro_bodies=True),
        Call("MALLOC_REPORT_FATAL_ERROR", group=-1, prefix="*** FATAL ERROR - ", suffix=".", printed="malloc: ", files=r"(^|/)src/"),
        # libmalloc-140 and older: szone_error(szone, is_corruption, msg, ptr, fmt, ...) prints
        # `*** error for object PTR: MSG` (its first literal).
        Call("szone_error", group=0, printed="malloc: ", files=r"(^|/)src/", skip_macro_bodies=True),
    ],
    "binaries": [],
}
PRODUCERS["rxswift"] = {
    "file": "RxSwiftMessages.swift",
    "source_hint": "a ReactiveX/RxSwift checkout (RxSwift/)",
    "source_exts": (".swift",),
    "rules": [Pattern(r'"(⚠️ [^"\\]*)', language="swift", files=r"Rx\.swift$")],
    "binaries": [],
}
PRODUCERS["realm"] = {
    "file": "RealmMessages.swift",
    "source_hint": "a realm/realm-swift checkout (Realm/): the exceptions RLMResults.mm raises",
    "source_exts": (".mm",),
    "rules": [Pattern(r'@throw RLMException\(@"((?:[^"\\]|\\.)*)"', files=r"(^|/)RLMResults\.mm$")],
    "binaries": [],
}
# Producers whose words no source or binary here holds; --list still shows them.
CATALOG_ONLY = {
    "attribute-graph": "AttributeGraphMessages.swift",
    "apple-termination": "AppleTerminationMessages.swift",
    "xcode-checkers": "XcodeCheckerMessages.swift",
    "crash-services": "CrashServiceMessages.swift",
    "llvm-support": "LLVMSupportMessages.swift",
    "lldb-instrumentation": "LLDBInstrumentationMessages.swift",
    "build-tools": "BuildToolMessages.swift",
    "dyld": "DyldMessages.swift",
}


# ---------------------------------------------------------------- the catalog

TEMPLATE = re.compile(r'ProducerMessage\(\s*"((?:[^"\\]|\\.)*)"')
OPENS = re.compile(r"opensLine:\s*true")
EXAMPLES = re.compile(r"examples:\s*\[((?:\s*\"(?:[^\"\\\\]|\\\\.)*\"\s*,?)*)\]")
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def swift_unescape(s):
    return s.replace('\\"', '"').replace("\\\\", "\\").replace("\\n", "\n").replace("\\t", "\t")


def catalog(producer):
    """The templates of the producer's Swift file (its own enum's, where a file holds several)."""
    spec = PRODUCERS.get(producer)
    name = spec["file"] if spec else CATALOG_ONLY[producer]
    with open(os.path.join(HERE, name), encoding="utf-8") as f:
        text = f.read()
    if spec and spec.get("enum"):
        start = text.find("enum %s" % spec["enum"])
        end = text.find("\nenum ", start + 1)
        text = text[start:end if end > 0 else len(text)]
    entries = []
    for m in TEMPLATE.finditer(text):
        # the entry runs to the next ProducerMessage( or the end of the list
        nxt = text.find("ProducerMessage(", m.end())
        body = text[m.end():nxt if nxt > 0 else len(text)]
        listed = EXAMPLES.search(body)
        examples = [swift_unescape(e) for e in STRING.findall(listed.group(1))] if listed else []
        entries.append((swift_unescape(m.group(1)), OPENS.search(body) is not None, examples))
    return entries


def filled_values(template, example):
    """What the example puts where the template has a placeholder."""
    pattern = re.escape(template)
    pattern = re.sub(r"\\\{[^}]*\\\}", "(.+?)", pattern)
    m = re.search(pattern + "$", example) or re.search(pattern, example)
    return list(m.groups()) if m else []


def fragments(template):
    parts, cur, inside = [], "", False
    for ch in template:
        if not inside and ch == "{":
            inside = True
            if cur:
                parts.append(cur)
            cur = ""
        elif inside and ch == "}":
            inside = False
        elif not inside:
            cur += ch
    if cur:
        parts.append(cur)
    return parts


def matches(template, opens, line):
    rest = line
    frs = fragments(template)
    if opens:
        rest = rest.lstrip(" \t")
        if not frs or not rest.startswith(frs[0]):
            return False
    for fr in frs:
        i = rest.find(fr)
        if i < 0:
            return False
        rest = rest[i + len(fr):]
    return True


HOLE = "\x01"


def knower(found, entries, piece=False):
    """The catalog entry that knows `found`, or None (see the module's doc).
    A `piece` (a binary's string, which Swift splits at each interpolation)
    is also known when it is the fixed text of an entry, or part of it."""
    line = re.sub(r"\{[^}]*\}", HOLE, found)
    fixed = len(line.replace(HOLE, ""))
    best = None
    for template, opens, examples in entries:
        if not matches(template, opens, line):
            continue
        size = sum(len(f) for f in fragments(template))
        if size * 4 >= fixed * 3:
            if best is None or size > best[1]:
                best = (template, size)
    if best is None and piece:
        text = found.replace("{v}", "").strip()
        if len(text) >= 8:
            for template, opens, examples in entries:
                if any(text in fr for fr in fragments(template)):
                    return template
            # or a value the producer fills into one of its messages
            # (`actor-isolated function` in `data race detected: %s at …`),
            # as the entry's examples show it filled in
            for template, opens, examples in entries:
                if any(text in filled_values(template, e) for e in examples):
                    return template
        # A binary's format string may hold a `%s` where the printed message
        # has fixed text (libdispatch's `%sBlock was %sexpected to execute on
        # queue [%s]`, its prefix and `not ` passed in): known when its own
        # fixed fragments occur in order in an entry and are most of it.
        if fixed >= 16:
            for template, opens, examples in entries:
                entry = re.sub(r"\{[^}]*\}", HOLE, template)
                entry_fixed = len(entry.replace(HOLE, ""))
                if fixed * 2 >= entry_fixed and matches(found, False, entry):
                    return template
    return best[0] if best else None


# ---------------------------------------------------------------- running

class Origin(str):
    """Where a message was found, and what is printed before it there."""

    def __new__(cls, where, printed=""):
        origin = super().__new__(cls, where)
        origin.printed = printed
        return origin


def scan_source(producer, root):
    spec = PRODUCERS[producer]
    found = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", "test", "tests", "Tests", "unittests", "validation-test")]
        for name in sorted(filenames):
            if not name.endswith(spec["source_exts"]) or name.startswith(("tst-", "test-", "test_")):
                continue
            path = os.path.join(dirpath, name)
            rel = os.path.relpath(path, root)
            try:
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
            except OSError:
                continue
            for rule in spec["rules"]:
                for message, where in rule.find(rel, text):
                    if len(message.replace("{v}", "").strip()) < 4:
                        continue
                    for reimplementation, original in spec.get("renames", ()):
                        message = message.replace(reimplementation, original)
                    found.setdefault(message, Origin(where, getattr(rule, "printed", "")))
    return found


def scan_binary(producer, path):
    spec = PRODUCERS[producer]
    strings = list(binary_strings(path))
    if spec.get("block"):
        picked = spec["block"](strings)
    else:
        picked = [s for s in strings if spec["filter"](s)]
    if spec.get("not_in") and os.path.isfile(spec["not_in"]):
        # what another producer's binary prints (the standard library's
        # checks, inlined here) is that producer's message
        theirs = set(binary_strings(spec["not_in"]))
        picked = [s for s in picked if s not in theirs]
    found = {}
    for s in picked:
        message = tidy(printf_to_template(s.strip()))
        if re.fullmatch(r"[\s{}v%]*", message):
            continue
        if spec.get("binary_prefix") and "%0" in s or (spec.get("binary_prefix") and re.search(r"%[0-9]", s)):
            message = spec["binary_prefix"] + tidy(re.sub(r"%[0-9]", "{v}", s))
        found.setdefault(message, os.path.basename(path))
    return found


def report(producer, found, label, piece=False):
    entries = catalog(producer)
    known = 0
    print("# %s: %d messages found in %s" % (producer, len(found), label))
    for message in sorted(found):
        printed = getattr(found[message], "printed", "")
        who = knower(message, entries, piece) or (knower(printed + message, entries) if printed else None)
        if who:
            known += 1
        print("%s  %s\n      from %s%s" % ("known  " if who else "MISSING", message, found[message],
                                          "" if not who or who == message else "\n      by   " + who))
    pct = 100.0 * known / len(found) if found else 100.0
    print("%s: known %d of %d present (%.0f%%)" % (producer.upper(), known, len(found), pct))
    return known, len(found)


def die(message):
    print("coverage.py: " + message, file=sys.stderr)
    sys.exit(2)


def main():
    ap = argparse.ArgumentParser(description="Catalog coverage of a producer's messages.")
    ap.add_argument("producer", nargs="?")
    ap.add_argument("--source", metavar="DIR")
    ap.add_argument("--binary", metavar="FILE")
    ap.add_argument("--all-binaries", action="store_true")
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    everyone = sorted(list(PRODUCERS) + list(CATALOG_ONLY))

    if args.list:
        if args.producer and args.producer not in everyone:
            die("unknown producer %r; known: %s" % (args.producer, ", ".join(everyone)))
        for p in [args.producer] if args.producer else everyone:
            entries = catalog(p)
            print("# %s (%d entries)" % (p, len(entries)))
            for template, opens, examples in entries:
                print("  " + ("^ " if opens else "") + template)
        return
    if args.all_binaries:
        total = [0, 0]
        for p in sorted(PRODUCERS):
            for b in PRODUCERS[p]["binaries"]:
                if os.path.isfile(b):
                    k, n = report(p, scan_binary(p, b), b, piece=True)
                    total[0] += k
                    total[1] += n
                    print()
        print("ALL BINARIES: known %d of %d present (%.0f%%)" % (total[0], total[1], 100.0 * total[0] / max(total[1], 1)))
        return
    if not args.producer:
        die("name a producer (%s), or --all-binaries, or --list" % ", ".join(sorted(PRODUCERS)))
    if args.producer not in PRODUCERS:
        if args.producer in CATALOG_ONLY:
            die("producer %r has no source or binary rules (nothing of it is on this machine); --list shows its catalog"
                % args.producer)
        die("unknown producer %r; known: %s" % (args.producer, ", ".join(sorted(PRODUCERS))))
    if not args.source and not args.binary:
        die("give --source DIR (%s) or --binary FILE" % PRODUCERS[args.producer]["source_hint"])
    if args.source:
        if not os.path.isdir(args.source):
            die("no such directory: %s" % args.source)
        report(args.producer, scan_source(args.producer, args.source), args.source)
    if args.binary:
        if not os.path.isfile(args.binary):
            die("no such file: %s" % args.binary)
        if args.producer == "swift-nio":
            die("swift-nio ships no binary; use --source")
        report(args.producer, scan_binary(args.producer, args.binary), args.binary, piece=True)


if __name__ == "__main__":
    main()
