// The page's address of widgets/address.py: the query parameters in the model's `params` are set in the
// address bar (null takes one out) with history.replaceState, so a reload opens what the page shows.

function apply(params) {
  const url = new URL(window.location.href);
  for (const [name, value] of Object.entries(params || {})) {
    if (value === null || value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, String(value));
  }
  if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url.href);
}

function render({ model }) {
  // only the page's own app writes its address (widgets/address.py: PageAddress.owns)
  const update = () => { if (model.get("owns")) apply(model.get("params")); };
  update();
  model.on("change:params", update);
  model.on("change:owns", update);
  return () => { model.off("change:params", update); model.off("change:owns", update); };
}

export default { render };
