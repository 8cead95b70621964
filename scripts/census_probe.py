"""`scripts/census check`: does each shape of the census compile against Glance?

For every shape in Tests/Census/usage.tsv (an Apple name with its argument labels, as the
census found it in real widget code) this writes one or more generated uses of it, Swift
code, and runs the compiler's type checker once per framework over all of them. A shape is
covered when one of its uses type-checks. The uses stand in for argument values with
`_v()`, a function generic in its result, so that only the names, the labels and the
owner of a member are checked, as real code of any argument types would need them:

- a type:           `extension T {}`, or `P.T` for a protocol's associated type (`Context`)
- an initialiser:   `_ = T(a: _v(), b: _v()) { _v() }`, trailing closures of 0 to 3 parameters
- a conformance:    `func f<X: P>(_: X) {}`
- a static member:  `_ = T.m` / `_ = T.m(a: _v())`
- a method or a property: called on each type that has a member of that name (Glance's API
  baseline, and the toolchain's symbol graphs for Foundation), inside an extension of it
- an implicit member (`.leading` in `VStack(alignment:)`): as a value of the type of that
  parameter in Glance's API, or else of each type that has a static member of that name
- a property wrapper or result builder: the type with an initialiser of those labels,
  environment key paths as `\\EnvironmentValues.k`
- a macro: `#Preview` and `#Predicate` with a small widget of the probe's own

The compiler's "ambiguous" and "could not be inferred" are what `_v()` leads to when the
name and labels exist (several overloads fit, or a generic parameter is left open); they
count as compiling. Every other error is a gap."""
import collections, csv, os, re, subprocess, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Tests", "Census")
NAMES = os.path.join(ROOT, "Tools", "census", "Names")

# What a widget file imports beside the framework of the shape.
BASE_IMPORTS = ["Foundation", "SwiftUI", "WidgetKit", "AppIntents"]
# Protocols whose associated types and typealiases widget code names bare (`Context`, `Entry`).
CONTEXT_PROTOCOLS = ["TimelineProvider", "IntentTimelineProvider", "AppIntentTimelineProvider", "Widget", "View", "TimelineEntry",
                     "AppIntent", "WidgetConfigurationIntent", "PreviewProvider", "ActivityAttributes", "AppEntity", "EntityQuery",
                     "ChartContent", "Shape", "ButtonStyle", "ProgressViewStyle", "GaugeStyle", "LabelStyle", "ToggleStyle",
                     "ViewModifier", "PrimitiveButtonStyle", "ControlWidget", "ControlValueProvider"]
ACCEPTED = ("ambiguous", "could not be inferred", "cannot be inferred", "is not used", "never used", "will never be executed",
            # `_v()` in a call that throws, is async or mutates: the name and labels are there.
            "can throw", "is 'async'", "marked with 'await'", "async' call", "mutating member", "immutable value",
            # The compiler gives up on `_v()` among generic overloads (ForEach's).
            "failed to produce diagnostic")

PRELUDE = """
func _v<T>() -> T { fatalError() }
struct _Entry: TimelineEntry { let date: Date }
struct _Provider: TimelineProvider {
    func placeholder(in context: Context) -> _Entry { _Entry(date: .now) }
    func getSnapshot(in context: Context, completion: @escaping (_Entry) -> Void) { completion(_Entry(date: .now)) }
    func getTimeline(in context: Context, completion: @escaping (Timeline<_Entry>) -> Void) { completion(Timeline(entries: [], policy: .never)) }
}
struct _Widget: Widget {
    var body: some WidgetConfiguration { StaticConfiguration(kind: "k", provider: _Provider()) { _ in Text("") } }
}
struct _View: View { var body: some View { Text("") } }
"""


def table(path):
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle, delimiter="\t"))


def strip_modules(text):
    """`GlanceUI.HorizontalAlignment` → `HorizontalAlignment` (the probe imports by Apple's names)."""
    return re.sub(r"\b(?:GlanceUI|GlanceWidgetKit|GlanceIntents|GlanceTime|Glance|Charts|Foundation|Swift|CoreFoundation|FoundationEssentials)\.", "", text)


def split_top(text, separator=","):
    parts, depth, current = [], 0, ""
    for character in text:
        if character in "([<":
            depth += 1
        elif character in ")]>":
            depth -= 1
        if character == separator and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += character
    if current.strip():
        parts.append(current.strip())
    return parts


class API:
    """Glance's public names from api/Glance.api and the toolchain's from Names/*.owners."""

    def __init__(self):
        self.owners = collections.defaultdict(set)          # member base name → owner types
        self.static_owners = collections.defaultdict(set)   # static member / enum case → owner types
        self.parameters = collections.defaultdict(set)      # (base, label) → parameter types
        self.protocols = set()
        self.owner_modules = {}
        for line in open(os.path.join(ROOT, "api", "Glance.api")):
            parts = line.rstrip("\n").split(" ", 2)
            if len(parts) < 3 or parts[0] == "product":
                continue
            kind, rest = parts[1], parts[2]
            static = rest.startswith("static ")
            if static:
                rest = rest[len("static "):]
            if kind == "protocol":
                self.protocols.add(rest.split()[0])
                continue
            if kind not in ("func", "var", "constructor", "enumelement", "struct", "enum", "class", "typealias"):
                continue
            match = re.match(r"([\w.]+?)(?:\.(\w+)(\(([^)]*)\))?)(?::| |$)(.*)", rest)
            if not match:
                continue
            owner, member, labels, signature = match.group(1), match.group(2), match.group(4), match.group(5).strip()
            if any(part.startswith("_") for part in owner.split(".")) or member.startswith("_"):
                continue
            if member != "init":
                self.owners[member].add(owner)
                self.owner_modules[(member, owner)] = parts[0]
            if static or kind == "enumelement":
                self.static_owners[member].add(owner)
            if labels is not None and signature.startswith("("):
                depth, end = 0, len(signature)
                for position, character in enumerate(signature):
                    depth += character == "("
                    depth -= character == ")"
                    if depth == 0:
                        end = position
                        break
                types = split_top(signature[1:end])
                names = labels.split(":")[:-1]
                base = owner.split(".")[-1] if member == "init" else member
                for label, written in zip(names, types):
                    self.parameters[(base, label)].add(strip_modules(written))
        for framework in ("Swift", "Foundation", "Dispatch", "Combine"):
            path = os.path.join(NAMES, f"{framework}.owners")
            if os.path.exists(path):
                for line in open(path):
                    member, _, owner = line.rstrip("\n").partition("\t")
                    if owner and not owner.startswith("_"):
                        self.owners[member].add(owner)


def parse_call(shape):
    """`X.m(a:b:){}label:{}` → ("X.m", ["a", "b"], ["", "label"]); None labels for a bare name."""
    match = re.match(r"^([#@]?[\w.]*?)(\(([^)]*)\))?((?:\w*:?\{\})*)$", shape)
    if not match:
        return None
    name, labels, closures = match.group(1), match.group(3), match.group(4)
    label_list = None if match.group(2) is None else [label for label in labels.split(":")[:-1]]
    closure_labels = re.findall(r"(\w*):?\{\}", closures) if closures else []
    return name, label_list, closure_labels


def arguments(labels):
    return ", ".join("_v()" if label == "_" else f"{label}: _v()" for label in labels)


def call(name, labels, closures, arity, values=None):
    text = name
    if labels is not None or not closures:
        inside = arguments(labels or []) if values is None else values
        text += f"({inside})"
    parameters = ", ".join(["_"] * arity)
    body = f"{{ {parameters} in _v() }}" if arity else "{ _v() }"
    for index, label in enumerate(closures):
        text += f" {body}" if index == 0 else f" {label}: {body}"
    return text


def value_types(written):
    """The types an implicit member may be a value of, from a parameter's written type."""
    text = written.strip()
    if text.startswith("inout "):
        text = text[len("inout "):]
    while text.endswith("?") or text.endswith("!"):
        text = text[:-1]
    if text.startswith("[") and text.endswith("]") and ":" not in text:
        return value_types(text[1:-1])
    if text.startswith("Set<") and text.endswith(">"):
        return value_types(text[4:-1])
    if text.startswith("some ") or text.startswith("any "):
        return [("some", text.split(" ", 1)[1])]
    if re.fullmatch(r"[A-Z][A-Za-z0-9]?", text) or "->" in text or text.startswith("("):
        return []
    return [("type", text)]


def uses(row, api, counter):
    """Generated uses of one shape: a list of (top-level Swift code) alternatives."""
    kind, shape, context = row["kind"], row["shape"], row.get("context", "")

    def function(body):
        counter[0] += 1
        return f"func _c{counter[0]}() {{\n    {body}\n}}"

    def in_extension(owner, body, static=False):
        counter[0] += 1
        return f"extension {owner} {{\n    {'static ' if static else ''}func _c{counter[0]}() {{\n        {body}\n    }}\n}}"

    if kind == "type":
        name = shape
        options = [f"extension {name} {{}}", function(f"_ = {name}.self")]
        if "." not in name:
            for protocol in CONTEXT_PROTOCOLS:
                counter[0] += 1
                options.append(f"func _c{counter[0]}<P: {protocol}>(_: P.{name}.Type) {{}}")
        return options
    if kind == "conformance":
        protocol = shape.lstrip(": ").strip()
        counter[0] += 1
        return [f"func _c{counter[0]}<X: {protocol}>(_: X) {{}}"]
    if kind == "init":
        parsed = parse_call(shape)
        if not parsed:
            return []
        name, labels, closures = parsed
        arities = (0, 1, 2, 3) if closures else (0,)
        options = [function(f"_ = {call(name, labels, closures, arity)}") for arity in arities]
        # A protocol's typealias, written bare inside a conforming type (`Summary` in an
        # AppIntent's `parameterSummary`).
        for owner in sorted(owner for owner in api.owners.get(name, ()) if owner in api.protocols):
            options += [in_extension(owner, f"_ = {call(name, labels, closures, arity)}") for arity in arities]
        return options
    if kind == "static":
        parsed = parse_call(shape)
        if not parsed:
            return []
        name, labels, closures = parsed
        if labels is None and not closures:
            # A member, or a nested type written as a value's type (`Font.Weight`).
            return [function(f"_ = {name}"), function(f"_ = {name}.self")]
        return [function(f"_ = {call(name, labels, closures, arity)}") for arity in ((0, 1, 2, 3) if closures else (0,))]
    if kind in ("method", "property"):
        parsed = parse_call(shape)
        if not parsed:
            return []
        name, labels, closures = parsed
        options = []
        if not name.startswith("."):
            # A free function (`os_log(_:log:type:)`), or a member on the implicit `self` (a
            # modifier inside a view's body).
            options += [function(f"_ = {call(name, labels, closures, arity)}") for arity in ((0, 1, 2, 3) if closures else (0,))]
        member = name.lstrip(".")
        if member == "self":
            return [function("_ = 1.self")]
        for owner in sorted(api.owners.get(member, ())):
            # A chart mark's modifier is not a view's: a SwiftUI shape is not covered by
            # Charts' `ChartContent.blur(radius:)`.
            if api.owner_modules.get((member, owner)) == "Charts" and row["framework"] != "Charts":
                continue
            if kind == "property" and labels is None and not closures:
                options.append(in_extension(owner, f"_ = self.{member}"))
                options.append(in_extension(owner, f"_ = Self.{member}", static=True))
            else:
                for arity in ((0, 1, 2, 3) if closures else (0,)):
                    options.append(in_extension(owner, f"_ = self.{call(member, labels, closures, arity)}"))
                    options.append(in_extension(owner, f"_ = Self.{call(member, labels, closures, arity)}", static=True))
        return options
    if kind == "implicit":
        parsed = parse_call(shape)
        if not parsed:
            return []
        name, labels, closures = parsed
        member = name.lstrip(".")
        expression = "." + (call(member, labels, closures, 0) if labels is not None or closures else member)
        candidates = []
        if context:
            target = parse_call(context)
            if target and target[1]:
                base = target[0].split(".")[-1] or target[0]
                base = base.lstrip(".")
                for written in api.parameters.get((base, target[1][0]), ()):
                    candidates += value_types(written)
        # And every type with a member of that name (a context the baseline does not type).
        owners = sorted(api.static_owners.get(member, set()) | api.owners.get(member, set()))
        candidates += [("type", owner) for owner in owners]
        # A protocol's (`extension LabelStyle where Self == IconOnlyLabelStyle`) also as a generic argument.
        candidates += [("some", owner) for owner in owners if owner in api.protocols]
        options = []
        for form, written in candidates:
            if form == "some":
                options.append(function(f"func g<X: {written}>(_: X) {{}}\n    g({expression})"))
            else:
                options.append(function(f"let _: {written} = {expression}"))
        return options
    if kind == "attribute":
        parsed = re.match(r"^@([\w.]+)(?:\((.*)\))?$", shape)
        if not parsed:
            return []
        name, inside = parsed.group(1), parsed.group(2)
        if inside and inside.startswith("\\."):
            return [function(f"_ = \\EnvironmentValues{inside[1:]}")]
        if name.endswith("Builder"):
            return [function(f"_ = {name}.buildBlock")]
        if inside is None:
            return [function(f"_ = {name}.self")]
        labels = [label for label in inside.split(":")[:-1]] if ":" in inside else [inside] if inside else []
        labels = [label if label else "_" for label in labels]
        options = [function(f"_ = {name}({arguments(labels)})")]
        if "_" not in labels:
            options.append(function(f"_ = {name}({arguments(['wrappedValue'] + labels)})"))
        return options
    if kind == "macro":
        parsed = parse_call(shape)
        if not parsed:
            return []
        name, labels, closures = parsed
        if name == "#Preview":
            options = []
            # A widget's family, or a Live Activity's view kind.
            for family in (".systemSmall", ".content"):
                values = {"_": '"probe"', "as": family, "widget": "{ _Widget() }", "timeline": "{ _Entry(date: .now) }",
                          "using": "_v()", "timelineProvider": "{ _Provider() }", "contentStates": "{ _v() }"}
                inside = ", ".join(values["_"] if label == "_" else f"{label}: {values.get(label, '_v()')}" for label in (labels or []))
                text = "#Preview" + (f"({inside})" if labels is not None else "")
                for index, label in enumerate(closures):
                    body = "{ _Widget() }" if index == 0 and "as" in (labels or []) else "{ _View() }"
                    if label:
                        body = values.get(label, "{ _v() }")
                    text += f" {body}" if index == 0 else f" {label}: {body}"
                options.append(text)
            return options
        if name == "#Predicate":
            return [function("_ = #Predicate<Int> { $0 > 1 }")]
        return [function(f"_ = {call(name, labels, closures, 0)}")]
    return []


def compiler_arguments():
    """swiftc's arguments for this build's modules (as PublicSurfaceTests finds them)."""
    build = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()
    modules = os.path.join(build, "Modules")
    arguments = ["swiftc", "-typecheck", "-module-name", "CensusProbe", "-I", modules, "-load-plugin-executable", os.path.join(build, "GlanceMacros-tool") + "#GlanceMacros"]
    for entry in sorted(os.listdir(build)):
        mapping = os.path.join(build, entry, "module.modulemap")
        if entry.endswith(".build") and os.path.exists(mapping):
            arguments += ["-Xcc", f"-fmodule-map-file={mapping}"]
    sources = os.path.join(ROOT, "Sources")
    for target in sorted(os.listdir(sources)):
        if target.startswith("C"):
            mapping = os.path.join(sources, target, "module.modulemap")
            if os.path.exists(mapping):
                arguments += ["-Xcc", f"-fmodule-map-file={mapping}"]
            arguments += ["-Xcc", "-I" + os.path.join(sources, target, "include")]
    scratch = os.path.realpath(build)
    while scratch != "/" and not os.path.exists(os.path.join(scratch, "checkouts")):
        scratch = os.path.dirname(scratch)
    checkouts = os.path.join(scratch, "checkouts")
    for package in sorted(os.listdir(checkouts)) if os.path.isdir(checkouts) else []:
        package_sources = os.path.join(checkouts, package, "Sources")
        for target in sorted(os.listdir(package_sources)) if os.path.isdir(package_sources) else []:
            include = os.path.join(package_sources, target, "include")
            mapping = os.path.join(include, "module.modulemap")
            if os.path.exists(mapping):
                arguments += ["-Xcc", f"-fmodule-map-file={mapping}"]
            if os.path.exists(include):
                arguments += ["-Xcc", "-I" + include]
    flags = subprocess.run(["pkg-config", "--cflags", "freetype2", "fontconfig", "libpng", "yaml-0.1", "libgpiod", "libcurl", "libmosquitto"],
                           capture_output=True, text=True).stdout.split()
    for flag in flags:
        arguments += ["-Xcc", flag]
    return arguments


def typecheck(base, folder, name, imports, blocks):
    """Type-checks `blocks` (top-level code) in one file; the indexes of the blocks with an error
    that is not one of ACCEPTED."""
    path = os.path.join(folder, f"{name}.swift")
    starts = []
    with open(path, "w") as out:
        text = "".join(f"import {module}\n" for module in imports) + PRELUDE
        line = text.count("\n") + 1
        for block in blocks:
            starts.append(line)
            text += block + "\n"
            line += block.count("\n") + 1
        out.write(text)
    result = subprocess.run(base + [path], capture_output=True, text=True)
    if re.search(r"error: no such module", result.stdout + result.stderr):
        # A module that is not there fails every block.
        return set(range(len(blocks))), result.stdout + result.stderr
    failing = set()
    unavailable = set()
    prelude_broken = []
    for diagnostic in re.finditer(rf"^{re.escape(path)}:(\d+):\d+: error: (.*)$", result.stdout + result.stderr, re.M):
        number, message = int(diagnostic.group(1)), diagnostic.group(2)
        index = next((i for i in range(len(starts) - 1, -1, -1) if starts[i] <= number), None)
        if index is not None and "is unavailable" in message:
            unavailable.add(index)
        if any(word in message for word in ACCEPTED):
            continue
        if index is None:
            prelude_broken.append(message)
        else:
            failing.add(index)
    if prelude_broken:
        raise SystemExit(f"census check: the probe's own prelude does not compile: {prelude_broken[:3]}")
    typecheck.unavailable = unavailable
    return failing, result.stdout + result.stderr


def generated_intents(rows, folder):
    """The Swift the IntentDefinitions plugin's tool writes for a definition with one intent
    (no parameters) for each `…Intent` type among `rows` that Glance's API does not have."""
    known = set()
    for line in open(os.path.join(ROOT, "api", "Glance.api")):
        parts = line.split()
        if len(parts) >= 3 and parts[1] in ("class", "struct", "protocol", "enum", "typealias"):
            known.add(parts[2].split(".")[0].rstrip(":"))
    names = sorted({re.match(r"[A-Za-z_]\w*", row["shape"]).group(0) for row in rows
                    if row["kind"] in ("type", "init", "static", "conformance") and re.match(r"[A-Za-z_]\w*Intent\b", row["shape"])}
                   - known)
    intents = "".join(f"<dict><key>INIntentName</key><string>{name[:-len('Intent')]}</string></dict>" for name in names if name != "Intent")
    definition = os.path.join(folder, "Probe.intentdefinition")
    with open(definition, "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>INIntents</key><array>'
                  + intents + "</array></dict></plist>")
    output = os.path.join(folder, "ProbeIntents.swift")
    tool = os.path.join(ROOT, ".build", "debug", "glance-intentdefinition")
    subprocess.run([tool, definition, output], check=True)
    return output


def check(keep=None):
    """Type-checks every shape; returns the rows with `covered` filled in."""
    api = API()
    usage = [row for row in table(os.path.join(DATA, "usage.tsv")) if row["framework"] not in ("import", "?")]
    base = compiler_arguments()
    counter = [0]
    by_framework = collections.defaultdict(list)
    for row in usage:
        by_framework[row["framework"]].append(row)
    folder = keep or tempfile.mkdtemp(prefix="census-check-")
    os.makedirs(folder, exist_ok=True)
    for framework, rows in sorted(by_framework.items()):
        imports = list(BASE_IMPORTS)
        if framework not in imports:
            imports.append(framework)
        checker = base
        if framework == "Intents":
            # The census counts as Intents' the classes Xcode generates from a repository's
            # .intentdefinition (`ConfigurationIntent`); the IntentDefinitions plugin generates
            # them from that file. Here from a definition naming the intents the shapes use.
            checker = base + [generated_intents(rows, folder)]
        # Is the framework's module there at all?
        missing, _ = typecheck(checker, folder, f"import-{framework}", imports, [""])
        blocks, owner = [], []
        for index, row in enumerate(rows):
            for block in uses(row, api, counter):
                blocks.append(block)
                owner.append(index)
        if missing:
            for row in rows:
                row["covered"] = "no"
                row["why"] = f"no module {framework}"
            continue
        covered = set()
        pending = list(range(len(blocks)))
        rounds = 0
        # A shape one of whose uses is "unavailable" (a framework a wall has no use for) is not
        # provided, even where another use passes (`extension Activity {}` says nothing).
        unavailable = set()
        # The type checker may stop early on a broken file; check the blocks that passed again
        # on their own file until none fails.
        while pending:
            rounds += 1
            failing, _ = typecheck(checker, folder, f"{framework}-{rounds}", imports, [blocks[i] for i in pending])
            unavailable.update(owner[pending[i]] for i in typecheck.unavailable)
            passed = [pending[i] for i in range(len(pending)) if i not in failing]
            if not failing:
                covered.update(owner[i] for i in passed)
                break
            pending = passed
        covered -= unavailable
        for index, row in enumerate(rows):
            row["covered"] = "yes" if index in covered else "no"
            row["why"] = "" if index in covered else ("no generated use" if index not in owner else "does not type-check")
    return usage
