// A "Copy the SQL" button copies the text of the element its data-copy names and says so in the status
// beside it; where the clipboard is refused, it selects the text for the person to copy.
(function () {
  "use strict";
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    const source = document.getElementById(button.dataset.copy);
    const status = button.nextElementSibling;
    if (!source) {
      return;
    }
    function say(text) {
      if (status) {
        status.textContent = text;
      }
    }
    function select() {
      const range = document.createRange();
      range.selectNodeContents(source);
      const selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      say("Selected: press Ctrl+C or Cmd+C to copy.");
    }
    button.addEventListener("click", function () {
      if (!navigator.clipboard) {
        select();
        return;
      }
      navigator.clipboard.writeText(source.textContent).then(function () {
        say("Copied.");
      }, select);
    });
  });
})();
