#!/usr/bin/env python3
"""The library's layers, checked: each folder of Sources/HuntKit uses only the types of the
folders in layers below it (siblings in one layer do not use each other). The layering is the
one drawn in Sources/HuntKit/HuntKit.docc/Architecture.md; keep the two the same. And each C
library's module is imported (`internal import`) only by the one file that wraps it.

A "use" is a capitalised word in the code (comments and string literals left out) that names a
type declared at the top level of a file in another folder; a name that is also declared (at any
depth) in the using file is that file's own. Prints each use that goes up or sideways, with the
file, and exits 1 if there is any.

usage (from the project root): .ci/check/layers.py
"""
import os, re, sys

LAYERS = [["Support"], ["YAML"], ["Geo"], ["Photos"], ["Definition"], ["Targets"], ["Judging", "Simulation"], ["Reports"]]
ROOT = "Sources/HuntKit"
rank = {folder: i for i, layer in enumerate(LAYERS) for folder in layer}

def code(text):
    text = re.sub(r'"""[\s\S]*?"""', '""', text)
    text = re.sub(r'//[^\n]*', '', text)
    return re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)

files = {}
for directory, _, names in os.walk(ROOT):
    for name in names:
        if name.endswith(".swift"):
            path = os.path.join(directory, name)
            folder = os.path.relpath(path, ROOT).split(os.sep)[0]
            if folder not in rank:
                sys.exit(f"layers: {path}: the folder {folder} is in no layer; add it to LAYERS here and to Architecture.md")
            files[path] = (folder, code(open(path, encoding="utf-8").read()))

declaration = r'(?:(?:public|internal|private|fileprivate|final|indirect)\s+)*(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)'
declared = {}
for path, (folder, text) in files.items():
    for name in re.findall(r'^' + declaration, text, re.M):
        declared.setdefault(name, set()).add(folder)

wrong = []
# C stays in its box: each system-library module (a folder of Sources/ with a module.modulemap) is
# imported, with `internal import`, by the one Swift file that wraps its library, named here and in
# Architecture.md.
WRAPPERS = {"CYAML": "HuntKit/YAML/YAMLParser.swift", "CEXIF": "HuntKit/Photos/LibExif.swift",
            "CPROJ": "HuntKit/Geo/Geodesic.swift", "CJPEG": "HuntKit/Photos/JPEGScaler.swift",
            "CHEIF": "HuntKit/Photos/HEIFDecoder.swift", "CCairo": "HuntSheets/PDFCanvas.swift",
            "CQRencode": "HuntSheets/QRCode.swift", "CMalloc": "HuntServe/ProcessMemory.swift"}
modules = {m for m in os.listdir("Sources") if os.path.exists(os.path.join("Sources", m, "module.modulemap"))}
for module in sorted(modules - WRAPPERS.keys()):
    wrong.append(f"Sources/{module}: a system library no file is named to wrap; add it to WRAPPERS here and to Architecture.md")
for directory, _, names in os.walk("Sources"):
    for name in sorted(names):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(directory, name)
        for prefix, module in re.findall(r'^\s*((?:@\w+\s+)*(?:\w+\s+)?)import\s+(\w+)', code(open(path, encoding="utf-8").read()), re.M):
            if module not in modules:
                continue
            if os.path.relpath(path, "Sources") != WRAPPERS.get(module):
                wrong.append(f"{path}: imports {module}, which only Sources/{WRAPPERS.get(module)} wraps")
            elif prefix.split() != ["internal"]:
                wrong.append(f"{path}: imports {module} without `internal import`, so C types could leave the file")
for path, (folder, text) in sorted(files.items()):
    own = set(re.findall(r'^\s*' + declaration, text, re.M))
    for word in sorted(set(re.findall(r'\b[A-Z]\w*\b', text)) - own):
        for other in declared.get(word, ()):
            if other != folder and rank[other] >= rank[folder]:
                wrong.append(f"{path}: {folder} uses {word} of {other}, which is not below it")
for line in wrong:
    print(line)
print(f"layers: {len(files)} files, {'all' if not wrong else len(wrong)} " + ("use only layers below them" if not wrong else "uses go up or sideways"))
sys.exit(1 if wrong else 0)
