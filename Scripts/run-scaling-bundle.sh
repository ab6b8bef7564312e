#!/bin/sh
# Unpacks OUTDIR/scaling-bundle.tar.xz (made by Scripts/scaling-bundle.sh) into /tmp with python3 (a bare machine
# may have no xz) and runs its run.sh; further arguments go to Scripts/measure-scaling.py.
# Usage: Scripts/run-scaling-bundle.sh OUTDIR [options]
set -eu
out=${1:?usage: Scripts/run-scaling-bundle.sh OUTDIR [options]}
shift
rm -rf /tmp/scaling-bundle
python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall("/tmp")' "$out/scaling-bundle.tar.xz"
exec /tmp/scaling-bundle/run.sh "$@"
