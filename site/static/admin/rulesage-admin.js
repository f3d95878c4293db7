// Once an edit form is submitted (save, publish, submit for review, a workflow action),
// its autosave stops: an autosave racing the submission is answered with a conflict, as
// the submission has already made a newer revision. Nothing is left for it to save.
(function () {
  function stopAutosave(form) {
    if (form && form.matches("[data-controller~='w-autosave']")) {
      form.setAttribute("data-w-autosave-active-value", "false");
    }
  }
  document.addEventListener("submit", (event) => stopAutosave(event.target), true);
  document.addEventListener(
    "click",
    (event) => {
      const button = event.target.closest("button[type='submit'], button[data-workflow-action-name]");
      if (button && button.form) {
        stopAutosave(button.form);
      }
    },
    true,
  );
})();
