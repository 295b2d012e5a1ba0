#!/usr/bin/env python3
"""What `generate: [testing]` costs an app's build (#30): not a rewrite, but the corpus generated again with
`testing` added, into the lever's folder, so lever.sh builds the full output with and without it.
usage: testing_members.py SOURCE_FOLDER DESTINATION_FOLDER GENERATOR
  SOURCE_FOLDER is lever.sh's generated Sources/Full, beside which lever.sh keeps the corpus and its config."""
import os
import subprocess
import sys


def main(source, destination, generator):
    work = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(source))))
    config = os.path.join(work, "corpus", "full.yaml")
    with open(config, encoding="utf-8") as file:
        text = file.read()
    text = text.replace("generate: [models, queries, bodies]", "generate: [models, queries, bodies, testing]")
    relative = os.path.relpath(destination, os.path.dirname(config))
    text = "\n".join(f"output: {relative}" if line.startswith("output:") else line for line in text.splitlines())
    testing = os.path.join(os.path.dirname(config), "testing.yaml")
    with open(testing, "w", encoding="utf-8") as file:
        file.write(text + "\n")
    subprocess.run([generator, "generate", "--config", testing], check=True, stdout=subprocess.DEVNULL)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
