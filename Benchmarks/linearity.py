#!/usr/bin/env python3
"""Times the release `model-generator` on inputs built to cost more than their size, at two sizes each, and prints
the ratio of the times per doubling of the input (linear: about 2; the target is at most 2.3).

usage: linearity.py MODEL_GENERATOR [ROUNDS]

Each input is run ROUNDS times (default 15), in turn with the others of its row, and the least processor time (user
and system, all threads) is kept. The time of the same command on a minimal input (process start, loading the
runtime, writing the YAML or the output folder) is subtracted, so the ratio is that of the work the input causes;
the raw times are printed too.
"""
import os
import shutil
import subprocess
import sys
import tempfile

generator = os.path.abspath(sys.argv[1])
rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
scratch = tempfile.mkdtemp(prefix="model-generator-linearity.")

# Must match NodeReader.documentNestingLimit.
NESTING_LIMIT = 32


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as file:
        file.write(text)


def timed(arguments, directory):
    """The processor time (user and system, all threads) of one run, in seconds; the command must succeed. Wall
    time on this shared two-core machine moves with whatever else runs; the work a run does moves much less."""
    process = subprocess.Popen(arguments, cwd=directory, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        sys.exit("failed: %s in %s\n%s" % (" ".join(arguments), directory, errors.decode()[-2000:]))
    return usage.ru_utime + usage.ru_stime


# Inputs for `import`: each function writes one file of about `size` bytes (and the header or mapping file that goes
# with it) under names starting with `prefix`, and returns the mapping files and the headers to name.

EMPTY_MAPPING = "@implementation Empty\n@end\n"


def defines_line(directory, size, prefix):
    """The issue's case: one line of `#define`s, read as a header."""
    write("%s/%sDefines.h" % (directory, prefix), "#define " * (size // 8) + "\n")
    return [], [prefix + "Defines.h"]


def header(directory, size, prefix):
    """Headers as apps write them: constants, enums, classes with properties and comments."""
    parts = []
    index = 0
    while sum(map(len, parts)) < size:
        name = "%sModel%d" % (prefix, index)
        parts.append(
            "// %s.\n#define k%sKey @\"%s\"\n"
            "typedef NS_ENUM(NSInteger, %sKind) { %sKindA, %sKindB };\n"
            "@interface %s : NSObject\n"
            "@property (nonatomic, copy, nullable) NSString *name; /* the name */\n"
            "@property (nonatomic, strong) NSArray<NSNumber *> *scores;\n"
            "@property (nonatomic) %sKind kind;\n@end\n" % ((name,) * 8)
        )
        index += 1
    write("%s/%sModels.h" % (directory, prefix), "".join(parts))
    return [], [prefix + "Models.h"]


def mapping_code(directory, size, prefix):
    """RestKit 0.20 mapping code, one class of four properties after another, with its header."""
    code, declarations = [], []
    index = 0
    while sum(map(len, code)) < size:
        name = "%sModel%d" % (prefix, index)
        code.append(
            "@implementation %s (Mapping)\n+ (RKObjectMapping *)mapping {\n"
            "    RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[%s class]];\n"
            "    [mapping addAttributeMappingsFromDictionary:@{ @\"id\": @\"identifier\", @\"full_name\": @\"name\" }];\n"
            "    [mapping addAttributeMappingsFromArray:@[ @\"title\", @\"score\" ]];\n"
            "    return mapping;\n}\n@end\n" % (name, name)
        )
        declarations.append(
            "@interface %s : NSObject\n@property (nonatomic, copy) NSString *identifier;\n"
            "@property (nonatomic, copy) NSString *name;\n@property (nonatomic, copy) NSString *title;\n"
            "@property (nonatomic) NSInteger score;\n@end\n" % name
        )
        index += 1
    write("%s/%sMappings.m" % (directory, prefix), "".join(code))
    write("%s/%sModels.h" % (directory, prefix), "".join(declarations))
    return [prefix + "Mappings.m"], [prefix + "Models.h"]


def one_class_mapping(directory, size, prefix):
    """One class that maps thousands of properties, each looked up in its header."""
    lines, declarations = [], []
    index = 0
    while sum(map(len, lines)) < size:
        lines.append("    [mapping addAttributeMappingsFromArray:@[ @\"property%d\" ]];\n" % index)
        declarations.append("@property (nonatomic, copy) NSString *property%d;\n" % index)
        index += 1
    write(
        "%s/%sMappings.m" % (directory, prefix),
        "@implementation %sBig (Mapping)\n+ (RKObjectMapping *)mapping {\n"
        "    RKObjectMapping *mapping = [RKObjectMapping mappingForClass:[%sBig class]];\n" % (prefix, prefix)
        + "".join(lines)
        + "    return mapping;\n}\n@end\n",
    )
    write("%s/%sModels.h" % (directory, prefix), "@interface %sBig : NSObject\n" % prefix + "".join(declarations) + "@end\n")
    return [prefix + "Mappings.m"], [prefix + "Models.h"]


def nested_expressions(directory, size, prefix):
    """Statements nested 250 brackets deep (the limit is 256), one after another."""
    statement = "    x = " + "(" * 125 + "[" * 125 + "a b" + "]" * 125 + ")" * 125 + ";\n"
    body = statement * max(1, size // len(statement))
    write("%s/%sNested.m" % (directory, prefix), "@implementation %sNested\n- (void)map {\n" % prefix + body + "}\n@end\n")
    return [prefix + "Nested.m"], []


def importing(make, copies):
    """`import` of `copies` files made by `make`, in one run; an empty mapping file stands in when they are all
    headers. Many files of one size in a run measure what each costs, over the noise of starting a process."""
    def setup(directory, size):
        mappings, headers = [], []
        for copy in range(copies if size > 0 else 0):
            more_mappings, more_headers = make(directory, size, "C%d" % copy)
            mappings += more_mappings
            headers += more_headers
        if not mappings:
            write(directory + "/Empty.m", EMPTY_MAPPING)
            mappings = ["Empty.m"]
        command = [generator, "import", "--from", "restkit"] + mappings + ["--output", "out.yaml"]
        return command + (["--headers"] + headers if headers else [])

    return setup


# Objects per schema: enough work that starting the process is a small part of the time.
OBJECTS = 40


def cortex_schema(depth):
    """Cortex objects, each nesting `depth` documents with four strings next to each."""
    def properties(level):
        strings = ['{"name": "c_text%d_%d", "type": "String"}' % (level, k) for k in range(4)]
        if level == depth:
            return "[" + ", ".join(strings) + "]"
        inner = '{"name": "c_level%d", "type": "Document", "properties": %s}' % (level + 1, properties(level + 1))
        return "[" + ", ".join(strings + [inner]) + "]"

    objects = [
        '{"name": "c_deep%d", "pluralName": "c_deeps%d", "properties": %s}' % (index, index, properties(0))
        for index in range(OBJECTS)
    ]
    return '{"objects": [%s]}\n' % ", ".join(objects)


def mia_schema(depth):
    """Mia-Platform collections, each nesting `depth` objects with four strings next to each."""
    def schema(level):
        members = ['"text%d_%d": {"type": "string"}' % (level, k) for k in range(4)]
        if level < depth:
            members.append('"level%d": %s' % (level + 1, schema(level + 1)))
        return '{"type": "object", "properties": {%s}}' % ", ".join(members)

    collections = [
        '{"name": "deep%d", "endpointBasePath": "/deep%d", "schema": %s}' % (index, index, schema(0))
        for index in range(OBJECTS)
    ]
    return "[%s]\n" % ", ".join(collections)


def nested_schema(make):
    def setup(directory, depth):
        write(directory + "/schema.json", make(depth))
        write(
            directory + "/model-generator.yaml",
            "schemas: [schema.json]\noutput: Generated\ngenerate: [models, queries, bodies]\n",
        )
        return [generator, "generate", "--config", "model-generator.yaml"]

    return setup


def measure(name, setup, small, large, files=""):
    """Prints one table row: the raw and net times at both sizes, the net ratio, and the input and output sizes. The
    baseline is the same command on an input of size 0."""
    runs = {}
    for label, size in (("baseline", 0), ("small", small), ("large", large)):
        directory = tempfile.mkdtemp(dir=scratch)
        runs[label] = (directory, setup(directory, size))
    # The three in turn, round after round, so that a busy minute on the machine slows all of them.
    times = {label: float("inf") for label in runs}
    for _ in range(rounds):
        for label, (directory, command) in runs.items():
            # Every run of `generate` writes all its files: none is up to date.
            shutil.rmtree(os.path.join(directory, "Generated"), ignore_errors=True)
            times[label] = min(times[label], timed(command, directory))
    sizes = {
        label: (folder_bytes(directory, exclude="Generated"), folder_bytes(os.path.join(directory, "Generated")))
        for label, (directory, _) in runs.items()
    }
    base, low, high = times["baseline"], times["small"], times["large"]
    ratio = (high - base) / (low - base) if low > base else float("nan")
    if "schema" in name:
        described = "depth %d → %d (%d → %d KB, output %.1f → %.1f MB)" % (
            small, large, sizes["small"][0] // 1024, sizes["large"][0] // 1024,
            sizes["small"][1] / 1e6, sizes["large"][1] / 1e6,
        )
    else:
        described = "%s%d → %d KB" % (files, small // 1024, large // 1024)
    print("| %s | %s | %.1f | %.1f | %.1f | %.2f |" % (name, described, base * 1000, low * 1000, high * 1000, ratio))


def folder_bytes(directory, exclude=None):
    total = 0
    for root, folders, files in os.walk(directory):
        folders[:] = [folder for folder in folders if folder != exclude]
        total += sum(os.path.getsize(os.path.join(root, name)) for name in files if not name.startswith("."))
    return total


print("| input | sizes | baseline (ms CPU) | small (ms CPU) | large (ms CPU) | net time ratio |")
print("| --- | --- | --- | --- | --- | --- |")
K = 1024
try:
    # 64 and 128 KB files, sixteen of them in a run; then one file of 1 and 2 MB.
    for small, copies in ((64 * K, 16), (1024 * K, 1)):
        files = "%d files of " % copies if copies > 1 else ""
        measure("tokenizer: one line of #defines", importing(defines_line, copies), small, 2 * small, files)
        measure("tokenizer: app headers", importing(header, copies), small, 2 * small, files)
        measure("import: mapping code", importing(mapping_code, copies), small, 2 * small, files)
        measure("import: one class of many properties", importing(one_class_mapping, copies), small, 2 * small, files)
        measure("import: expressions nested 250 deep", importing(nested_expressions, copies), small, 2 * small, files)
    measure("Cortex schema nesting, %d objects" % OBJECTS, nested_schema(cortex_schema), NESTING_LIMIT // 2, NESTING_LIMIT)
    measure("Mia schema nesting, %d collections" % OBJECTS, nested_schema(mia_schema), NESTING_LIMIT // 2, NESTING_LIMIT)
finally:
    shutil.rmtree(scratch)
