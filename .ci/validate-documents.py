#!/usr/bin/env python3
"""Validate the documents mjref printed in the tests against schema/, with python-jsonschema.

The tests write one file per run of mjref in a machine format (cmd/dump_test.go, with
MJREF_SCHEMA_DUMP=DIR): its command line, exit status, format, both streams and the schemas its
result may be a document of. Each document on standard output (a JSON document, JSON Lines, or YAML
documents read by PyYAML, a YAML 1.1 reader, as other programs read mjref's YAML) must be valid
under one of those schemas; a batch's bad line under batch-error.json; and an error printed on
standard error under error.json. Exit 1 with each failure named, or when nothing was checked.

usage: validate-documents.py DUMP_DIR SCHEMA_DIR
"""
import glob
import json
import os
import sys

import jsonschema
import referencing
import yaml


def load_schemas(schema_dir):
    schemas, resources = {}, []
    for path in sorted(glob.glob(os.path.join(schema_dir, "*.json"))):
        with open(path, encoding="utf-8") as f:
            s = json.load(f)
        jsonschema.Draft202012Validator.check_schema(s)
        name = os.path.basename(path)[: -len(".json")]
        schemas[name] = s
        resources.append((s["$id"], referencing.Resource.from_contents(s)))
    registry = referencing.Registry().with_resources(resources)
    validators = {
        n: jsonschema.Draft202012Validator(s, registry=registry, format_checker=jsonschema.FormatChecker())
        for n, s in schemas.items()
    }
    return validators


def documents(fmt, text):
    if not text.strip():
        return []
    if fmt == "json":
        try:
            return [json.loads(text)]
        except json.JSONDecodeError:
            pass  # a batch writes JSON Lines for -o json too
    if fmt in ("json", "jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return [d for d in yaml.safe_load_all(text) if d is not None]


def main():
    dump_dir, schema_dir = sys.argv[1], sys.argv[2]
    validators = load_schemas(schema_dir)
    runs = sorted(glob.glob(os.path.join(dump_dir, "*.json")))
    checked, failures = 0, []
    per_schema = {}
    for path in runs:
        with open(path, encoding="utf-8") as f:
            run = json.load(f)
        where = "mjref " + " ".join(run["args"])
        streams = [("stdout", run["stdout"])]
        if run["code"] >= 2 and run["stderr"].strip():
            streams.append(("stderr", run["stderr"]))
        for stream, text in streams:
            try:
                docs = documents(run["format"], text)
            except Exception as e:  # not JSON or YAML at all
                failures.append(f"{where}: {stream} is not {run['format']}: {e}")
                continue
            for i, doc in enumerate(docs, 1):
                if not isinstance(doc, dict):
                    failures.append(f"{where}: {stream} document {i} is not an object")
                    continue
                if "error" in doc and "input_line" in doc:
                    names = ["batch-error"]
                elif "error" in doc and "code" in doc:
                    names = ["error"]
                else:
                    names = run["schemas"]
                errors = []
                for n in names:
                    errs = sorted(validators[n].iter_errors(doc), key=lambda e: list(e.absolute_path))
                    if not errs:
                        errors = None
                        per_schema[n] = per_schema.get(n, 0) + 1
                        break
                    e = errs[0]
                    errors.append(f"{n}.json at {'/'.join(map(str, e.absolute_path)) or '$'}: {e.message[:300]}")
                checked += 1
                if errors:
                    failures.append(f"{where} (-o {run['format']}, {stream} document {i}): " + "; ".join(errors))
    for f in failures:
        print("invalid: " + f)
    print(f"python-jsonschema {jsonschema_version()}: {checked} documents from {len(runs)} runs of mjref, "
          f"{len(failures)} invalid; by schema: " + ", ".join(f"{k} {v}" for k, v in sorted(per_schema.items())))
    if failures or checked == 0:
        sys.exit(1)


def jsonschema_version():
    try:
        from importlib.metadata import version
        return version("jsonschema")
    except Exception:
        return "?"


if __name__ == "__main__":
    main()
