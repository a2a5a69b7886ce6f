#!/usr/bin/env python3
"""Validates the example view trees in Tests/Fixtures/Views/*.json against sdk/view-tree.schema.json.

Needs `jsonschema` (pip install jsonschema). Exits 1 when the schema is not valid JSON Schema
2020-12, when there are no examples, or when any example fails, naming the file and the path.
"""
import json
import pathlib
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit("check-view-schema: needs jsonschema (pip install jsonschema)")

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "sdk" / "view-tree.schema.json"
EXAMPLES = ROOT / "Tests" / "Fixtures" / "Views"


def main() -> int:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    examples = sorted(EXAMPLES.glob("*.json"))
    if not examples:
        print(f"check-view-schema: no examples in {EXAMPLES.relative_to(ROOT)}", file=sys.stderr)
        return 1
    failed = 0
    for example in examples:
        name = example.relative_to(ROOT)
        errors = sorted(validator.iter_errors(json.loads(example.read_text(encoding="utf-8"))), key=lambda e: list(e.path))
        if errors:
            failed += 1
            for error in errors:
                path = ".".join(["view", *map(str, error.path)])
                print(f"{name}: {path}: {error.message}", file=sys.stderr)
        else:
            print(f"{name}: ok")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
