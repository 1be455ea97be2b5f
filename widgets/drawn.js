// The drawn board of widgets/drawn.py: regions (seats, the middle, piles) holding the engine's SVG
// pictures as buttons. Python decides everything; this module draws, keeps keyboard focus in place
// across redraws, and sends {event: "press", key} when a picture is clicked or Enter/Space is pressed.

function el(tag, attrs, children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children || []) node.appendChild(child);
  return node;
}

function picture(svg) {
  // The engine's SVG names itself (role="img", aria-label, <title>); inside a button that names itself
  // the picture is hidden from screen readers so the name is not read twice.
  const holder = el("span", { class: "pkt-drawn-picture", "aria-hidden": "true" });
  holder.innerHTML = svg;
  const inner = holder.querySelector("svg");
  if (inner) {
    inner.removeAttribute("width");
    inner.removeAttribute("height");
    inner.setAttribute("focusable", "false");
  }
  return holder;
}

function itemNode(item, send) {
  const name = item.why ? `${item.label}. ${item.why}` : item.label;
  const classes = `pkt-drawn-item pkt-size-${item.size} pkt-state-${item.state}`;
  let node;
  if (item.pressable) {
    node = el("button", {
      type: "button",
      class: classes,
      "aria-label": name,
      "aria-disabled": item.state === "illegal" ? "true" : false,
      "aria-pressed": item.state === "chosen" ? "true" : false,
      "data-key": item.key,
      title: name,
    });
    node.addEventListener("click", (event) => {
      event.preventDefault();
      send(item.key);
    });
  } else {
    node = el("span", {
      class: classes, role: "img", "aria-label": name, tabindex: "0", "data-key": item.key, title: name,
    });
  }
  node.appendChild(picture(item.svg));
  if (item.state === "holds" || item.state === "breaks" || item.state === "chosen") {
    node.appendChild(el("span", { class: "pkt-drawn-mark", "aria-hidden": "true", text: item.state === "breaks" ? "\u2717" : "\u2713" }));
  }
  if (item.caption) node.appendChild(el("span", { class: "pkt-drawn-caption", "aria-hidden": "true", text: item.caption }));
  return node;
}

// A region's detail: a disclosure. ``open`` maps the regions whose detail the learner opened to the words it
// held: a redraw keeps it open until the words change (a bot's new reason starts closed).
function detailNode(region, open) {
  const details = el("details", { class: "pkt-drawn-detail", "data-detail": region.key }, [
    el("summary", { class: "pkt-drawn-summary", text: region.detail_summary || region.detail }),
    el("div", { class: "pkt-drawn-detail-text", text: region.detail }),
  ]);
  if (open.get(region.key) === region.detail) details.open = true;
  details.addEventListener("toggle", () => {
    if (details.open) open.set(region.key, region.detail); else open.delete(region.key);
  });
  return details;
}

function render({ model, el: root }) {
  root.classList.add("pkt-drawn");
  const status = el("div", { class: "pkt-drawn-status", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const table = el("div", { class: "pkt-drawn-table", role: "group" });
  root.replaceChildren(table, status);

  const send = (key) => model.send({ event: "press", key });
  const opened = new Map();

  function draw() {
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusKey = active && active.dataset ? active.dataset.key : null;
    const focusRegion = active ? active.closest("[data-region]")?.dataset.region : null;
    const regions = model.get("regions") || [];
    const items = model.get("items") || [];
    const title = model.get("title");
    if (title) table.setAttribute("aria-label", title); else table.removeAttribute("aria-label");
    table.style.setProperty("--pkt-scale", String(model.get("scale") || 1));
    const areas = model.get("areas");
    table.style.gridTemplateAreas = areas || "";
    table.style.gridTemplateColumns = model.get("columns") || "";
    table.classList.toggle("pkt-drawn-flow", !areas);
    const nodes = [];
    for (const region of regions) {
      const label = region.note ? `${region.title}: ${region.note}` : region.title;
      const heading = el("div", { class: "pkt-drawn-heading" }, [
        el("span", { class: "pkt-drawn-title", text: region.title }),
      ]);
      if (region.note) heading.appendChild(el("span", { class: "pkt-drawn-note", text: region.note }));
      const row = el("div", { class: "pkt-drawn-row" });
      for (const item of items) if (item.region === region.key) row.appendChild(itemNode(item, send));
      const parts = [heading];
      if (region.detail) parts.push(detailNode(region, opened));
      parts.push(row);
      const section = el("section", {
        class: `pkt-drawn-region pkt-kind-${region.kind}${region.current ? " pkt-current" : ""}`,
        "aria-label": label,
        "data-region": region.key,
      }, parts);
      if (region.area) section.style.gridArea = region.area;
      nodes.push(section);
    }
    table.replaceChildren(...nodes);
    if (active) {
      let target = focusKey ? table.querySelector(`[data-key="${CSS.escape(focusKey)}"]`) : null;
      if (!target && active.classList.contains("pkt-drawn-summary") && focusRegion) {
        target = table.querySelector(`[data-detail="${CSS.escape(focusRegion)}"] > summary`);
      }
      if (!target && focusRegion) {
        target = table.querySelector(`[data-region="${CSS.escape(focusRegion)}"] button:not([aria-disabled])`);
      }
      if (!target) target = table.querySelector("button:not([aria-disabled])") || table.querySelector("[data-key]");
      if (target) target.focus({ preventScroll: true });
    }
  }

  function narrow() {
    const limit = model.get("narrow_below") || 0;
    root.classList.toggle("pkt-drawn-narrow", root.clientWidth > 0 && root.clientWidth < limit);
  }

  function say() {
    // A live region announces a change of its text: clear it first so the same sentence is read again.
    status.textContent = "";
    const text = model.get("status");
    const label = model.get("status_label");
    if (label) status.setAttribute("aria-label", label); else status.removeAttribute("aria-label");
    window.setTimeout(() => { status.textContent = text; }, 30);
  }

  model.on("change:regions", draw);
  model.on("change:items", draw);
  model.on("change:areas", draw);
  model.on("change:columns", draw);
  model.on("change:title", draw);
  model.on("change:scale", draw);
  model.on("change:status_count", say);
  model.on("change:narrow_below", narrow);
  model.on("msg:custom", (msg) => {
    // focus_item(key) from Python: the focus to that picture (the items are drawn before this arrives)
    if (msg && msg.event === "focus" && typeof msg.key === "string") {
      const target = table.querySelector(`[data-key="${CSS.escape(msg.key)}"]`);
      if (target) target.focus();
    }
  });
  draw();
  status.textContent = model.get("status") || "";
  let observer = null;
  if (typeof ResizeObserver !== "undefined") {
    observer = new ResizeObserver(narrow);
    observer.observe(root);
  }
  narrow();
  return () => { if (observer) observer.disconnect(); };
}

export default { render };
