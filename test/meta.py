#!/usr/bin/python3
"""META.json, the PGXN distribution metadata, against the PGXN meta spec
1.0.0's required keys and in step with chess.control: the version is the
control file's default_version (the distribution's and the extension's),
the provided extension's file exists, the license is one the spec names.
Prints "N passed, M failed"."""
import json
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
passed = failed = 0


def check(ok, what):
    global passed, failed
    print(("ok     " if ok else "FAILED ") + what)
    passed, failed = passed + bool(ok), failed + (not ok)


try:
    meta = json.load(open(os.path.join(root, "META.json"), encoding="utf-8"))
    check(True, "META.json is JSON")
except (OSError, ValueError) as e:
    check(False, f"META.json is JSON ({e})")
    print(f"{passed} passed, {failed} failed")
    sys.exit(1)
control = open(os.path.join(root, "chess.control"), encoding="utf-8").read()
default = re.search(r"default_version\s*=\s*'([^']+)'", control).group(1)
for key in ("name", "abstract", "version", "maintainer", "license", "provides", "meta-spec"):
    check(key in meta, f"the required key {key} is there")
semver = re.compile(r"^\d+\.\d+\.\d+$")
check(meta.get("name") == "chess", "the distribution is named chess")
check(meta.get("version") == default, f"its version is chess.control's default_version {default}")
check(bool(semver.match(str(meta.get("version")))), "the version is a semantic version")
ext = meta.get("provides", {}).get("chess", {})
check(ext.get("version") == default, "the extension chess it provides has that version")
check(os.path.isfile(os.path.join(root, ext.get("file", "-"))), f"its file {ext.get('file')} exists")
check(os.path.isfile(os.path.join(root, ext.get("docfile", "-"))), f"its docfile {ext.get('docfile')} exists")
check(meta.get("meta-spec", {}).get("version") == "1.0.0", "meta-spec 1.0.0")
licenses = {"agpl_3", "apache_1_1", "apache_2_0", "artistic_1", "artistic_2", "bsd", "freebsd", "gfdl_1_2",
            "gfdl_1_3", "gpl_1", "gpl_2", "gpl_3", "lgpl_2_1", "lgpl_3_0", "mit", "mozilla_1_0",
            "mozilla_1_1", "openssl", "perl_5", "postgresql", "qpl_1_0", "ssleay", "sun", "zlib",
            "open_source", "restricted", "unrestricted", "unknown"}
check(meta.get("license") in licenses, f"the license {meta.get('license')!r} is one the spec names")
check(meta.get("license") == "postgresql" and "PostgreSQL License" in open(os.path.join(root, "LICENSE")).read(),
      "the PostgreSQL License, as LICENSE says")
check(meta.get("release_status") in ("stable", "testing", "unstable"), "a release status the spec names")
pg = meta.get("prereqs", {}).get("runtime", {}).get("requires", {}).get("PostgreSQL", "")
check(pg == "13.0.0", "requires PostgreSQL 13 (the oldest major test/majors.sh builds on)")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
