// While a run is in progress, the ingestion page fetches itself every few seconds and swaps in the parts
// marked data-live (each source's status and the recent runs), leaving the forms alone; it stops once no run
// is in progress, when the session has ended, and whenever the person pauses it.
(function () {
  "use strict";
  const EVERY_MS = 5000;
  const bar = document.querySelector(".refresh");
  const status = document.getElementById("refresh-status");
  const toggle = document.getElementById("refresh-toggle");
  if (!bar || !status || !toggle || !document.querySelector("[data-running]")) {
    return;
  }
  let paused = false;
  let timer = null;

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(refresh, EVERY_MS);
  }

  // keeps a keyboard or screen-reader user where they were when the part around them is swapped: the same
  // control (by id, or a link by its address) in the fresh part takes the focus back
  function refocus(part, focused) {
    if (!focused) {
      return;
    }
    let again = null;
    if (focused.id) {
      again = part.querySelector("#" + CSS.escape(focused.id));
    } else if (focused.getAttribute("href")) {
      again = Array.from(part.querySelectorAll("a[href]")).find(function (link) {
        return link.getAttribute("href") === focused.getAttribute("href");
      });
    }
    if (again) {
      again.focus({ preventScroll: true });
    }
  }

  function refresh() {
    if (paused) {
      return;
    }
    fetch(window.location.href, { headers: { Accept: "text/html" }, redirect: "error" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (html === null) {
          status.textContent = "Updates stopped: reload the page.";
          return;
        }
        const next = new DOMParser().parseFromString(html, "text/html");
        document.querySelectorAll("[data-live]").forEach(function (part) {
          const fresh = next.getElementById(part.id);
          if (fresh) {
            const focused = part.contains(document.activeElement) ? document.activeElement : null;
            part.replaceChildren.apply(part, Array.from(fresh.childNodes));
            refocus(part, focused);
          }
        });
        if (document.querySelector("[data-running]")) {
          schedule();
        } else {
          status.textContent = "The run has finished.";
          toggle.hidden = true;
        }
      })
      .catch(function () {
        status.textContent = "Updates stopped: reload the page.";
      });
  }

  toggle.addEventListener("click", function () {
    paused = !paused;
    toggle.textContent = paused ? "Resume updates" : "Pause updates";
    status.textContent = paused ? "Updates paused." : "Updating every few seconds while a run is in progress.";
    if (!paused) {
      refresh();
    }
  });
  status.textContent = "Updating every few seconds while a run is in progress.";
  bar.hidden = false;
  schedule();
})();
