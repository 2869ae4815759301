#!/usr/bin/env python3
"""Validates hunt files against Templates/hunt.schema.json with the `jsonschema` package.

YAML is read as YAML 1.2's core schema, as editors (yaml-language-server) read it: only
true/false are booleans, `16:00` is text, dates are text. Usage: schema.py SCHEMA FILE...
Files named *.bad.yaml must fail; every other file must pass."""
import json, re, sys
import jsonschema, yaml


class Core12Loader(yaml.SafeLoader):
    pass


Core12Loader.yaml_implicit_resolvers = {}
for tag, pattern, first in [
    ("tag:yaml.org,2002:bool", r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
    ("tag:yaml.org,2002:int", r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$", "-+0123456789"),
    ("tag:yaml.org,2002:float",
     r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$",
     "-+0123456789."),
    ("tag:yaml.org,2002:null", r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
    ("tag:yaml.org,2002:merge", r"^(?:<<)$", "<"),
]:
    Core12Loader.add_implicit_resolver(tag, re.compile(pattern), list(first))


def main():
    schema = json.load(open(sys.argv[1], encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    validator.check_schema(schema)
    failures = 0
    for path in sys.argv[2:]:
        with open(path, encoding="utf-8-sig") as f:
            document = yaml.load(f, Loader=Core12Loader)
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        expect_bad = path.endswith(".bad.yaml")
        if bool(errors) != expect_bad:
            failures += 1
            if expect_bad:
                print(f"{path}: the schema accepts it, but it should not", file=sys.stderr)
            for e in errors:
                where = "/".join(str(p) for p in e.absolute_path) or "(top)"
                print(f"{path}: {where}: {e.message}", file=sys.stderr)
    print(f"schema: {len(sys.argv) - 2 - failures} of {len(sys.argv) - 2} hunt files as expected", file=sys.stderr)
    return 1 if failures else 0


sys.exit(main())
