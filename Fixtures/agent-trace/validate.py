"""Validates Agent Trace records against the schema, with JSON Schema's formats asserted.

Usage: validate.py SCHEMA RECORD...
Prints one line per record: "valid", or "invalid: " and each error's path and message.
Exits 0 when every record is valid, 1 when one is not, 2 when the formats cannot be checked.
"""
import json
import sys

import jsonschema

# 2020-12 treats `format` as an annotation unless a checker is given; without the optional
# packages, jsonschema's checker silently passes `uri` and `date-time`, so insist on them.
checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
missing = [name for name in ("uuid", "uri", "date-time") if name not in checker.checkers]
if missing:
    print("cannot check the formats " + ", ".join(missing) + " (pip install rfc3339-validator rfc3986-validator)")
    sys.exit(2)

with open(sys.argv[1], encoding="utf-8") as file:
    schema = json.load(file)
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema, format_checker=checker)

status = 0
for path in sys.argv[2:]:
    with open(path, encoding="utf-8") as file:
        record = json.load(file)
    errors = sorted(validator.iter_errors(record), key=lambda error: list(error.absolute_path))
    if errors:
        status = 1
        print("invalid: " + "; ".join("/".join(map(str, error.absolute_path)) + ": " + error.message for error in errors))
    else:
        print("valid")
sys.exit(status)
