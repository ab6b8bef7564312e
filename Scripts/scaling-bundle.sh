#!/bin/sh
# Packs what Scripts/measure-scaling.py needs to run on a machine with many cores and no Swift, fonts or text
# libraries (README, Performance: "Every core"), as OUTDIR/scaling-bundle.tar.xz (about 35 MB):
#
#   bin/texture-layout      the release build, debug information stripped
#   bin/texture-layout-baseline   BASELINE, when given: another build (an older commit's) to compare with,
#                           run interleaved with this one (it must need no library this one does not)
#   lib/                    every shared library `ldd` lists for it but the C library's own (the Swift runtime,
#                           Foundation, HarfBuzz, FreeType, fontconfig, Cairo, ICU, libpng, libjpeg and theirs)
#   fonts/                  DejaVu Sans (the documents' default font), found through fontconfig here
#   scripts/                make-cards.py and measure-scaling.py (python3 writes the cards there)
#   run.sh                  sets FONTCONFIG_FILE and runs measure-scaling.py, whose runs of the tool get
#                           LD_LIBRARY_PATH=lib (python3 keeps the machine's libraries)
#
# Usage: Scripts/scaling-bundle.sh OUTDIR [BASELINE]   (builds with `swift build -c release --product texture-layout`)
# There: python3 -c 'import tarfile; tarfile.open("OUTDIR/scaling-bundle.tar.xz").extractall("/tmp")'
#        /tmp/scaling-bundle/run.sh [measure-scaling.py's options; default --jobs 1 2 4 8 16 --render 200 --runs 3]
# Scripts/run-scaling-bundle.sh OUTDIR does both.
set -eu
out=${1:?usage: Scripts/scaling-bundle.sh OUTDIR [BASELINE]}
baseline=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
swift build -c release --product texture-layout >&2
binary=$(swift build -c release --show-bin-path)/texture-layout
mkdir -p "$out"
out=$(cd "$out" && pwd)
bundle="$out/scaling-bundle"
rm -rf "$bundle"
mkdir -p "$bundle/bin" "$bundle/lib" "$bundle/fonts" "$bundle/scripts"
strip --strip-debug -o "$bundle/bin/texture-layout" "$binary"
if [ -n "$baseline" ]; then strip --strip-debug -o "$bundle/bin/texture-layout-baseline" "$baseline"; fi

# The C library's own files stay the machine's: they must match its kernel and loader.
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r library; do
    case $(basename "$library") in
    libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | libresolv.so.* | libutil.so.* | ld-linux*) ;;
    *) cp -L "$library" "$bundle/lib/" ;;
    esac
done

for style in "DejaVu Sans" "DejaVu Sans:bold"; do
    cp -L "$(fc-match -f '%{file}' "$style")" "$bundle/fonts/"
done
cp Scripts/make-cards.py Scripts/measure-scaling.py "$bundle/scripts/"
git rev-parse HEAD >"$bundle/commit"

cat >"$bundle/run.sh" <<'EOF'
#!/bin/sh
# Runs Scripts/measure-scaling.py with this bundle's binary, libraries and fonts; arguments go to it.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
work=${SCALING_WORK:-/tmp/scaling-work}
mkdir -p "$work/fontconfig-cache"
cat >"$work/fonts.conf" <<CONF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>$here/fonts</dir>
  <cachedir>$work/fontconfig-cache</cachedir>
</fontconfig>
CONF
# The libraries are the tool's alone: python3 and the shell keep the machine's own (an older libexpat or libz
# than the one python3 was built with would stop it from starting).
export FONTCONFIG_FILE="$work/fonts.conf"
echo "bundle of commit $(cat "$here/commit"); $(nproc) processors; $(uname -srm)"
# Whether the processors are cores or hyperthreads of fewer cores (each pair shares one core's units).
grep -m1 "model name" /proc/cpuinfo || true
echo "logical processors per package: $(grep -m1 siblings /proc/cpuinfo | cut -d: -f2);" \
    "cores per package: $(grep -m1 "cpu cores" /proc/cpuinfo | cut -d: -f2);" \
    "packages: $(grep "physical id" /proc/cpuinfo | sort -u | wc -l)"
if [ $# -eq 0 ]; then set -- --jobs 1 2 4 8 16 --render 200 --runs 3; fi
if [ -e "$here/bin/texture-layout-baseline" ]; then set -- --baseline "$here/bin/texture-layout-baseline" "$@"; fi
exec python3 "$here/scripts/measure-scaling.py" --binary "$here/bin/texture-layout" --library-path "$here/lib" \
    --work "$work" "$@"
EOF
chmod +x "$bundle/run.sh"

# Every library the binaries load must come from the bundle or be the C library's.
LD_LIBRARY_PATH="$bundle/lib" ldd "$bundle"/bin/* | awk -v lib="$bundle/lib/" '
    $2 == "=>" && index($3, lib) != 1 && $1 !~ /^(libc|libm|libpthread|libdl|librt|libresolv|libutil)\.so/ {
        print "scaling-bundle: not in the bundle: " $0; bad = 1 }
    END { exit bad }' >&2

tar -C "$out" -cJf "$out/scaling-bundle.tar.xz" scaling-bundle
echo "$out/scaling-bundle.tar.xz: $(du -m "$out/scaling-bundle.tar.xz" | cut -f1) MiB"
