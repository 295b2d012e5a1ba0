#!/usr/bin/env python3
"""The levers of #29's item 1 that rewrite a part of each model, taken together: `Patch` as one generic type
(generic_patch.py, its faster `fields` form), `Create` as one generic type (generic_create.py) and the query fields
from one key-path table (fields_table.py), applied in that order, with their three runtime sides copied next to the
output. What they save together is what the shape of the API can give without touching the models themselves.
usage: all_levers.py SOURCE_FOLDER DESTINATION_FOLDER"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))


def main():
    source, destination = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as work:
        patched, created = os.path.join(work, "patch"), os.path.join(work, "create")
        steps = [("generic_patch.py", source, patched, ["fields"]), ("generic_create.py", patched, created, []),
                 ("fields_table.py", created, destination, [])]
        for script, from_folder, to_folder, arguments in steps:
            subprocess.run([sys.executable, os.path.join(here, script), from_folder, to_folder] + arguments,
                           check=True)
    for name in os.listdir(destination):
        path = os.path.join(destination, name)
        with open(path) as file:
            text = file.read()
        # The Patch rewrite marks the extension that holds `Create` as `PatchableModel` before the Create rewrite
        # looks for it.
        text = re.sub(r"extension (\w+): PatchableModel \{\n    public typealias Create = ",
                      r"extension \1: PatchableModel, CreatableModel {\n    public typealias Create = ", text)
        with open(path, "w") as file:
            file.write(text)
    for runtime in ["GenericPatch.swift", "GenericCreate.swift", "FieldsTable.swift"]:
        shutil.copy(os.path.join(here, runtime), destination)


main()
