#!/usr/bin/env python3
"""The library's layers, checked: each folder of Sources/HuntKit uses only the types of the
folders in layers below it (siblings in one layer do not use each other). The layering is the
one drawn in Sources/HuntKit/HuntKit.docc/Architecture.md; keep the two the same. And each C
library's module is imported (`internal import`) only by the one file that wraps it.

A "use" is a word in the code (comments and string literals left out) that names what a file in
another folder declares: a capitalised word naming a type declared at the top level; `.name`
naming a member an extension declares (`extension URL { var relativePathForDisplay }`), as long as
no type of the using folder or the folders below it has a member of that name and the standard
library gives no member of that name (`STANDARD`: `.map` could be either); `name(` calling a free
function. A name that is also declared (at any depth) in the using file is that file's own.
Prints each use that goes up or sideways, with the file, and exits 1 if there is any.
.ci/check/layers_test.py runs it on small made-up trees.

usage (from the project root): .ci/check/layers.py
"""
import os, re, sys

LAYERS = [["Support"], ["YAML"], ["Geo", "Language"], ["Photos"], ["Definition"], ["Targets"], ["Judging", "Simulation"], ["Reports"]]
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

modifiers = r'(?:(?:@\w+(?:\([^)]*\))?\s+)|(?:(?:public|internal|private|fileprivate|package|final|indirect|static|class|mutating|nonisolated|override|convenience|lazy|dynamic)\s+))*'
declaration = modifiers + r'(?:struct|enum|class|protocol|actor|typealias)\s+(\w+)'
member = modifiers + r'(?:func|var|let|case)\s+`?(\w+)'

# Members the standard library and Foundation give their types, which an extension may overload
# (`Target.map(of:…)`, `[UInt8].starts(with:at:)`): a use of one of these names could be either.
STANDARD = {"map", "compactMap", "flatMap", "filter", "reduce", "contains", "first", "last", "starts", "sorted",
            "min", "max", "count", "isEmpty", "rounded", "description", "hash", "encode", "joined", "split",
            "append", "insert", "remove", "prefix", "suffix", "index", "lowercased", "uppercased", "path", "allCases"}

def depth_one(text):
    """Each line of `text` at brace depth 1 (a member of a top-level declaration), with the line
    that opens its declaration: [(opening line, member line)]."""
    out, depth, top = [], 0, ""
    for line in text.split("\n"):
        if depth == 0:
            top = line
        elif depth == 1:
            out.append((top, line))
        depth += line.count("{") - line.count("}")
    return out

declared = {}      # type name -> folders
members = {}       # extension member name -> folders
functions = {}     # free function name -> folders
anywhere = {}      # any declared name (types, members at any depth) -> folders
for path, (folder, text) in files.items():
    for name in re.findall(r'^' + declaration, text, re.M):
        declared.setdefault(name, set()).add(folder)
    for name in re.findall(r'^' + modifiers + r'func\s+`?(\w+)', text, re.M):
        functions.setdefault(name, set()).add(folder)
    for top, line in depth_one(text):
        if re.match(r'\s*' + modifiers + r'extension\b', top):
            for name in re.findall(r'^\s*' + member, line):
                if name not in STANDARD:
                    members.setdefault(name, set()).add(folder)
    for name in re.findall(r'^\s*' + member, text, re.M) + re.findall(r'^\s*' + declaration, text, re.M):
        anywhere.setdefault(name, set()).add(folder)

wrong = []
# C stays in its box: each system-library module (a folder of Sources/ with a module.modulemap) is
# imported, with `internal import`, by the one Swift file that wraps its library, named here and in
# Architecture.md.
WRAPPERS = {"CYAML": "HuntKit/YAML/YAMLParser.swift", "CEXIF": "HuntKit/Photos/LibExif.swift",
            "CGeographicLib": "HuntKit/Geo/Geodesic.swift", "CJPEG": "HuntKit/Photos/JPEGScaler.swift",
            "CHEIF": "HuntKit/Photos/HEIFDecoder.swift", "CCairo": "HuntSheets/PDFCanvas.swift",
            "CQRencode": "HuntSheets/QRCode.swift", "CMalloc": "HuntServe/ProcessMemory.swift",
            "CNettle": "HuntServe/SHA256.swift", "CSpawn": "HuntKit/Support/ChildProcess.swift"}
# A system library's module map is in its folder; a C or C++ target's (CGeographicLib) in include/.
modules = {m for m in os.listdir("Sources")
           if any(os.path.exists(os.path.join("Sources", m, *sub, "module.modulemap")) for sub in ([], ["include"]))}
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
def above(other, folder):
    return other != folder and rank[other] >= rank[folder]

for path, (folder, text) in sorted(files.items()):
    own = set(re.findall(r'^\s*' + declaration, text, re.M)) | set(re.findall(r'^\s*' + member, text, re.M))
    for word in sorted(set(re.findall(r'\b[A-Z]\w*\b', text)) - own):
        for other in sorted(declared.get(word, ())):
            if above(other, folder):
                wrong.append(f"{path}: {folder} uses {word} of {other}, which is not below it")
    # A member of the same name declared in this folder or below may be the one used.
    for word in sorted(set(re.findall(r'\.\s*(\w+)\b', text)) - own):
        if any(not above(other, folder) for other in anywhere.get(word, ())):
            continue
        for other in sorted(members.get(word, ())):
            wrong.append(f"{path}: {folder} uses .{word}, an extension member in {other}, which is not below it")
    for word in sorted(set(re.findall(r'(?<![.\w])(\w+)\s*\(', text)) - own):
        if any(not above(other, folder) for other in anywhere.get(word, ())):
            continue
        for other in sorted(functions.get(word, ())):
            wrong.append(f"{path}: {folder} calls {word}(), a function of {other}, which is not below it")
for line in wrong:
    print(line)
print(f"layers: {len(files)} files, {'all' if not wrong else len(wrong)} " + ("use only layers below them" if not wrong else "uses go up or sideways"))
sys.exit(1 if wrong else 0)
