#!/usr/bin/env python3
"""Times TextureLayout against two flexbox engines on the same layout documents.

The peers are Taffy (the PyPI package `stretchable`) and Yoga (the PyPI package `poga`). Each document is turned
into the same tree in every engine (stack -> flex container, inset -> padding, spacer -> empty growing item,
node with `size` -> fixed-size leaf); building is not timed, only each engine's compute-layout call. Our own
numbers come from `texture-layout bench` on the same document in the same run. The table gives nanoseconds per
element (the best minimum over the repeats) and our ratio to the faster peer.

Before timing, the engines must agree on the frames of a small document (`texture-layout layout` against both
peers); --skip-check skips that.

    Scripts/compare-peers.py                      # the four bench documents of Benchmarks/Documents
    Scripts/compare-peers.py Benchmarks/Documents/feed.json --time-limit 10 --skip-pipeline

After the per-element table it prints one table of every target of the speed work: full layout and re-layout
against the faster peer, and the pipeline measurements of Scripts/measure-pipeline.py (reading against orjson,
the whole `layout` process, peak memory per element, `--jobs` batches).

The peers are installed into a virtual environment at .build-peers/venv on first use (PyPI), and the script
re-runs itself with that environment's Python. The binary is .build/release/texture-layout, built with
`swift build -c release` when missing (--binary names another).
"""

import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".build-peers", "venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")
# Pinned: stretchable 1.1.8 carries Taffy 0.7.7; poga 0.1.19 carries Yoga 1.19.
# orjson is the reference for reading (Scripts/measure-pipeline.py).
PEER_PACKAGES = ["stretchable==1.1.8", "poga==0.1.19", "orjson==3.13.0"]
DEFAULT_DOCUMENTS = [os.path.join(ROOT, "Benchmarks", "Documents", name + ".json")
                     for name in ("wide", "deep", "feed", "grid")]
DEFAULT_BINARY = os.path.join(ROOT, ".build", "release", "texture-layout")

# Documents nest deeply (deep.json: 2,003 levels of JSON); Python's json and the tree builders recurse.
RECURSION_LIMIT = 1_000_000
THREAD_STACK = 512 * 1024 * 1024


class Unsupported(Exception):
    """A document uses something the peers' mapping does not cover."""


# ---------------------------------------------------------------------------------------------------------------
# The engine-neutral tree: one flexbox box per document element.

class Box:
    """A flex item or container with the properties both peers understand. Sizes are points or None (auto)."""
    __slots__ = ("name", "path", "children", "direction", "wrap", "align_items", "align_self", "justify",
                 "gap_main", "gap_cross", "padding", "width", "height", "min_width", "min_height",
                 "max_width", "max_height", "grow", "shrink", "intrinsic", "parent_direction", "stretched")

    def __init__(self, name, path):
        self.name = name
        self.path = path
        self.children = []
        self.direction = "column"          # of a container: "row" or "column"
        self.wrap = False
        self.align_items = "stretch"       # "start", "end", "center", "stretch"
        self.align_self = "auto"
        self.justify = "start"             # "start", "center", "end", "spaceBetween", "spaceAround"
        self.gap_main = 0.0
        self.gap_cross = 0.0
        self.padding = (0.0, 0.0, 0.0, 0.0)  # top, left, bottom, right
        self.width = self.height = None
        self.min_width = self.min_height = None
        self.max_width = self.max_height = None
        self.grow = 0.0
        self.shrink = 0.0                  # Texture's default, unlike CSS's 1
        self.intrinsic = None              # a leaf's [w, h]
        self.parent_direction = "column"   # the main axis of the container this box is an item of
        self.stretched = True              # whether that container stretches it on its cross axis


STACK_KEYS = {"type", "name", "style", "direction", "spacing", "alignItems", "justifyContent", "flexWrap",
              "alignContent", "lineSpacing", "children"}
DIRECTIONS = {"horizontal": "row", "vertical": "column"}
ALIGN_ITEMS = {"start": "start", "end": "end", "center": "center", "stretch": "stretch"}
ALIGN_SELF = {"auto": "auto", "start": "start", "end": "end", "center": "center", "stretch": "stretch"}
JUSTIFY = {"start": "start", "center": "center", "end": "end", "spaceBetween": "spaceBetween",
           "spaceAround": "spaceAround"}


def number(value, path):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Unsupported(f"{path}: only finite numbers are mapped to the peers, got {json.dumps(value)}")
    return float(value)


def set_leaf_size(box, intrinsic):
    """A node with `size` is a fixed-size leaf. On its container's main axis it has that size as its basis and
    may shrink to nothing (Texture has no automatic minimum size); on the cross axis it has exactly that size,
    unless the container stretches it: then that size is only its minimum, as a stretched Texture node takes the
    line's cross size."""
    box.intrinsic = list(intrinsic)
    w, h = intrinsic
    if box.parent_direction == "row":
        box.width, box.min_width = w, 0.0
        box.height, box.min_height = (None, h) if box.stretched else (h, None)
    else:
        box.height, box.min_height = h, 0.0
        box.width, box.min_width = (None, w) if box.stretched else (w, None)


def to_boxes(document):
    """The document's tree as boxes: (root box, boxes by name). Raises Unsupported outside the mapped subset."""
    names = {}

    def element(e, path, parent_direction, parent_align):
        if not isinstance(e, dict):
            raise Unsupported(f"{path}: not an element")
        kind = e.get("type")
        box = Box(e.get("name"), path)
        if box.name is not None:
            names[box.name] = box
        box.parent_direction = parent_direction
        style = e.get("style", {})
        for key, value in style.items():
            if key == "flexGrow":
                box.grow = number(value, f"{path}.style.flexGrow")
            elif key == "flexShrink":
                box.shrink = number(value, f"{path}.style.flexShrink")
            elif key == "alignSelf" and value in ALIGN_SELF:
                box.align_self = ALIGN_SELF[value]
            else:
                raise Unsupported(f"{path}.style.{key}: not mapped to the peers")
        alignment = parent_align if box.align_self == "auto" else box.align_self
        box.stretched = alignment == "stretch"
        # Items may shrink below their content, as in Texture (Taffy would keep CSS's automatic minimum).
        if parent_direction == "row":
            box.min_width = 0.0
        else:
            box.min_height = 0.0

        if kind == "node":
            extra = set(e) - {"type", "name", "style", "size", "color"}
            if extra or "size" not in e:
                raise Unsupported(f"{path}: only a node with `size` is mapped to the peers")
            size = e["size"]
            set_leaf_size(box, [number(size[0], f"{path}.size[0]"), number(size[1], f"{path}.size[1]")])
        elif kind == "stack":
            extra = set(e) - STACK_KEYS
            if extra:
                raise Unsupported(f"{path}.{sorted(extra)[0]}: not mapped to the peers")
            direction = e.get("direction", "horizontal")
            if direction not in DIRECTIONS:
                raise Unsupported(f"{path}.direction: {direction} is not mapped to the peers")
            box.direction = DIRECTIONS[direction]
            box.wrap = e.get("flexWrap", "noWrap") == "wrap"
            if e.get("alignItems", "stretch") not in ALIGN_ITEMS:
                raise Unsupported(f"{path}.alignItems: {e['alignItems']} is not mapped to the peers")
            box.align_items = ALIGN_ITEMS[e.get("alignItems", "stretch")]
            if e.get("justifyContent", "start") not in JUSTIFY:
                raise Unsupported(f"{path}.justifyContent: not mapped to the peers")
            box.justify = JUSTIFY[e.get("justifyContent", "start")]
            if e.get("alignContent", "start") != "start":
                raise Unsupported(f"{path}.alignContent: only start is mapped to the peers")
            box.gap_main = number(e.get("spacing", 0), f"{path}.spacing")
            box.gap_cross = number(e.get("lineSpacing", 0), f"{path}.lineSpacing")
            box.children = [element(c, f"{path}.children[{i}]", box.direction, box.align_items)
                            for i, c in enumerate(e.get("children", []))]
        elif kind == "inset":
            extra = set(e) - {"type", "name", "style", "insets", "child"}
            if extra:
                raise Unsupported(f"{path}.{sorted(extra)[0]}: not mapped to the peers")
            insets = e.get("insets", {})
            box.padding = tuple(number(insets.get(side, 0), f"{path}.insets.{side}")
                                for side in ("top", "left", "bottom", "right"))
            # The child is laid out in the inset's range less the insets: a stretching column container.
            box.children = [element(e["child"], f"{path}.child", "column", "stretch")]
        elif kind == "spec":
            extra = set(e) - {"type", "name", "style", "child"}
            if extra:
                raise Unsupported(f"{path}.{sorted(extra)[0]}: not mapped to the peers")
            if "child" in e:   # a plain spec passes its range on to its child
                box.children = [element(e["child"], f"{path}.child", "column", "stretch")]
            # without a child: a spacer, an empty item that grows as its style says
        else:
            raise Unsupported(f"{path}: type {kind!r} is not mapped to the peers")
        return box

    root = element(document["root"], "root", "column", "stretch")
    # The root is laid out in the document's size range: exact where min = max, else bounded.
    size_range = document.get("sizeRange", {})
    low = size_range.get("min", [0, 0])
    high = size_range.get("max", ["inf", "inf"])
    for axis, (lo, hi) in enumerate(zip(low, high)):
        lo = number(lo, "sizeRange.min")
        hi = None if hi == "inf" else number(hi, "sizeRange.max")
        if root.intrinsic is not None:
            size = root.intrinsic[axis]
            size = max(lo, size if hi is None else min(hi, size))
            lo = hi = size
        if hi is not None and hi == lo:
            exact, minimum, maximum = lo, None, None
        else:
            exact, minimum, maximum = None, (lo if lo > 0 else None), hi
        if axis == 0:
            root.width, root.min_width, root.max_width = exact, minimum, maximum
        else:
            root.height, root.min_height, root.max_height = exact, minimum, maximum
    return root, names


def count_elements(document):
    count, pending = 0, [document["root"]]
    while pending:
        e = pending.pop()
        count += 1
        pending += e.get("children", [])
        pending += [e[key] for key in ("child", "overlay", "background", "corner", "layout")
                    if isinstance(e.get(key), dict)]
    return count


def load_document(path):
    with open(path, "rb") as file:
        return json.loads(file.read())


# ---------------------------------------------------------------------------------------------------------------
# Taffy, through stretchable's native module (its compute call only; no Python measure callbacks).

class TaffyEngine:
    name = "Taffy"

    def __init__(self):
        from stretchable import taffylib
        from stretchable.context import taffy
        from stretchable import style as S
        self.lib, self.ptr, self.S = taffylib, taffy._ptr, S
        self.lib.disable_rounding(self.ptr)   # Texture's own rounding is to its scale, not to whole points
        self.styles = {}
        self.available = {"width": {"dim": S.geometry.length.Scale.MAX_CONTENT, "value": float("nan")},
                          "height": {"dim": S.geometry.length.Scale.MAX_CONTENT, "value": float("nan")}}
        self.layout_record = taffylib.PyLayout()

    def style(self, box):
        S = self.S
        key = (box.direction, box.wrap, box.align_items, box.align_self, box.justify, box.gap_main,
               box.gap_cross, box.padding, box.width, box.height, box.min_width, box.min_height,
               box.max_width, box.max_height, box.grow, box.shrink)
        found = self.styles.get(key)
        if found is not None:
            return found
        row = box.direction == "row"
        align = {"start": S.AlignItems.FLEX_START, "end": S.AlignItems.FLEX_END,
                 "center": S.AlignItems.CENTER, "stretch": S.AlignItems.STRETCH}
        align_self = {"auto": None, "start": S.AlignSelf.FLEX_START, "end": S.AlignSelf.FLEX_END,
                      "center": S.AlignSelf.CENTER, "stretch": S.AlignSelf.STRETCH}
        justify = {"start": S.JustifyContent.FLEX_START, "end": S.JustifyContent.FLEX_END,
                   "center": S.JustifyContent.CENTER, "spaceBetween": S.JustifyContent.SPACE_BETWEEN,
                   "spaceAround": S.JustifyContent.SPACE_AROUND}

        def length(value):
            return S.AUTO if value is None else value * S.PT

        top, left, bottom, right = box.padding
        style = S.Style(
            flex_direction=S.FlexDirection.ROW if row else S.FlexDirection.COLUMN,
            flex_wrap=S.FlexWrap.WRAP if box.wrap else S.FlexWrap.NO_WRAP,
            align_items=align[box.align_items],
            align_self=align_self[box.align_self],
            align_content=S.AlignContent.FLEX_START,
            justify_content=justify[box.justify],
            gap=S.Size(box.gap_main * S.PT, box.gap_cross * S.PT) if row
            else S.Size(box.gap_cross * S.PT, box.gap_main * S.PT),
            padding=S.Rect(top * S.PT, right * S.PT, bottom * S.PT, left * S.PT),
            size=S.Size(length(box.width), length(box.height)),
            min_size=S.Size(length(box.min_width), length(box.min_height)),
            max_size=S.Size(length(box.max_width), length(box.max_height)),
            flex_grow=box.grow,
            flex_shrink=box.shrink,
        ).to_dict()
        self.styles[key] = style
        return style

    def build(self, root):
        """Creates the engine's tree; returns (root handle, handles by box id, parents by handle)."""
        handles, parents = {}, {}

        def make(box):
            node = self.lib.node_create(self.ptr, self.style(box))
            handles[id(box)] = node
            for child in box.children:
                self.lib.node_add_child(self.ptr, node, make(child))
                parents[handles[id(child)]] = node
            return node

        return make(root), handles, parents

    def compute(self, tree):
        if not self.lib.node_compute_layout(self.ptr, tree[0], self.available):
            raise RuntimeError("Taffy's compute_layout failed")

    def restyle(self, tree, box):
        self.lib.node_set_style(self.ptr, tree[1][id(box)], self.style(box))

    def frame(self, tree, box):
        node = tree[1][id(box)]
        self.lib.node_get_layout(self.ptr, node, self.layout_record)
        r = self.layout_record
        x, y, w, h = r.x, r.y, r.width, r.height
        parent = tree[2].get(node)
        while parent is not None:
            self.lib.node_get_layout(self.ptr, parent, self.layout_record)
            x, y = x + self.layout_record.x, y + self.layout_record.y
            parent = tree[2].get(parent)
        return [x, y, w, h]

    def free(self, tree):
        self.lib.node_drop_all(self.ptr)


# ---------------------------------------------------------------------------------------------------------------
# Yoga, through poga's binding of Yoga 1.19's C API. Yoga 1.19 has no gap: spacing becomes margins (see build).

class YogaEngine:
    name = "Yoga"

    def __init__(self):
        import poga.libpoga_capi as Y
        self.Y = Y
        self.config = Y.YGConfigNew()
        Y.YGConfigSetPointScaleFactor(self.config, 0)   # no rounding, as for Taffy
        self.align = {"auto": Y.YGAlign.Auto, "start": Y.YGAlign.FlexStart, "end": Y.YGAlign.FlexEnd,
                      "center": Y.YGAlign.Center, "stretch": Y.YGAlign.Stretch}
        self.justify = {"start": Y.YGJustify.FlexStart, "end": Y.YGJustify.FlexEnd, "center": Y.YGJustify.Center,
                        "spaceBetween": Y.YGJustify.SpaceBetween, "spaceAround": Y.YGJustify.SpaceAround}

    def set_item(self, node, box):
        """The properties a box has as an item (and as a root)."""
        Y = self.Y
        for value, exact, auto in ((box.width, Y.YGNodeStyleSetWidth, Y.YGNodeStyleSetWidthAuto),
                                   (box.height, Y.YGNodeStyleSetHeight, Y.YGNodeStyleSetHeightAuto)):
            exact(node, value) if value is not None else auto(node)
        nan = float("nan")
        Y.YGNodeStyleSetMinWidth(node, nan if box.min_width is None else box.min_width)
        Y.YGNodeStyleSetMinHeight(node, nan if box.min_height is None else box.min_height)
        Y.YGNodeStyleSetMaxWidth(node, nan if box.max_width is None else box.max_width)
        Y.YGNodeStyleSetMaxHeight(node, nan if box.max_height is None else box.max_height)
        Y.YGNodeStyleSetFlexGrow(node, box.grow)
        Y.YGNodeStyleSetFlexShrink(node, box.shrink)
        Y.YGNodeStyleSetAlignSelf(node, self.align[box.align_self])

    def set_container(self, node, box):
        Y = self.Y
        Y.YGNodeStyleSetFlexDirection(node, Y.YGFlexDirection.Row if box.direction == "row"
                                      else Y.YGFlexDirection.Column)
        Y.YGNodeStyleSetFlexWrap(node, Y.YGWrap.Wrap if box.wrap else Y.YGWrap.NoWrap)
        Y.YGNodeStyleSetAlignItems(node, self.align[box.align_items])
        Y.YGNodeStyleSetAlignContent(node, Y.YGAlign.FlexStart)
        Y.YGNodeStyleSetJustifyContent(node, self.justify[box.justify])
        for edge, value in zip((Y.YGEdge.Top, Y.YGEdge.Left, Y.YGEdge.Bottom, Y.YGEdge.Right), box.padding):
            Y.YGNodeStyleSetPadding(node, edge, value)

    def build(self, root):
        """Creates the engine's tree; returns (root handle, handles by box id, parents by handle id, handles).

        Spacing: in a stack that does not wrap, every item after the first gets a leading margin of `spacing` on
        the main axis. A wrapping stack becomes two nodes: an outer one with the stack's own item properties, and
        inside it the wrapping container, pulled back by negative leading margins of `spacing` and
        `lineSpacing` and grown by as much, whose every item has those leading margins: lines then break where
        gaps would break them, and every item lands where it would with gaps."""
        Y = self.Y
        handles, parents, keep = {}, {}, []

        def new():
            node = Y.YGNodeNewWithConfig(self.config)
            keep.append(node)
            return node

        def make(box):
            node = new()
            handles[id(box)] = node
            self.set_item(node, box)
            container = node
            main_edge = Y.YGEdge.Left if box.direction == "row" else Y.YGEdge.Top
            cross_edge = Y.YGEdge.Top if box.direction == "row" else Y.YGEdge.Left
            if box.wrap and (box.gap_main or box.gap_cross):
                Y.YGNodeStyleSetFlexDirection(node, Y.YGFlexDirection.Row if box.direction == "row"
                                              else Y.YGFlexDirection.Column)
                Y.YGNodeStyleSetAlignItems(node, Y.YGAlign.Stretch)
                container = new()
                Y.YGNodeStyleSetFlexGrow(container, 1)
                Y.YGNodeStyleSetFlexShrink(container, 1)
                Y.YGNodeStyleSetFlexBasis(container, 0)
                Y.YGNodeStyleSetMargin(container, main_edge, -box.gap_main)
                Y.YGNodeStyleSetMargin(container, cross_edge, -box.gap_cross)
                inner = Box(None, box.path)
                for attribute in ("direction", "wrap", "align_items", "justify"):
                    setattr(inner, attribute, getattr(box, attribute))
                self.set_container(container, inner)
                Y.YGNodeInsertChild(node, container, 0)
                parents[id(container)] = node
            else:
                self.set_container(node, box)
            for index, child in enumerate(box.children):
                child_node = make(child)
                if box.wrap and (box.gap_main or box.gap_cross):
                    Y.YGNodeStyleSetMargin(child_node, main_edge, box.gap_main)
                    Y.YGNodeStyleSetMargin(child_node, cross_edge, box.gap_cross)
                elif index > 0 and box.gap_main:
                    Y.YGNodeStyleSetMargin(child_node, main_edge, box.gap_main)
                Y.YGNodeInsertChild(container, child_node, index)
                parents[id(child_node)] = container
            return node

        root_node = make(root)
        return root_node, handles, parents, keep

    def compute(self, tree):
        Y = self.Y
        Y.YGNodeCalculateLayout(tree[0], Y.YGUndefined, Y.YGUndefined, Y.YGDirection.LTR)

    def restyle(self, tree, box):
        self.set_item(tree[1][id(box)], box)

    def frame(self, tree, box):
        Y = self.Y
        node = tree[1][id(box)]
        x, y = Y.YGNodeLayoutGetLeft(node), Y.YGNodeLayoutGetTop(node)
        w, h = Y.YGNodeLayoutGetWidth(node), Y.YGNodeLayoutGetHeight(node)
        parent = tree[2].get(id(node))
        while parent is not None:
            x, y = x + Y.YGNodeLayoutGetLeft(parent), y + Y.YGNodeLayoutGetTop(parent)
            parent = tree[2].get(id(parent))
        return [x, y, w, h]

    def free(self, tree):
        self.Y.YGNodeFreeRecursive(tree[0])


ENGINES = {"taffy": TaffyEngine, "yoga": YogaEngine}


# ---------------------------------------------------------------------------------------------------------------
# The worker: one engine, one document, in its own process (a hung compute call is killed by the parent).

def emit(record):
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def timed_compute(engine, tree):
    """Nanoseconds of one compute-layout call, with Python's garbage collector held off so it cannot land inside."""
    import gc
    gc.disable()
    start = time.perf_counter_ns()
    engine.compute(tree)
    elapsed = time.perf_counter_ns() - start
    gc.enable()
    return elapsed


def worker(engine_name, path, repeats, relayout_repeats, budget):
    import gc
    engine = ENGINES[engine_name]()
    document = load_document(path)
    root, names = to_boxes(document)
    emit({"event": "elements", "count": count_elements(document)})

    times, tree, spent = [], None, 0.0
    for repeat in range(repeats):
        if tree is not None:
            engine.free(tree)
        tree = engine.build(root)
        emit({"event": "computing"})
        gc.collect()
        elapsed = timed_compute(engine, tree)
        times.append(elapsed)
        if repeat == 0:
            frames = {"root": engine.frame(tree, root)}
            if "changed" in names:
                frames["changed"] = engine.frame(tree, names["changed"])
            emit({"event": "frames", "frames": frames})
        spent += elapsed / 1e9
        if spent > budget:
            break
    emit({"event": "layout", "times": times})

    changed = names.get("changed")
    if changed is None or changed.intrinsic is None:
        return
    original = list(changed.intrinsic)
    times, spent = [], 0.0
    gc.collect()
    for repeat in range(relayout_repeats):
        delta = 1 if repeat % 2 == 0 else 0
        set_leaf_size(changed, [original[0] + delta, original[1] + delta])
        engine.restyle(tree, changed)
        elapsed = timed_compute(engine, tree)
        times.append(elapsed)
        spent += elapsed / 1e9
        if spent > budget:
            break
    emit({"event": "relayout", "times": times})


def run_worker(engine, path, args):
    """Runs one engine on one document in a subprocess. Returns {"layout": ns, "relayout": ns} (best minimum),
    with "timeout" or an error text where a measurement did not finish."""
    command = [sys.executable, os.path.abspath(__file__), "--worker", engine, path,
               "--repeats", str(args.repeats), "--relayout-repeats", str(args.relayout_repeats),
               "--time-limit", str(args.time_limit)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = queue.Queue()

    def read():
        for line in process.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    result = {}
    # Building a tree is not timed, but a compute call that runs past the limit is ended.
    deadline = time.monotonic() + args.time_limit + 120
    while True:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            process.kill()
            process.wait()
            if "layout" not in result:
                result["layout"] = "timeout"     # and re-layout is not measured
            else:
                result.setdefault("relayout", "timeout")
            return result
        if line is None:
            break
        record = json.loads(line)
        if record["event"] == "computing":
            deadline = time.monotonic() + args.time_limit
        elif record["event"] == "layout":
            result["layout"] = min(record["times"])
            result["layout_runs"] = len(record["times"])
            deadline = time.monotonic() + args.time_limit + 120
        elif record["event"] == "relayout":
            result["relayout"] = min(record["times"])
            result["relayout_runs"] = len(record["times"])
        elif record["event"] == "elements":
            result["elements"] = record["count"]
        elif record["event"] == "frames":
            result["frames"] = record["frames"]
    process.wait()
    if process.returncode != 0:
        message = process.stderr.read().strip().splitlines()
        text = "failed: " + (message[-1] if message else f"exit status {process.returncode}")
        result.setdefault("layout", text)
        if not isinstance(result["layout"], str):
            result.setdefault("relayout", text)
    return result


# ---------------------------------------------------------------------------------------------------------------
# Our side.

def ensure_binary(binary):
    if os.path.exists(binary):
        return binary
    if os.path.abspath(binary) != DEFAULT_BINARY:
        sys.exit(f"compare-peers: no binary at {binary}")
    print("compare-peers: building texture-layout (swift build -c release)", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "texture-layout"], cwd=ROOT, check=True)
    return binary


def our_frames(binary, path, args):
    """The root's frame and the changed leaf's frame from `texture-layout layout`, or None."""
    try:
        process = subprocess.run([binary, "layout", path], capture_output=True, text=True,
                                 timeout=args.time_limit + 120)
    except subprocess.TimeoutExpired:
        return None
    if process.returncode != 0:
        return None
    output = json.loads(process.stdout)
    frames = {"root": [0, 0, *output["size"]]}
    if "changed" in output["frames"]:
        frames["changed"] = output["frames"]["changed"]
    return frames


def run_ours(binary, path, args):
    try:
        process = subprocess.run([binary, "bench", path, "--iterations", str(args.iterations)],
                                 capture_output=True, text=True, timeout=args.time_limit * 2 + 120)
    except subprocess.TimeoutExpired:
        return {"layout": "timeout", "relayout": "timeout"}
    if process.returncode != 0:
        text = "failed: " + (process.stderr.strip().splitlines() or [f"exit status {process.returncode}"])[-1]
        return {"layout": text, "relayout": text}
    output = json.loads(process.stdout)
    result = {"elements": output["elements"], "layout": output["layout"]["min"]}
    if "relayout" in output:
        result["relayout"] = output["relayout"]["min"]
    return result


# ---------------------------------------------------------------------------------------------------------------
# The frame check.

CHECK_DOCUMENT = {
    "sizeRange": {"min": [200, 0], "max": [200, "inf"]},
    "root": {"type": "stack", "direction": "vertical", "spacing": 5, "children": [
        {"type": "inset", "name": "inset", "insets": {"top": 4, "left": 6, "bottom": 8, "right": 10},
         "child": {"type": "stack", "name": "row", "direction": "horizontal", "spacing": 8, "alignItems": "center",
                   "children": [
                       {"type": "node", "name": "a", "size": [30, 20]},
                       {"type": "spec", "name": "spacer", "style": {"flexGrow": 1}},
                       {"type": "node", "name": "b", "size": [40, 10]}]}},
        {"type": "stack", "name": "grower", "direction": "horizontal", "spacing": 10, "children": [
            {"type": "node", "name": "c", "size": [50, 30], "style": {"flexGrow": 1}},
            {"type": "node", "name": "d", "size": [20, 10]},
            {"type": "stack", "name": "column", "direction": "vertical", "spacing": 2, "alignItems": "start",
             "children": [{"type": "node", "name": "e", "size": [12, 6]},
                          {"type": "node", "name": "f", "size": [16, 8]}]}]},
        {"type": "stack", "name": "shrinker", "direction": "horizontal", "spacing": 8, "children": [
            {"type": "node", "name": "g", "size": [150, 12], "style": {"flexShrink": 1}},
            {"type": "node", "name": "h", "size": [50, 12], "style": {"flexShrink": 1}}]},
        {"type": "stack", "name": "wrap", "direction": "horizontal", "flexWrap": "wrap", "alignItems": "start",
         "spacing": 4, "lineSpacing": 3, "children": [
             {"type": "node", "name": f"w{i}", "size": [40 + 9 * i, 10 + 5 * (i % 3)]} for i in range(7)]},
    ]},
}


def check_frames(binary):
    """Lays out CHECK_DOCUMENT in all three engines; returns the rows that differ (name, ours, yoga, taffy)."""
    text = json.dumps(CHECK_DOCUMENT)
    process = subprocess.run([binary, "layout", "-"], input=text, capture_output=True, text=True)
    if process.returncode != 0:
        sys.exit(f"compare-peers: `texture-layout layout` failed: {process.stderr.strip()}")
    ours = json.loads(process.stdout)["frames"]
    root, names = to_boxes(CHECK_DOCUMENT)
    peers = {}
    for key, engine_type in ENGINES.items():
        engine = engine_type()
        tree = engine.build(root)
        engine.compute(tree)
        peers[key] = {name: engine.frame(tree, box) for name, box in names.items()}
        engine.free(tree)
    differences = []
    for name in names:
        frames = [ours.get(name), peers["yoga"][name], peers["taffy"][name]]
        if frames[0] is None or any(abs(a - b) > 1e-3 for frame in frames[1:] for a, b in zip(frames[0], frame)):
            differences.append((name, *frames))
    return differences, len(names)


# ---------------------------------------------------------------------------------------------------------------
# The table.

def per_element(value, elements):
    return value / elements if isinstance(value, (int, float)) else None


def cell(value, elements):
    if isinstance(value, (int, float)):
        ns = value / elements
        return f"{ns:,.0f}" if ns >= 100 else f"{ns:,.1f}" if ns >= 10 else f"{ns:,.2f}"
    if value is None:
        return "—"
    return "timeout" if value == "timeout" else "failed"


def ratio(ours, peers, elements):
    ours = per_element(ours, elements)
    best = [per_element(p, elements) for p in peers if per_element(p, elements) is not None]
    if ours is None or not best:
        return "—"
    return f"{ours / min(best):.2f}×"


def print_table(rows, args):
    header = ["document", "elements", "ours full", "Yoga full", "Taffy full", "ours/best full",
              "ours re-layout", "Yoga re-layout", "Taffy re-layout", "ours/best re-layout"]
    body = []
    for name, elements, ours, yoga, taffy in rows:
        body.append([name, f"{elements:,}",
                     cell(ours.get("layout"), elements), cell(yoga.get("layout"), elements),
                     cell(taffy.get("layout"), elements),
                     ratio(ours.get("layout"), [yoga.get("layout"), taffy.get("layout")], elements),
                     cell(ours.get("relayout"), elements), cell(yoga.get("relayout"), elements),
                     cell(taffy.get("relayout"), elements),
                     ratio(ours.get("relayout"), [yoga.get("relayout"), taffy.get("relayout")], elements)])
    widths = [max(len(header[i]), *(len(r[i]) for r in body)) for i in range(len(header))]
    print("ns per element (best minimum over the runs; lower is better)")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(header, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in body:
        print("| " + " | ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in
                                enumerate(zip(r, widths))) + " |")
    print()
    print(f"- ours: `texture-layout bench --iterations {args.iterations}`, minimum over the iterations.")
    import importlib.metadata
    import poga.libpoga_capi
    print(f"- Yoga: the PyPI package `poga` {importlib.metadata.version('poga')}, a binding of Yoga "
          f"{poga.libpoga_capi.poga_yoga_version()} (2.5–3× slower than native Yoga HEAD on this machine), which "
          f"has no gap: spacing is laid out as margins. Taffy: 0.7.7, through the PyPI package `stretchable` "
          f"{importlib.metadata.version('stretchable')}. Each times only its compute-layout call (no rounding), over up to "
          f"{args.repeats} freshly built trees and {args.relayout_repeats} re-layouts, stopping a measurement "
          f"after {args.time_limit:g} s; a single call running past that is reported as timeout, and then "
          f"re-layout is not measured (—).")
    print("- re-layout: the leaf named \"changed\" grows or shrinks by 1 point in both axes, then the same tree is "
          "laid out again.")
    print("- ratio: ours / the faster peer. The machine has 2 noisy cores: a difference within 1.5× is a tie.")


# ---------------------------------------------------------------------------------------------------------------

def ensure_environment():
    """Re-runs this script under .build-peers/venv's Python, creating it and installing the peers if needed."""
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        return
    if not os.path.exists(VENV_PYTHON):
        print(f"compare-peers: creating {os.path.relpath(VENV, ROOT)} with {' '.join(PEER_PACKAGES)}",
              file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    probe = subprocess.run([VENV_PYTHON, "-c", "import importlib.metadata as m, sys; sys.exit("
                            + repr([p.split("==") for p in PEER_PACKAGES])
                            + " != [[n, m.version(n)] for n in ('stretchable', 'poga', 'orjson')])"], capture_output=True)
    if probe.returncode != 0:
        subprocess.run([VENV_PYTHON, "-m", "pip", "install", "--quiet", *PEER_PACKAGES], check=True)
    os.execv(VENV_PYTHON, [VENV_PYTHON, os.path.abspath(__file__), *sys.argv[1:]])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("documents", nargs="*", help="layout documents (default: the four bench documents)")
    parser.add_argument("--binary", default=DEFAULT_BINARY, help="the texture-layout executable")
    parser.add_argument("--iterations", type=int, default=20, help="iterations of `texture-layout bench`")
    parser.add_argument("--repeats", type=int, default=7, help="freshly built trees each peer lays out")
    parser.add_argument("--relayout-repeats", type=int, default=200, help="re-layouts each peer does")
    parser.add_argument("--time-limit", type=float, default=20.0,
                        help="seconds per engine and document for each kind of measurement")
    parser.add_argument("--skip-check", action="store_true", help="skip the frame check")
    parser.add_argument("--skip-pipeline", action="store_true",
                        help="skip the pipeline measurements (reading, whole process, memory, batches)")
    parser.add_argument("--runs", type=int, default=5, help="runs of each whole-process pipeline measurement")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    parser.add_argument("--worker", nargs=2, metavar=("ENGINE", "DOCUMENT"), help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker:
        worker(args.worker[0], args.worker[1], args.repeats, args.relayout_repeats, args.time_limit)
        return
    ensure_environment()
    binary = ensure_binary(args.binary)

    if not args.skip_check:
        differences, count = check_frames(binary)
        if differences:
            print("compare-peers: the engines disagree on the check document's frames [x, y, w, h]:",
                  file=sys.stderr)
            for name, ours, yoga, taffy in differences:
                print(f"  {name}: ours {ours}, Yoga {yoga}, Taffy {taffy}", file=sys.stderr)
            sys.exit(1)
        print(f"frame check: ours, Yoga and Taffy agree on all {count} frames of the check document",
              file=sys.stderr)

    rows, results, disagreements = [], {}, []
    for path in args.documents or DEFAULT_DOCUMENTS:
        name = os.path.splitext(os.path.basename(path))[0]
        try:
            document = load_document(path)
            to_boxes(document)
        except Unsupported as error:
            sys.exit(f"compare-peers: {path}: {error}")
        elements = count_elements(document)
        print(f"{name}: ours", file=sys.stderr)
        ours = run_ours(binary, path, args)
        print(f"{name}: Yoga", file=sys.stderr)
        yoga = run_worker("yoga", path, args)
        print(f"{name}: Taffy", file=sys.stderr)
        taffy = run_worker("taffy", path, args)
        for engine, result in (("ours", ours), ("Yoga", yoga), ("Taffy", taffy)):
            counted = result.get("elements")
            if counted is not None and counted != elements:
                print(f"compare-peers: {name}: {engine} counts {counted} elements, the document has {elements}",
                      file=sys.stderr)
            for kind in ("layout", "relayout"):
                if isinstance(result.get(kind), str) and result[kind] != "timeout":
                    print(f"compare-peers: {name}: {engine} {kind}: {result[kind]}", file=sys.stderr)
        ours["frames"] = our_frames(binary, path, args)
        for engine, result in (("Yoga", yoga), ("Taffy", taffy)):
            theirs = result.get("frames")
            if ours["frames"] is None or theirs is None:
                continue
            for key, frame in ours["frames"].items():
                other = theirs.get(key)
                if other is None or any(abs(a - b) > 0.5 for a, b in zip(frame, other)):
                    disagreements.append(f"{name}: {engine} lays out {key} at {other}, ours at {frame}")
        rows.append((name, elements, ours, yoga, taffy))
        results[name] = {"elements": elements, "ours": ours, "yoga": yoga, "taffy": taffy}
    print()
    print_table(rows, args)
    if disagreements:
        print("- frames that differ (root size and the changed leaf, to the half point):")
        for line in disagreements:
            print(f"  - {line}")
    else:
        print("- every engine that finished gives the same root size and changed-leaf frame as ours "
              "(to the half point, our pixel grid).")
    pipeline = load_pipeline()
    summary = [] if args.skip_pipeline else pipeline.rows(pipeline_results := pipeline.measure(binary, args.runs))
    summary += target_rows(rows)
    print()
    print("Every target in one table:")
    print()
    pipeline.print_table(summary)
    if not args.skip_pipeline:
        print()
        print("\n".join(pipeline.notes(pipeline_results)))
        results["pipeline"] = pipeline_results
    print("- full layout and re-layout: ns per element from the table above, ours / the faster peer.")
    if args.json:
        with open(args.json, "w") as file:
            json.dump(results, file, indent=2)


def load_pipeline():
    """Scripts/measure-pipeline.py as a module."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("measure_pipeline",
                                                  os.path.join(ROOT, "Scripts", "measure-pipeline.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def target_rows(rows):
    """The summary rows of the peers' comparison: full layout of every document and re-layout of feed and grid
    against the faster peer, at most 0.25× each."""
    table = []
    for kind, label, names in (("layout", "full layout", None), ("relayout", "re-layout", ("feed", "grid"))):
        for name, elements, ours, yoga, taffy in rows:
            if names is not None and name not in names:
                continue
            peers = [yoga.get(kind), taffy.get(kind)]
            value = ratio(ours.get(kind), peers, elements)
            table.append((f"{label}, {name} ({elements:,} elements), ns/element", cell(ours.get(kind), elements),
                          f"Yoga {cell(yoga.get(kind), elements)}, Taffy {cell(taffy.get(kind), elements)}",
                          None if value == "—" else float(value.rstrip("×")), "≤ 0.25", "max"))
    return table


def run_main(outcome):
    try:
        main()
    except SystemExit as exit:
        outcome.append(exit.code)
    except BaseException:
        import traceback
        traceback.print_exc()
        outcome.append(1)


if __name__ == "__main__":
    # main runs on a thread with a large stack, so that deep documents can be read and built recursively.
    sys.setrecursionlimit(RECURSION_LIMIT)
    threading.stack_size(THREAD_STACK)
    outcome = []
    thread = threading.Thread(target=run_main, args=(outcome,))
    thread.start()
    thread.join()
    sys.exit(outcome[0] if outcome else 0)
