// The scenario file chooser of widgets/file_input.py: a real <input type="file"> named by its <label>.
// A file over the limit is refused here, before a byte of it is read or sent; a file within it is read
// and sent to the kernel as {event: "file", name, size} with its bytes as the message's one buffer.

let counter = 0;

function shortName(name) {
  // messages quote at most 80 characters of an input (pokerkit_teach.core.limits.QUOTE_CHARS)
  return name.length <= 80 ? name : name.slice(0, 79) + "\u2026";
}

function render({ model, el: root }) {
  counter += 1;
  const id = `pkt-file-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  root.classList.add("pkt-file");
  root.dataset.state = "idle";
  root.dataset.received = String(model.get("received"));

  const control = document.createElement("span");
  control.className = "pkt-file-control";
  const label = document.createElement("label");
  label.className = "pkt-file-label jupyter-widgets jupyter-button widget-button";
  label.htmlFor = id;
  const icon = document.createElement("i");
  icon.className = "fa fa-folder-open";
  icon.setAttribute("aria-hidden", "true");
  const words = document.createElement("span");
  label.append(icon, words);
  const input = document.createElement("input");
  input.type = "file";
  input.id = id;
  const notice = document.createElement("p");
  notice.className = "pkt-file-message";
  notice.id = `${id}-message`;
  notice.setAttribute("role", "alert");
  input.setAttribute("aria-describedby", notice.id);
  control.append(label, input);
  root.replaceChildren(control, notice);

  function showWords() {
    words.textContent = model.get("description") || "";
    const tip = model.get("tooltip") || "";
    if (tip) { label.title = tip; input.title = tip; } else { label.removeAttribute("title"); input.removeAttribute("title"); }
    input.accept = model.get("accept") || "";
  }

  function say(text) {
    // an alert region announces a change of its text: empty it first so that the same text is read again
    notice.textContent = "";
    window.setTimeout(() => { notice.textContent = text; }, 30);
  }

  function size(bytes) {
    const format = new Intl.NumberFormat(model.get("lang") || "en", model.get("number_format") || {});
    return format.format(bytes / (1024 * 1024));
  }

  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    if (file.size > model.get("max_bytes")) {
      input.value = "";  // nothing is read or sent; the same file may be chosen again
      root.dataset.state = "refused";
      say((model.get("too_large") || "").replace("{file}", shortName(file.name)).replace("{size}", size(file.size)));
      return;
    }
    notice.textContent = "";
    root.dataset.state = "reading";
    try {
      const content = await file.arrayBuffer();
      model.send({ event: "file", name: shortName(file.name), size: file.size }, undefined, [content]);
      root.dataset.state = "sent";
    } catch (error) {
      root.dataset.state = "refused";
      say(String(error && error.message ? error.message : error));
    } finally {
      input.value = "";
    }
  });

  model.on("change:description", showWords);
  model.on("change:tooltip", showWords);
  model.on("change:accept", showWords);
  model.on("change:notice_count", () => say(model.get("notice") || ""));
  model.on("change:received", () => {
    root.dataset.received = String(model.get("received"));
    if (root.dataset.state === "sent") root.dataset.state = "idle";
  });
  showWords();
}

export default { render };
