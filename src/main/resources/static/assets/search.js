// Suggestions under the search box as one types: links to the tables, schemas and users that match,
// reached with the down arrow, left with Escape.
(function () {
  "use strict";
  const box = document.getElementById("search-box");
  const list = document.getElementById("search-suggestions");
  if (!box || !list) {
    return;
  }
  let timer = null;
  let asked = 0;

  function clear() {
    list.replaceChildren();
  }

  function show(suggestions) {
    clear();
    if (suggestions.length === 0) {
      return;
    }
    const count = document.createElement("p");
    count.className = "visually-hidden";
    count.textContent = suggestions.length + (suggestions.length === 1 ? " suggestion" : " suggestions");
    const items = document.createElement("ul");
    suggestions.forEach(function (suggestion) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = suggestion.url;
      link.textContent = suggestion.name;
      const kind = document.createElement("span");
      kind.className = "kind";
      kind.textContent = suggestion.kind;
      link.append(" ", kind);
      item.append(link);
      items.append(item);
    });
    list.append(count, items);
  }

  function suggest() {
    const text = box.value.trim();
    const ask = ++asked;
    if (text.length < 2) {
      clear();
      return;
    }
    fetch(box.dataset.suggest + "?q=" + encodeURIComponent(text), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : []; })
      .then(function (suggestions) {
        if (ask === asked) {
          show(suggestions);
        }
      })
      .catch(clear);
  }

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(suggest, 150);
  });
  box.addEventListener("keydown", function (event) {
    const first = list.querySelector("a");
    if (event.key === "ArrowDown" && first) {
      event.preventDefault();
      first.focus();
    } else if (event.key === "Escape") {
      clear();
    }
  });
  list.addEventListener("keydown", function (event) {
    const links = Array.from(list.querySelectorAll("a"));
    const at = links.indexOf(document.activeElement);
    if (event.key === "ArrowDown" && at < links.length - 1) {
      event.preventDefault();
      links[at + 1].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      (at > 0 ? links[at - 1] : box).focus();
    } else if (event.key === "Escape") {
      box.focus();
      clear();
    }
  });
})();
