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
  apply(model.get("params"));
  model.on("change:params", () => apply(model.get("params")));
}

export default { render };
