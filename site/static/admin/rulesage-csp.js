// Style elements the admin's own scripts create get the page's CSP nonce.
//
// The policy allows no inline style without the nonce. Draftail (the rich-text editor)
// writes <style> elements from script: list numbering and the empty-block placeholder,
// whose text holds a random block key, so no fixed hash can allow them. This file runs
// first in the admin's <head> (rulesage/csp.py puts it there with the nonce beside it) and
// gives the nonce to every <style> element created by a script. Only scripts the policy
// allows can run, and <style> elements in markup (content included) are never given it.
(() => {
  const meta = document.querySelector('meta[name="rulesage-csp-nonce"]');
  const nonce = meta && meta.content;
  if (!nonce) return;
  meta.remove();
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function createElementWithNonce(name, options) {
    const element = createElement.call(this, name, options);
    if (String(name).toLowerCase() === 'style') {
      element.setAttribute('nonce', nonce);
    }
    return element;
  };
})();
