"""What the lever scripts share: replacing each generated struct whose first line matches, doc comment and all, and
rewriting every generated file of a folder into another."""
import glob
import os
import re


def replaced_structs(text, header, replacement):
    """`text` with every struct whose first line matches the regular expression `header` (its group 1 the
    indentation) replaced, with the doc comment above it, by the lines `replacement(body, indent, preceding)`
    returns; `preceding` is the list of lines before the struct."""
    lines = text.split("\n")
    result = []
    index = 0
    while index < len(lines):
        match = re.match(header, lines[index])
        if not match:
            result.append(lines[index])
            index += 1
            continue
        indent = match.group(1)
        while result and result[-1].strip().startswith("///"):
            result.pop()
        end = index
        while lines[end] != indent + "}":
            end += 1
        result += replacement("\n".join(lines[index:end + 1]), indent, result)
        index = end + 1
    return "\n".join(result)


def rewrite_folder(source, destination, rewritten):
    """Writes `rewritten(text)` of each `.swift` file of `source` to the file of the same name in `destination`."""
    os.makedirs(destination, exist_ok=True)
    for path in glob.glob(os.path.join(source, "*.swift")):
        with open(path) as file:
            text = file.read()
        with open(os.path.join(destination, os.path.basename(path)), "w") as file:
            file.write(rewritten(text))


def wrapped_type(spelling):
    """The type an optional type spelling wraps (`T?` or `Optional<T>`), or the spelling itself."""
    spelling = spelling.strip()
    if spelling.startswith("Optional<") and spelling.endswith(">"):
        return spelling[len("Optional<"):-1]
    return spelling.rstrip("?")
