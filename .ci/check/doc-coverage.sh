#!/usr/bin/env bash
# Counts HuntKit's and HuntServe's public declarations with and without a `///` doc comment, and fails when fewer
# than MIN_PERCENT (default 95) have one: every public type, property and method a script can call
# should say in the docs what it is for. Witnesses of standard protocols (operators, `hash(into:)`,
# `description`, `encode(to:)`, `init(from:)`, ...) are not counted: DocC shows the protocol's
# documentation for them.
#
# usage (from the project root): .ci/check/doc-coverage.sh [--list]   (--list: the undocumented ones)
set -euo pipefail
cd "$(dirname "$0")/../.."
MIN_PERCENT=${MIN_PERCENT:-95} python3 - "${1:-}" <<'PY'
import os, re, sys

declaration = re.compile(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:(?:final|static|class|mutating|nonmutating|override|convenience|nonisolated|indirect|required|lazy|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*'
                         r'(func|var|let|init|struct|enum|class|protocol|typealias|actor|subscript|case)\b[\s?!]*([^\s(:<{=]*)')
witnesses = {'hash', 'description', 'encode', 'makeIterator', 'next', 'hashValue', 'debugDescription', 'errorDescription'}
attribute = re.compile(r'^\s*@\w+')
documented, missing = 0, []
for folder, _, names in (walk for root in ('Sources/HuntKit', 'Sources/HuntServe') for walk in os.walk(root)):
    for name in sorted(names):
        if not name.endswith('.swift'):
            continue
        path = os.path.join(folder, name)
        lines = open(path, encoding='utf-8').read().split('\n')
        # Members of a type that is not public (`package`, internal) are not the library's API:
        # a stack of the open braces, each marking whether it is inside such a type.
        hidden = [False]
        for i, line in enumerate(lines):
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
            code = code.split('//')[0]
            opens_type = re.match(r'^\s*(?:@\w+(?:\([^)]*\))?\s+)*((?:\w+\s+)*)(struct|enum|class|protocol|actor|extension)\s', code)
            m = declaration.match(line)
            outside = hidden[-1]
            for ch in code:
                if ch == '{':
                    hide = hidden[-1]
                    if opens_type:
                        modifiers = opens_type.group(1).split()
                        hide = hide or (opens_type.group(2) != 'extension' and 'public' not in modifiers)
                        opens_type = None
                    hidden.append(hide)
                elif ch == '}' and len(hidden) > 1:
                    hidden.pop()
            if not m or outside:
                continue
            kind, ident = m.group(1), m.group(2)
            if ident in witnesses or (kind == 'func' and not ident) or (kind == 'init' and re.search(r'init\s*\(\s*from decoder', line)):
                continue
            j = i - 1
            while j >= 0 and attribute.match(lines[j]) and not lines[j].strip().startswith('///'):
                j -= 1
            above = lines[j].strip() if j >= 0 else ''
            if above.startswith('///') or above.endswith('*/'):
                documented += 1
            else:
                missing.append(f'{path}:{i + 1}: {line.strip()}')
total = documented + len(missing)
percent = 100.0 * documented / total if total else 100.0
if sys.argv[1] == '--list':
    print('\n'.join(missing))
minimum = float(os.environ['MIN_PERCENT'])
print(f'doc coverage: {documented} of {total} public declarations in Sources/HuntKit and Sources/HuntServe have a /// comment ({percent:.1f} %; at least {minimum:g} % wanted)')
sys.exit(0 if percent >= minimum else 1)
PY
