#!/usr/bin/env bash
# Grades one student pack: one row per exercise (id, title, passed/failed,
# the first failing message).
#
#   exercises/grade.sh PACK_DIR [--json FILE] [--build DIR] [--timeout SECONDS]
#                      [--jobs N] [--sanitize] [--expect passed|failed] [--only IDS]
#
# PACK_DIR is a student's copy of a pack made by export_student_pack.sh (or
# the full project, which grades the reference solutions). The pack is built
# in a folder of its own, never inside it: a new temporary folder, removed
# afterwards, or DIR (kept, so that grading the same pack again is quick).
# Nothing is written into PACK_DIR; the script checks that afterwards.
#
# Only the grading tests and what they link are built, with the compiler
# flags the pack's CMake sets (-DSA_SANITIZE=ON with --sanitize, which stops
# at the first out-of-bounds write). Every test gets SECONDS (default 30) to
# finish, so a student's endless loop fails that exercise instead of hanging
# the run. An exercise whose file does not compile fails alone, with the
# compiler's first error: the others are graded on a second build with the
# untouched stub in that file's place (in a pack, a copy of it in the build
# folder, the stub taken from the tree this script is in or the pack's git
# HEAD; in the full tree, -DSA_EXERCISES=<that exercise>). A test of another
# exercise that runs the stub then says that it needs that one.
#
# --only ID[,ID...] grades just those exercises (and builds only their tests).
#
# --json FILE writes the same rows for a course platform:
#   {"pack": ..., "passed": 3, "total": 10, "exercises": [{"id": "ex01.1",
#    "title": ..., "status": "passed" | "failed", "message": ..., "tests":
#    [{"name": ..., "status": ...}]}]}
# Exit status: 0 when grading ran (whatever the marks), 2 when it could not
# (no pack, CMake failed to configure). With --expect passed (or failed) the
# status is 1 unless every exercise has that result: CI grades the reference
# tree with --expect passed and an untouched pack with --expect failed.
set -euo pipefail
if ! command -v python3 >/dev/null; then
  echo "grade: python3 is needed" >&2
  exit 2
fi
# The tree this script is in: where the untouched stubs are.
SA_GRADE_TREE="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" exec python3 - "$@" <<'PYTHON'
import argparse, json, os, re, shutil, signal, subprocess, sys, tempfile, time

parser = argparse.ArgumentParser(prog="exercises/grade.sh", description="Grade one student pack.")
parser.add_argument("pack", help="the student's pack (or the project itself)")
parser.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
parser.add_argument("--build", metavar="DIR", help="build folder (default: a temporary one, removed afterwards)")
parser.add_argument("--timeout", type=int, default=30, metavar="SECONDS", help="time limit per test (default 30)")
parser.add_argument("--jobs", type=int, default=2, metavar="N", help="parallel compile jobs (default 2)")
parser.add_argument("--sanitize", action="store_true", help="build with AddressSanitizer and UBSan")
parser.add_argument("--expect", choices=["passed", "failed"], help="exit 1 unless every exercise has this result")
parser.add_argument("--only", metavar="IDS", help="grade only these exercises (ids separated by commas)")
args = parser.parse_args(sys.argv[1:])


def die(message):
    print(f"grade: {message}", file=sys.stderr)
    sys.exit(2)


pack = os.path.realpath(args.pack)
if not os.path.isfile(os.path.join(pack, "exercises", "EXERCISES.tsv")):
    die(f"{args.pack}: not a pack (no exercises/EXERCISES.tsv)")

# The exercises, in the order of the pack's own list, with their stub files
# (an exercise of two files, ex07.2, has a row for each).
exercises, by_id = [], {}
with open(os.path.join(pack, "exercises", "EXERCISES.tsv"), encoding="utf-8") as f:
    for line in f:
        fields = line.rstrip("\n").split("\t")
        if fields and re.fullmatch(r"ex\d+\.\d+", fields[0]):
            if fields[0] not in by_id:
                by_id[fields[0]] = {"id": fields[0], "title": fields[3] if len(fields) > 3 else "",
                                    "status": "failed", "message": "", "tests": [], "stubs": []}
                exercises.append(by_id[fields[0]])
            if len(fields) > 2:
                by_id[fields[0]]["stubs"].append(fields[2])

if args.only:
    wanted = [i.strip() for i in args.only.split(",") if i.strip()]
    unknown = [i for i in wanted if i not in by_id]
    if unknown or not wanted:
        die(f"--only: {', '.join(unknown) or args.only!r} is not an exercise of this pack")
    exercises = [e for e in exercises if e["id"] in wanted]

build = os.path.realpath(args.build) if args.build else tempfile.mkdtemp(prefix="sa-grade-")
if build == pack or build.startswith(pack + os.sep):
    die(f"the build folder {build} is inside the pack; give --build a folder outside it")
os.makedirs(build, exist_ok=True)


def run(cmd, timeout=None):
    """Runs cmd, returns (exit status, stdout and stderr together). After
    `timeout` seconds the whole process group is killed (ctest and the test
    it started: a test's own TIMEOUT property would otherwise win over
    ctest --timeout) and the output ends with a ctest-style timeout line."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return 124, out.decode("utf-8", "replace") + f"\n***Timeout {timeout} sec\n"


def snapshot(root):
    """Path -> (size, mtime) of every file in the pack, to prove nothing was written there."""
    files = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d != ".git"]
        for name in filenames:
            path = os.path.join(dirpath, name)
            try:
                st = os.lstat(path)
                files[path] = (st.st_size, st.st_mtime_ns)
            except OSError:
                pass
    return files


def first_line(pattern, text):
    m = re.search(pattern, text, re.M)
    return m.group(0).strip() if m else None


def relative(text):
    """Paths in text relative to the pack (or to its copy with stubs)."""
    return text.replace(stubbed_source + os.sep, "").replace(pack + os.sep, "")


def failure_message(output):
    """The first thing a student should read in a failing test's output:
    a failed check (cmocka), a crash or a sanitizer report, with the case it
    happened in; else a program's own error or a stub's note; else ctest's
    verdict (a timeout, a crash outside a case)."""
    output = relative(output)
    # ctest's "***Timeout  30.01 sec" (the test's own limit) or run()'s.
    m = re.search(r"\*\*\*Timeout\s+([\d.]+) sec", output)
    limit = f"{float(m.group(1)):.0f}" if m else None
    case, fallback = None, None
    for line in output.splitlines():
        m = re.match(r"\[ RUN      \] (\S+)", line)
        if m:
            case = m.group(1)
            continue
        message = None
        if line.startswith("ERROR: "):                      # cmocka's fail_msg
            message = line[len("ERROR: "):]
        elif "Test failed with exception" in line:          # a crash inside a cmocka case
            message = line.split("--- ", 1)[-1]
        elif re.search(r"ERROR: (AddressSanitizer|LeakSanitizer)", line):
            message = line.split("ERROR: ", 1)[1]
        elif "runtime error:" in line:                      # UBSan
            message = line.strip()
        elif fallback is None and re.match(r"\s*(CMake Error|error|note): ", line):
            fallback = line.strip()
        if message:
            message = f"{case}: {message}" if case else message
            if limit:
                return f"timed out after {limit} s (an endless loop?); before that, {message}"
            return message
    if limit:
        return f"timed out after {limit} s (an endless loop?)" + (f" in {case}" if case else "")
    if fallback:
        return fallback
    for pattern in (r"\*\*\*Exception: .*", r"\*\*\*Failed.*", r"Could not find executable.*"):
        line = first_line(pattern, output)
        if line:
            return line
    return "failed (no message; run the test with --output-on-failure)"


def configure(source, build_dir, *options):
    config = ["cmake", "-S", source, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Debug", *options]
    if args.sanitize:
        config.append("-DSA_SANITIZE=ON")
    rc, out = run(config)
    if rc != 0:
        print(out, file=sys.stderr)
        die(f"CMake could not configure {args.pack} (output above)")


def build_targets(build_dir, targets):
    """Builds every target at once; when that fails, each alone, so that a
    compile error is charged to the targets it breaks and no others.
    Returns target -> the build's output, for those that fail."""
    failed = {}
    if targets:
        rc, out = run(["cmake", "--build", build_dir, "-j", str(args.jobs), "--target"] + targets)
        if rc != 0:
            for target in targets:
                rc, out = run(["cmake", "--build", build_dir, "-j", str(args.jobs), "--target", target])
                if rc != 0:
                    failed[target] = out
    return failed


def build_error(out):
    error = (first_line(r"^.*\berror:.*$", out) or first_line(r"^CMake Error.*$", out)
             or first_line(r"(?i)^.*\berror\b.*$", out) or "the build failed")
    return relative(error)


def untouched_stub(stub, broken_text):
    """The stub as exported: the grading tree's copy, else the pack's git
    HEAD; None when neither differs from the file that does not compile."""
    path = os.path.join(os.environ.get("SA_GRADE_TREE", ""), stub)
    if os.path.isfile(path):
        with open(path, "rb") as f:
            text = f.read()
        if text != broken_text:
            return text
    if os.path.isdir(os.path.join(pack, ".git")):
        p = subprocess.run(["git", "-C", pack, "show", f"HEAD:{stub}"], capture_output=True)
        if p.returncode == 0 and p.stdout != broken_text:
            return p.stdout
    return None


stubbed_source = os.path.join(build, "pack-with-stubs")  # the copy, when one is needed
before = snapshot(pack)
start = time.time()
try:
    configure(pack, build)

    # The grading tests (label "exercise"), their exercise and their program.
    rc, out = run(["ctest", "--test-dir", build, "--show-only=json-v1", "-L", "^exercise$"])
    tests = json.loads(out[out.index("{"):]) if rc == 0 and "{" in out else {"tests": []}
    for t in tests.get("tests", []):
        labels = next((p["value"] for p in t.get("properties", []) if p["name"] == "LABELS"), [])
        for label in labels:
            if label in by_id:
                # sa_exercise_test(): target = test name with '.' -> '_' (the
                # command is not known before the build).
                by_id[label]["tests"].append({"name": t["name"], "status": "failed", "message": "",
                                              "target": t["name"].replace(".", "_")})

    targets = sorted({t["target"] for e in exercises for t in e["tests"]})
    failed_builds = build_targets(build, targets)

    # The exercise files the compiler rejected (it names them in its errors):
    # a student's stub in a pack, a reference file in the full tree. Their
    # exercises fail with the first error; the others are graded on a second
    # build with the untouched stub in each such file's place.
    in_pack = os.path.isfile(os.path.join(pack, "exercises", "STUDENT_PACK"))
    file_of = {}  # compiled file -> (exercise id, its stub)
    with open(os.path.join(pack, "exercises", "EXERCISES.tsv"), encoding="utf-8") as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if len(fields) > 2 and fields[0] in by_id:
                file_of[os.path.realpath(os.path.join(pack, fields[2 if in_pack else 1]))] = (fields[0], fields[2])
    broken, replaced = {}, {}
    for out in failed_builds.values():
        lines = out.splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"^(.+?):\d+(?::\d+)?: (?:fatal )?error:", line)
            if not m:
                continue
            # The file the error is in, else the one it came from: an error
            # inside a header's macro is the student's (the compiler says
            # "In function ..." and "in expansion of macro ..." around it).
            where = [(m.group(1), None)]
            for near in lines[i + 1:i + 8] + lines[max(0, i - 3):i]:
                c = (re.match(r"^(.+?)(:\d+:\d+): note: in expansion of macro", near)
                     or re.match(r"^(.+?)(): In function", near) or re.match(r"^In file included from (.+?)(:\d+)", near))
                if c:
                    where.append((c.group(1), c.group(1) + c.group(2)))
            for path, location in where:
                found = file_of.get(os.path.realpath(os.path.join(build, path)))
                if found:
                    error = line.strip() + (f" (from {location})" if location and location != path else "")
                    broken.setdefault(found[0], relative(error))
                    replaced.setdefault(found[1], None)
                    break
    grade_build = build
    if broken and not in_pack:
        # The full tree builds the references: name the broken ones' stubs.
        grade_build = os.path.join(build, "build-with-stubs")
        configure(pack, grade_build, "-DSA_EXERCISES=" + ",".join(sorted(broken)))
        failed_builds = build_targets(grade_build, targets)
    elif broken:
        for stub in replaced:
            with open(os.path.join(pack, stub), "rb") as f:
                replaced[stub] = untouched_stub(stub, f.read())
        if all(text is not None for text in replaced.values()):
            shutil.rmtree(stubbed_source, ignore_errors=True)
            top_level = lambda folder, names: [n for n in names
                                               if n == ".git" or (folder == pack and n.startswith("build"))]
            shutil.copytree(pack, stubbed_source, symlinks=True, ignore=top_level)
            for stub, text in replaced.items():
                with open(os.path.join(stubbed_source, stub), "wb") as f:
                    f.write(text)
            grade_build = os.path.join(build, "build-with-stubs")
            configure(stubbed_source, grade_build)
            failed_builds = build_targets(grade_build, targets)
    build_errors = {target: build_error(out) for target, out in failed_builds.items()}

    for e in exercises:
        if not e["tests"]:
            e["message"] = "no grading test is registered for this exercise"
            continue
        for t in e["tests"]:
            if e["id"] in broken:
                t["message"] = "does not compile: " + broken[e["id"]]
                continue
            if t["target"] in build_errors:
                t["message"] = "does not build: " + build_errors[t["target"]]
                continue
            name = re.escape(t["name"])
            rc, out = run(["ctest", "--test-dir", grade_build, "-R", f"^{name}$", "--output-on-failure",
                           "--timeout", str(args.timeout)], timeout=args.timeout)
            if rc == 0 and re.search(r"100% tests passed", out):
                t["status"] = "passed"
            else:
                t["message"] = failure_message(out)
                # Another exercise's stub ran inside this test: say so first.
                others = sorted(set(re.findall(r"note: (ex\d+\.\d+) is not written yet", out)) - {e["id"]})
                if others:
                    t["message"] = f"needs {', '.join(others)} (not written yet); " + t["message"]
        failing = [t for t in e["tests"] if t["status"] != "passed"]
        e["status"] = "failed" if failing else "passed"
        e["message"] = failing[0]["message"] if failing else ""
finally:
    changed = sorted(p for p, v in snapshot(pack).items() if before.get(p) != v)
    changed += sorted(p for p in before if not os.path.exists(p))
    if not args.build:
        shutil.rmtree(build, ignore_errors=True)

# The report: one row per exercise.
width = max([len(e["title"]) for e in exercises] + [5])
print(f"grading {args.pack}")
for e in exercises:
    row = f"{e['id']:<8} {e['title']:<{width}}  {e['status']:<6}"
    if e["message"]:
        row += "  " + e["message"]
    print(row.rstrip())
passed = sum(e["status"] == "passed" for e in exercises)
print(f"{passed} of {len(exercises)} exercises passed ({time.time() - start:.0f} s)")
if changed:
    print(f"grade: warning: {len(changed)} file(s) in the pack changed during grading, e.g. {changed[0]}",
          file=sys.stderr)

if args.json:
    report = {"pack": args.pack, "passed": passed, "total": len(exercises),
              "exercises": [{"id": e["id"], "title": e["title"], "status": e["status"], "message": e["message"],
                             "tests": [{"name": t["name"], "status": t["status"], "message": t["message"]}
                                       for t in e["tests"]]}
                            for e in exercises]}
    with open(args.json, "w", encoding="utf-8") as f:
        json.dump(report, f, indent=2)
        f.write("\n")

if args.expect and any(e["status"] != args.expect for e in exercises):
    others = [e["id"] for e in exercises if e["status"] != args.expect]
    print(f"grade: expected every exercise to be {args.expect}; not so: {', '.join(others)}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)
PYTHON
