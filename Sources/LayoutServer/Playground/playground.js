// The playground: sends the document in the editor to POST /render a moment after the last keystroke, and shows the
// picture or the error line. The picture is inline SVG: the document's paint, the outlines of the debug picture
// when "outlines" is on (debug=1), and over everything one invisible rectangle per named element, in drawing order,
// with data-name and data-frame (data=1); the rectangle under the pointer (the last drawn wins) is outlined and its
// frame written below, whether its element is painted or not.
"use strict";

const editor = document.getElementById("document");
const picture = document.getElementById("picture");
const errorBox = document.getElementById("error");
const hover = document.getElementById("hover");
const examples = document.getElementById("example");
const width = document.getElementById("width");
const widthValue = document.getElementById("width-value");
const widthReset = document.getElementById("width-reset");
const scale = document.getElementById("scale");
const direction = document.getElementById("direction");
const share = document.getElementById("share");
const outlines = document.getElementById("outlines");

/** The width override in points, or null to keep the document's size range. */
let widthOverride = null;
let timer = null;
/** Numbers the requests, so that an answer to an older edit never replaces a newer one. */
let generation = 0;

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(update, 250);
}

async function update() {
  const mine = ++generation;
  const query = new URLSearchParams({ format: "svg", data: "1" });
  if (outlines.checked) query.set("debug", "1");
  if (widthOverride !== null) query.set("width", String(widthOverride));
  if (scale.value) query.set("scale", scale.value);
  if (direction.value) query.set("direction", direction.value);
  let status;
  let text;
  try {
    const response = await fetch("/render?" + query, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: editor.value,
    });
    status = response.status;
    text = await response.text();
  } catch (failure) {
    if (mine === generation) showError("cannot reach the server: " + failure.message);
    return;
  }
  if (mine !== generation) return;
  if (status === 200) {
    picture.innerHTML = text;
    picture.classList.remove("stale");
    errorBox.hidden = true;
    errorBox.textContent = "";
    const svg = picture.querySelector("svg");
    if (svg && widthOverride === null) {
      width.value = svg.getAttribute("width");
      widthValue.textContent = "document";
    }
    share.href = location.origin + "/?doc=" + encodeURIComponent(editor.value) + (outlines.checked ? "" : "&outlines=0");
  } else {
    let message = text;
    try { message = JSON.parse(text).error; } catch (ignored) { /* not our JSON: show it as it is */ }
    showError(message);
  }
}

/** Shows the error line (it starts with the JSON path of the problem); the last good picture stays, faded. */
function showError(message) {
  errorBox.textContent = message;
  errorBox.hidden = false;
  picture.classList.add("stale");
}

picture.addEventListener("mousemove", (event) => {
  const hit = document.elementsFromPoint(event.clientX, event.clientY)
    .find((element) => element.dataset && element.dataset.name !== undefined);
  for (const element of picture.querySelectorAll(".hovered")) element.classList.remove("hovered");
  if (!hit) {
    hover.textContent = "Point at an element to see its frame.";
    return;
  }
  hit.classList.add("hovered");
  const [x, y, w, h] = hit.dataset.frame.split(" ");
  hover.textContent = `${hit.dataset.name}: x ${x}, y ${y}, width ${w}, height ${h}`;
});

picture.addEventListener("mouseleave", () => {
  for (const element of picture.querySelectorAll(".hovered")) element.classList.remove("hovered");
});

editor.addEventListener("input", schedule);
scale.addEventListener("change", update);
outlines.addEventListener("change", update);
direction.addEventListener("change", update);
width.addEventListener("input", () => {
  widthOverride = Number(width.value);
  widthValue.textContent = width.value + " pt";
  schedule();
});
widthReset.addEventListener("click", () => {
  widthOverride = null;
  widthValue.textContent = "document";
  update();
});

async function loadExample(name) {
  const response = await fetch("/examples/" + encodeURIComponent(name) + ".json");
  if (!response.ok) return;
  editor.value = await response.text();
  examples.value = name;
  update();
}

examples.addEventListener("change", () => {
  if (examples.value) loadExample(examples.value);
});

async function start() {
  const names = await fetch("/examples.json").then((response) => response.json()).catch(() => []);
  for (const name of names) {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = name;
    examples.append(option);
  }
  const parameters = new URLSearchParams(location.search);
  if (parameters.get("outlines") === "0") outlines.checked = false;
  const shared = parameters.get("doc");
  if (shared !== null) {
    editor.value = shared;
    update();
  } else if (names.length > 0) {
    loadExample(names.includes("stack") ? "stack" : names[0]);
  } else {
    editor.value = JSON.stringify({ root: { type: "node", name: "box", size: [100, 60], color: "#8ecae6" } }, null, 2);
    update();
  }
}

start();
