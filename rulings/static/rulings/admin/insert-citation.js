/* Rulings admin: insert a retrieved-but-uncited passage as a new citation row.
 *
 * Adds a row to the citations inline through Wagtail's own "Add citation" button and fills
 * it in: the next free number, the passage (in its chooser), its document, page and
 * heading. Nothing is saved here: the editor writes the [n] marker and a correction, then
 * saves the whole form, which is where the correction rule is checked.
 */
(function () {
  'use strict';

  function liveNumberInputs(prefix) {
    var forms = document.getElementById('id_' + prefix + '-FORMS');
    if (!forms) return [];
    return Array.prototype.filter
      .call(forms.children, function (child) {
        var deleted = child.querySelector('input[name$="-DELETE"]');
        return !(deleted && deleted.value === '1') && !child.classList.contains('deleted');
      })
      .map(function (child) {
        return child.querySelector('input[name$="-n"]');
      })
      .filter(Boolean);
  }

  function nextFreeNumber(prefix) {
    var highest = 0;
    liveNumberInputs(prefix).forEach(function (input) {
      var n = parseInt(input.value, 10);
      if (!isNaN(n) && n > highest) highest = n;
    });
    return highest + 1;
  }

  // A chooser widget keeps its title and edit link under keys of its own (snippet
  // choosers use "string" for the title); ask the widget rather than assume.
  function choose(id, value, title, editUrl) {
    var chooser = document.getElementById(id + '-chooser');
    var widget = chooser && chooser.widget;
    if (!widget) {
      setValue(id, value);
      return;
    }
    var state = { id: value };
    state[widget.titleStateKey || 'title'] = title;
    state[widget.editUrlStateKey || 'edit_url'] = editUrl;
    widget.setState(state);
  }

  function setValue(id, value) {
    var input = document.getElementById(id);
    if (!input) return;
    input.value = value;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }

  // The number of the live row that already cites `passageId`, or null.
  function citedAs(prefix, passageId) {
    var found = null;
    liveNumberInputs(prefix).forEach(function (input) {
      var passage = document.getElementById(input.id.replace(/-n$/, '-passage'));
      if (passage && passage.value === passageId) found = input.value;
    });
    return found;
  }

  function relabel(container, prefix) {
    var n = nextFreeNumber(prefix);
    container.querySelectorAll('[data-insert-citation]').forEach(function (button) {
      var cited = citedAs(prefix, button.dataset.passageId);
      button.disabled = cited !== null;
      var template = cited !== null ? button.dataset.insertedTemplate : button.dataset.labelTemplate;
      button.textContent = template.replace('[N]', '[' + (cited !== null ? cited : n) + ']');
    });
  }

  function insert(button, container, prefix) {
    var forms = document.getElementById('id_' + prefix + '-FORMS');
    var add = document.getElementById('id_' + prefix + '-ADD');
    if (!forms || !add) return;
    var n = nextFreeNumber(prefix);
    forms.addEventListener(
      'w-formset:added',
      function (event) {
        var id = 'id_' + prefix + '-' + event.detail.formIndex + '-';
        var data = button.dataset;
        setValue(id + 'n', n);
        choose(id + 'passage', data.passageId, data.passageTitle, data.passageEditUrl);
        choose(id + 'document', data.documentId, data.documentTitle, data.documentEditUrl);
        setValue(id + 'page', data.page);
        setValue(id + 'heading_path', data.headingPath);
        relabel(container, prefix);
      },
      { once: true },
    );
    add.click();
  }

  function relabelAll() {
    document.querySelectorAll('[data-formset-prefix]').forEach(function (container) {
      relabel(container, container.dataset.formsetPrefix);
    });
  }

  // Numbers typed, rows removed by hand, or rows kept from a refused save (the form
  // comes back with them) change which number is free next.
  ['input', 'change', 'w-formset:removed'].forEach(function (type) {
    document.addEventListener(type, relabelAll);
  });
  document.addEventListener('DOMContentLoaded', relabelAll);

  document.addEventListener('click', function (event) {
    var button = event.target.closest('[data-insert-citation]');
    if (!button) return;
    var container = button.closest('[data-formset-prefix]');
    insert(button, container, container.dataset.formsetPrefix);
  });
})();
