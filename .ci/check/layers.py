#!/usr/bin/env python3
"""The library's layers, checked: each folder of Sources/HuntKit uses only the types of the
folders in layers below it (siblings in one layer do not use each other). The layering is the
one drawn in Sources/HuntKit/HuntKit.docc/Architecture.md; keep the two the same.

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
