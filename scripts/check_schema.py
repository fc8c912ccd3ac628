#!/usr/bin/env python3
"""Validates Screenplay documents against the emitted JSON Schema with a real validator.

usage: check_schema.py SCHEMA.json DOCUMENT.json...
Prints one line per document, "ok PATH" or "invalid PATH: message at path", and exits 0
when the schema itself is a valid draft 2020-12 schema (whatever the documents say).
"""
import json
import sys

from jsonschema import Draft202012Validator


def main() -> int:
    schema_path, *documents = sys.argv[1:]
    with open(schema_path, encoding="utf-8") as handle:
        schema = json.load(handle)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    for path in documents:
        with open(path, encoding="utf-8") as handle:
            document = json.load(handle)
        errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
        if errors:
            first = errors[0]
            where = ".".join(str(part) for part in first.absolute_path) or "$"
            print(f"invalid {path}: {first.message} at {where}")
        else:
            print(f"ok {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
